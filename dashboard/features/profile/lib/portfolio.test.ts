import { describe, expect, it } from 'vitest';
import { chartPoints, recentContests, totalSolved } from './portfolio';

const card = (platform: string, solved: number | null) => ({ platform, solved });

describe('totalSolved', () => {
  it('counts a judge once: the larger of its own figure and the tracked questions there', () => {
    expect(totalSolved({ leetcode: 40, codeforces: 10 }, [card('leetcode', 300), card('codeforces', 4)])).toBe(310);
  });
  it('adds judges with an account but nothing tracked, and tracked judges without an account', () => {
    expect(totalSolved({ spoj: 7 }, [card('atcoder', 20), card('codechef', null)])).toBe(27);
  });
});

describe('chartPoints', () => {
  it('sorts by date, drops unreadable points and keeps the most recent ones', () => {
    const history = [
      { contest: 'B', at: '2024-02-01T00:00:00Z', rating: 1500 },
      { contest: 'A', at: '2024-01-01T00:00:00Z', rating: 1400 },
      { contest: 'X', at: 'not a date', rating: 1 },
      { contest: 'C', at: '2024-03-01T00:00:00Z', rating: 1550 },
    ];
    expect(chartPoints(history).map((p) => p.contest)).toEqual(['A', 'B', 'C']);
    expect(chartPoints(history, 2).map((p) => p.contest)).toEqual(['B', 'C']);
  });
});

describe('recentContests', () => {
  it('lists the latest contests across judges, newest first, with the change against the judge\'s previous one', () => {
    const cards = [
      { platform: 'codeforces', name: 'Codeforces', history: [
        { contest: 'CF 1', at: '2024-01-01T00:00:00Z', rating: 1500 },
        { contest: 'CF 2', at: '2024-03-01T00:00:00Z', rating: 1460 },
      ] },
      { platform: 'leetcode', name: 'LeetCode', history: [{ contest: 'LC 1', at: '2024-02-01T00:00:00Z', rating: 1800 }] },
    ];
    expect(recentContests(cards).map((c) => [c.contest, c.change])).toEqual([['CF 2', -40], ['LC 1', null], ['CF 1', null]]);
    expect(recentContests(cards, 1)).toHaveLength(1);
  });
});
