import { describe, expect, it } from 'vitest';
import { formatAge, isContestJudge, judgeName, LINKABLE_JUDGES } from './judges';

describe('judge accounts', () => {
  it('says how old figures are in the largest whole unit', () => {
    expect(formatAge(5)).toBe('just now');
    expect(formatAge(12 * 60 + 59)).toBe('12 min ago');
    expect(formatAge(3 * 3600)).toBe('3 h ago');
    expect(formatAge(86_400)).toBe('1 day ago');
    expect(formatAge(5 * 86_400 + 10)).toBe('5 days ago');
  });
  it('offers judges the registry names, and knows which of them rate contests', () => {
    expect(LINKABLE_JUDGES.map(judgeName)).toEqual(['LeetCode', 'Codeforces', 'CodeChef', 'AtCoder', 'GeeksforGeeks', 'HackerRank']);
    expect(LINKABLE_JUDGES.filter(isContestJudge)).toEqual(['leetcode', 'codeforces', 'codechef', 'atcoder']);
  });
});

describe('the judges offered', () => {
  it('are exactly the judges the server has an account reader for', async () => {
    const { judges } = await import('../../../../api/judges/index');
    expect([...LINKABLE_JUDGES].sort()).toEqual(judges.map((j) => j.id).sort());
  });
});
