import { describe, expect, it } from 'vitest';
import { chartPoints, portfolioAccounts, totalSolved, type PortfolioAccount } from './portfolio';

const account = (platform: string, solved: number | null): PortfolioAccount => ({
  platform, handle: 'h', rating: null, maxRating: null, rank: null, solved, contests: null, profileUrl: 'https://example.com/h',
});

describe('totalSolved', () => {
  it('counts a judge once: the larger of its own figure and the tracked questions there', () => {
    expect(totalSolved({ leetcode: 40, codeforces: 10 }, [account('leetcode', 300), account('codeforces', 4)])).toBe(310);
  });
  it('adds judges with an account but nothing tracked, and tracked judges without an account', () => {
    expect(totalSolved({ spoj: 7 }, [account('atcoder', 20), account('codechef', null)])).toBe(27);
  });
});

describe('portfolioAccounts', () => {
  it('reads the accounts of a profile and gives none for a profile without them or with a wrong shape', () => {
    expect(portfolioAccounts({ accounts: [account('leetcode', 1)] })).toHaveLength(1);
    expect(portfolioAccounts({ firstName: 'A' })).toEqual([]);
    expect(portfolioAccounts({ accounts: [{ platform: 1 }] })).toEqual([]);
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
