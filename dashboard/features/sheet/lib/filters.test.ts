import { describe, expect, it } from 'vitest';
import type { Mapping } from '@shared/schemas/sheet';
import { difficultyOptions, hasSheetFilters, matchesFilters, NO_FILTERS, platformOptions, readSheetFilters, writeSheetFilters } from './filters';

const m = (id: string, title: string, difficulty: string, platform: string): Mapping => ({
  _id: `m-${id}`,
  topic: 'T',
  subTopic: '',
  title,
  resource: null,
  questionId: { _id: id, name: title, problemUrl: `https://x/${id}`, platform, difficulty, topics: [] },
});

describe('sheet filters in the URL', () => {
  it('reads back what it writes, and keeps the address’s other parameters', () => {
    const f = { search: 'sum', unsolved: true, starred: true, difficulty: ['Easy', 'Hard'], platform: ['leetcode'] };
    const written = writeSheetFilters(new URLSearchParams('tab=sheet&slug=blind-75&search=old&difficulty=Medium'), f);
    const params = new URLSearchParams(written);
    expect(params.get('tab')).toBe('sheet');
    expect(params.get('slug')).toBe('blind-75');
    expect(readSheetFilters(params)).toEqual(f);
    expect(writeSheetFilters(new URLSearchParams('tab=sheet&slug=s&unsolved=true'), NO_FILTERS)).toBe('tab=sheet&slug=s');
  });

  it('ignores junk: other values of the toggles, blank and repeated list values', () => {
    const f = readSheetFilters(new URLSearchParams('unsolved=1&starred=yes&difficulty=&difficulty=Easy&difficulty=Easy&platform=%20'));
    expect(f).toEqual({ ...NO_FILTERS, difficulty: ['Easy'] });
    expect(hasSheetFilters(f)).toBe(true);
    expect(hasSheetFilters(readSheetFilters(new URLSearchParams('search=%20%20')))).toBe(false);
  });
});

describe('matching', () => {
  const two = m('1', 'Two Sum', 'Easy', 'leetcode');
  const theatre = m('2', 'Theatre Square', '1000', 'codeforces');
  const trap = m('3', 'Trapping Rain Water', 'Hard', 'leetcode');
  const progress = { solved: new Set(['1']), starred: new Set(['1', '3']) };
  const pick = (f: Partial<typeof NO_FILTERS>) => [two, theatre, trap].filter((x) => matchesFilters(x, { ...NO_FILTERS, ...f }, progress)).map((x) => x.title);

  it('combines the filters, and values of one filter widen it', () => {
    expect(pick({})).toEqual(['Two Sum', 'Theatre Square', 'Trapping Rain Water']);
    expect(pick({ platform: ['leetcode'] })).toEqual(['Two Sum', 'Trapping Rain Water']);
    expect(pick({ platform: ['leetcode'], unsolved: true })).toEqual(['Trapping Rain Water']);
    expect(pick({ starred: true, difficulty: ['Easy', '1000'] })).toEqual(['Two Sum']);
    expect(pick({ search: 'T', difficulty: ['Hard', '1000'] })).toEqual(['Theatre Square', 'Trapping Rain Water']);
    expect(pick({ starred: true, platform: ['codeforces'] })).toEqual([]);
  });

  it('offers the difficulties and judges the sheet has, the spec’s difficulties first and ratings in order', () => {
    const list = [m('a', 'a', '1200', 'codeforces'), m('b', 'b', 'N/A', 'spoj'), m('c', 'c', 'Basic', 'geeksforgeeks'), m('d', 'd', '800', 'codeforces'), m('e', 'e', 'Easy', 'leetcode')];
    expect(difficultyOptions(list, [])).toEqual(['Easy', 'N/A', 'Basic', '800', '1200']);
    expect(difficultyOptions(list, ['Hard'])).toEqual(['Easy', 'Hard', 'N/A', 'Basic', '800', '1200']);
    expect(platformOptions(list, [])).toEqual(['codeforces', 'geeksforgeeks', 'leetcode', 'spoj']);
  });
});
