import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudgeTestApp } from '../../tests/support/judge-app';
import { problemLists, problemRatings } from '../db/schema';

describe('problem ratings job', () => {
  let t: Awaited<ReturnType<typeof createJudgeTestApp>>;
  beforeAll(async () => {
    t = await createJudgeTestApp();
  });
  afterAll(() => t.close());

  const counts = async () =>
    Object.fromEntries((await t.db.select({ platform: problemRatings.platform, n: sql<number>`count(*)::int` }).from(problemRatings).groupBy(problemRatings.platform)).map((r) => [r.platform, r.n]));

  it('reads every judge’s list from the configured origins through the job queue', async () => {
    await t.jobs.send('refresh-problem-ratings', {});
    await t.jobs.drain();
    expect(await counts()).toEqual({ codeforces: 72, atcoder: 8, leetcode: 5, codechef: 3 });
    const paths = t.judge.requests.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/codeforces/api/problemset.problems', '/atcoder-problems/resources/problem-models.json', '/leetcode-ratings/data.json', '/codechef/api/list/problems']));
  });

  it('keeps the last good list when an answer is broken, cut short, or the judge is down', async () => {
    const before = await counts();
    try {
      t.judge.swapFixture('codeforces', 'problemset.json', 'problemset-changed.json');
      await t.jobs.send('refresh-problem-ratings', { platform: 'codeforces' });
      await t.jobs.drain();
      expect(await counts()).toEqual(before);
      let [state] = await t.db.select().from(problemLists).where(eq(problemLists.platform, 'codeforces'));
      expect(state).toMatchObject({ status: 'could-not-read', count: 72 });

      t.judge.swapFixture('codeforces', 'problemset.json', 'problemset-partial.json');
      await t.jobs.send('refresh-problem-ratings', { platform: 'codeforces' });
      await t.jobs.drain();
      expect(await counts()).toEqual(before);
      [state] = await t.db.select().from(problemLists).where(eq(problemLists.platform, 'codeforces'));
      expect(state).toMatchObject({ status: 'partial', count: 72 });

      t.judge.swapFixture('codeforces', 'problemset.json', null);
      t.judge.setDown('codeforces', true);
      await t.jobs.send('refresh-problem-ratings', { platform: 'codeforces' });
      await t.jobs.drain();
      expect(await counts()).toEqual(before);
      [state] = await t.db.select().from(problemLists).where(eq(problemLists.platform, 'codeforces'));
      expect(state?.status).toBe('judge-down');
    } finally {
      t.judge.swapFixture('codeforces', 'problemset.json', null);
      t.judge.setDown('codeforces', false);
    }
    await t.jobs.send('refresh-problem-ratings', { platform: 'codeforces' });
    await t.jobs.drain();
    const [state] = await t.db.select().from(problemLists).where(eq(problemLists.platform, 'codeforces'));
    expect(state).toMatchObject({ status: 'ok', count: 72 });
  });
});
