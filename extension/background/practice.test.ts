import { describe, expect, it } from 'vitest';
import type { Recommendation, RecommendationsResponse } from '@shared/schemas/practice';
import { handleMessage } from './dispatch';
import { page, setup, signIn } from './test-support';

const item: Recommendation = {
  platform: 'atcoder',
  key: 'abc300_c',
  url: 'https://atcoder.jp/contests/abc300/tasks/abc300_c',
  name: 'Cross',
  difficulty: 900,
  estimated: false,
  solveProbability: 0.66,
  band: 'moderate',
  topics: [],
  questionId: null,
};

/** The background with a tracker that has one linked account and answers recommendations per judge. */
async function withTracker(accounts: { platform: string; rating: number | null }[], answers: Record<string, Partial<RecommendationsResponse>>) {
  const t = setup();
  await signIn(t.local);
  const asked: URLSearchParams[] = [];
  const fallback = t.deps.fetch;
  t.deps.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const json = (data: unknown) => new Response(JSON.stringify({ status: { code: 200, success: true, error: null, message: 'OK' }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/question-tracker/v1/user/accounts') return json({ accounts, leaderboardOptIn: false });
    if (url.pathname === '/question-tracker/v1/user/recommendations') {
      asked.push(url.searchParams);
      const platform = url.searchParams.get('platform') ?? '';
      return json({ platform, rating: 1500, ratingSource: 'account', ratedSolves: 40, note: null, items: [], ...answers[platform] });
    }
    return fallback(input, init);
  };
  return { ...t, asked };
}

describe('practice: the popup’s recommended problem', () => {
  it('asks for the judge of the page, one problem of the moderate band', async () => {
    const t = await withTracker([], { atcoder: { items: [item] } });
    expect(await handleMessage({ type: 'practice:recommend', platform: 'atcoder' }, page, t.deps)).toEqual({ ok: true, data: { platform: 'atcoder', judge: 'AtCoder', item, note: null } });
    expect(Object.fromEntries(t.asked[0]!)).toEqual({ platform: 'atcoder', band: 'moderate', limit: '1' });
  });

  it('off a rated judge’s page takes the main judge (the first linked account with a rating), else Codeforces', async () => {
    const t = await withTracker(
      [
        { platform: 'geeksforgeeks', rating: null },
        { platform: 'leetcode', rating: null },
        { platform: 'codechef', rating: 1650 },
      ],
      { codechef: { items: [], note: null } },
    );
    expect(await handleMessage({ type: 'practice:recommend' }, page, t.deps)).toMatchObject({ ok: true, data: { platform: 'codechef', judge: 'CodeChef', item: null } });
    const none = await withTracker([], { codeforces: { rating: null, ratingSource: null, note: 'Solve at least 10' } });
    expect(await handleMessage({ type: 'practice:recommend', platform: 'hackerrank' }, page, none.deps)).toMatchObject({ ok: true, data: { platform: 'codeforces', item: null, note: 'Solve at least 10' } });
  });
});
