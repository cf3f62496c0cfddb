import { describe, expect, it } from 'vitest';
import { toBeRanked } from './unranked';

const name = (p: string) => ({ leetcode: 'LeetCode', codeforces: 'Codeforces' })[p] ?? p;
const cf = { platform: 'codeforces', public: true, rating: 1500 };

describe('toBeRanked', () => {
  it('names the missing judge account of a rating metric, even to someone ranked by the others', () => {
    expect(toBeRanked('leetcode_rating', 'LeetCode rating', { accounts: [cf], optIn: true }, name)).toBe('Link a LeetCode account to be ranked by LeetCode rating');
    expect(toBeRanked('codeforces_rating', 'Codeforces rating', { accounts: [cf], optIn: true }, name)).toBeNull();
  });
  it('says what else stands in the way: a hidden account, no rating yet, no opt-in', () => {
    expect(toBeRanked('codeforces_rating', 'Codeforces rating', { accounts: [{ ...cf, public: false }], optIn: true }, name)).toBe('Make your Codeforces account public to be ranked by Codeforces rating');
    expect(toBeRanked('codeforces_rating', 'Codeforces rating', { accounts: [{ ...cf, rating: null }], optIn: true }, name)).toBe('Take part in a rated Codeforces contest to be ranked by Codeforces rating');
    expect(toBeRanked('c_score', 'C-Score', { accounts: [], optIn: false }, name)).toBe('Link a judge account and join the leaderboard to be ranked by C-Score');
    expect(toBeRanked('total_questions', 'Total solved', { accounts: [{ ...cf, public: false }], optIn: true }, name)).toBe('Make a judge account public to be ranked by Total solved');
    expect(toBeRanked('total_questions', 'Total solved', { accounts: [cf], optIn: false }, name)).toBe('Join the leaderboard to be ranked by Total solved');
  });
});
