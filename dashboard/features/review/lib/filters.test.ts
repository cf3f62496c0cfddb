import { describe, expect, it } from 'vitest';
import { dueQueryOf, hasReviewFilters, NO_FILTERS, readReviewFilters, writeReviewFilters } from './filters';

describe('review filters in the URL', () => {
  it('reads one value per filter and ignores blanks', () => {
    const f = readReviewFilters(new URLSearchParams('tab=review&platform=leetcode&difficulty=Easy&topic=%20&sheet='));
    expect(f).toEqual({ sheet: null, platform: 'leetcode', topic: null, difficulty: 'Easy' });
    expect(hasReviewFilters(f)).toBe(true);
    expect(hasReviewFilters(NO_FILTERS)).toBe(false);
  });

  it('writes only the filters set, after tab=review, and reads them back', () => {
    expect(writeReviewFilters(NO_FILTERS)).toBe('tab=review');
    const f = { sheet: 'a1b2', platform: null, topic: 'Dynamic Programming', difficulty: null };
    const written = writeReviewFilters(f);
    expect(written).toBe('tab=review&sheet=a1b2&topic=Dynamic+Programming');
    expect(readReviewFilters(new URLSearchParams(written))).toEqual(f);
  });

  it('makes the API query with the time zone and the filters set', () => {
    expect(dueQueryOf('Asia/Kolkata', NO_FILTERS)).toEqual({ tz: 'Asia/Kolkata' });
    expect(dueQueryOf('UTC', { sheet: 's', platform: 'codeforces', topic: null, difficulty: 'Hard' })).toEqual({ tz: 'UTC', sheet: 's', platform: 'codeforces', difficulty: 'Hard' });
  });

  it('keeps overlong values out of the query', () => {
    expect(readReviewFilters(new URLSearchParams(`sheet=${'x'.repeat(100)}`)).sheet).toHaveLength(64);
  });
});
