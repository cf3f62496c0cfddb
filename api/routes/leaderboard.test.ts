import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { userRankings } from '../db/schema';
import { createTestApp, openSecondProcessDatabase } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const L = '/question-tracker/v1/leaderboard';

/**
 * Each API process keeps every metric's whole board in memory. A change written by another process (its
 * opt-in route, a refresh job, plain SQL) must show in this process's next answer, not some seconds later.
 */
describe('the leaderboard across two API processes', () => {
  let t: T;
  let other: Database | null;
  let otherApp: ReturnType<typeof createApp>;
  let people: Awaited<ReturnType<T['signup']>>[] = [];

  const readOther = async (query = 'metric=total_questions') => {
    await (other ?? t).changes.settle();
    const res = await otherApp.fetch(new Request(`http://localhost${L}?${query}`));
    return ((await res.json()) as { data: { rows: { profileName: string; value: number }[]; total: number } }).data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    other = await openSecondProcessDatabase(t);
    const db = other ?? t;
    otherApp = createApp({ db: db.db, config: testConfig({ dashboardDir: '/nonexistent' }), changes: db.changes });
    people = [await t.signup('Ranked'), await t.signup('Ranked'), await t.signup('Ranked')];
    await t.db.insert(userRankings).values(people.map((p, i) => ({ userId: p.user._id, optedIn: true, cScore: 10 * i, totalQuestions: 100 + i })));
  });
  afterAll(async () => {
    await other?.close();
    await t.close();
  });

  it("shows the other process's opt-out and a changed figure in its next answer", async () => {
    const before = await readOther();
    expect(before.total).toBe(3);
    expect(before.rows.map((r) => r.value)).toEqual([102, 101, 100]);

    // Through the first process's route: the third person leaves the board.
    expect((await t.reply(t.api['question-tracker'].v1.leaderboard['opt-in'].$put({ json: { optIn: false } }, t.as(people[2]!.token)))).status).toBe(200);
    const after = await readOther();
    expect(after.total).toBe(2);
    expect(after.rows.map((r) => r.profileName)).not.toContain(people[2]!.user.profileName);

    // Written past any API (as a refresh job on a third process would): the figure moves at once.
    await t.db.update(userRankings).set({ totalQuestions: 500 }).where(eq(userRankings.userId, people[0]!.user._id));
    expect((await readOther()).rows[0]).toMatchObject({ profileName: people[0]!.user.profileName, value: 500 });
  });
});
