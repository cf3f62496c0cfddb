import { describe, expect, it } from 'vitest';
import { difficultyEntries, difficultyLabel, entries } from './distribution';

describe('analysis distributions', () => {
  it('orders difficulties by count, ties in reading order, named levels apart from ratings', () => {
    const list = difficultyEntries({ '1200': 3, Hard: 1, Easy: 3, 'N/A': 1, '800': 1, Basic: 1, Medium: 2, '5000': 1 });
    expect(list.map((e) => e.name)).toEqual(['Easy', '1200', 'Medium', 'Basic', 'Hard', '800', '5000', 'N/A']);
  });

  it('labels rating buckets of 100 with the top bucket open-ended', () => {
    expect(difficultyLabel('1200')).toBe('1200–1299');
    expect(difficultyLabel('5000')).toBe('5000+');
    expect(difficultyLabel('Easy')).toBe('Easy');
  });

  it('orders other distributions by count then name', () => {
    expect(entries({ b: 2, a: 2, c: 5 }).map((e) => e.name)).toEqual(['c', 'a', 'b']);
  });
});
