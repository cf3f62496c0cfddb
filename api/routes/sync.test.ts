import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_CHUNK, SYNC_MESSAGES, type SyncImportBody } from '../../shared/schemas/sync';
import { queryRows } from '../db/client';
import { seedDatabase } from '../db/seed/index';
import { questions, userQuestions } from '../db/schema';
import { createTestApp } from '../testing';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();

describe('POST /question-tracker/v1/user/sync/import', () => {
  const clock = { t: NOW, now: () => new Date(clock.t) };
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  const user = () => t.api['question-tracker'].v1.user;
  const sync = (token: string | null, json: SyncImportBody) => t.reply(user().sync.import.$post({ json }, token ? t.as(token) : undefined));
  const records = async (token: string) => (await t.reply(user().question['get-questions'].$get({ query: { pageSize: '100' } }, t.as(token)))).body.data.questions;

  it('imports a history once: new, already solved, custom and invalid counted; the same chunk again changes nothing', async () => {
    const { token } = await t.signup('Syncer');
    const submissions = [
      { problemUrl: 'https://leetcode.com/problems/two-sum/', solvedAt: ago(300) },
      // The same problem again, later: counted once, dated by the first Accepted.
      { problemUrl: 'https://leetcode.com/problems/two-sum/submissions/123/', solvedAt: ago(10) },
      { problemUrl: 'https://leetcode.com/problems/brand-new-sync-problem/', solvedAt: ago(40), name: 'Brand New Sync Problem', difficulty: 'Hard', topics: ['Graphs'] },
      { problemUrl: 'https://codeforces.com/problemset/problem/4/A', solvedAt: ago(5) }, // another judge: names no problem of this one
      { problemUrl: 'not a url', solvedAt: ago(5) },
    ];
    const first = await sync(token, { platform: 'leetcode', submissions });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ new: 2, alreadySolved: 0, custom: 1, invalidUrl: 2, total: 5 });
    const list = await records(token);
    const twoSum = list.find((r) => r.question.problemUrl === 'https://leetcode.com/problems/two-sum/')!;
    expect(twoSum).toMatchObject({ checked: true, solvedAt: ago(300), question: { name: 'Two Sum', verified: true } });
    const custom = list.find((r) => r.question.problemUrl.includes('brand-new-sync-problem'))!;
    expect(custom).toMatchObject({ checked: true, solvedAt: ago(40), question: { name: 'Brand New Sync Problem', difficulty: 'Hard', topics: ['Graph'], verified: false } });
    // The judge's name is the user's own: the shared row says only what the URL says.
    const [row] = await t.db.select().from(questions).where(eq(questions.id, custom.question._id));
    expect(row).toMatchObject({ name: 'Brand New Sync Problem', difficulty: 'N/A', topics: [] });

    const again = await sync(token, { platform: 'leetcode', submissions });
    expect(again.body.data).toEqual({ new: 0, alreadySolved: 2, custom: 0, invalidUrl: 2, total: 5 });
    const after = await records(token);
    expect(after.map((r) => [r._id, r.checked, r.solvedAt]).sort()).toEqual(list.map((r) => [r._id, r.checked, r.solvedAt]).sort());
  });

  it('moves a solved date earlier, never later, and feeds the activity heatmap and a sheet’s progress', async () => {
    const { token } = await t.signup('Dates');
    await sync(token, { platform: 'leetcode', submissions: [{ problemUrl: 'https://leetcode.com/problems/two-sum/', solvedAt: ago(20) }] });
    await sync(token, { platform: 'leetcode', submissions: [{ problemUrl: 'https://leetcode.com/problems/two-sum/', solvedAt: ago(5) }] });
    expect((await records(token))[0]!.solvedAt).toBe(ago(20));
    await sync(token, { platform: 'leetcode', submissions: [{ problemUrl: 'https://leetcode.com/problems/two-sum/', solvedAt: ago(100) }] });
    expect((await records(token))[0]!.solvedAt).toBe(ago(100));

    const activity = (await t.reply(user().analytics.activity.$get({ query: { tz: 'UTC' } }, t.as(token)))).body.data.activity;
    expect(activity.days[ago(100).slice(0, 10)]).toBe(1);
    const sheet = (await t.reply(t.api['question-tracker'].v2.sheet['get-sheet-data-by-slug'][':slug'].$get({ param: { slug: 'blind-75' } }, t.as(token)))).body.data;
    const twoSumId = (await records(token))[0]!.question._id;
    expect(sheet.progress.solved).toContain(twoSumId);
    expect(sheet.sheet.userSolved).toBe(1);
  });

  it('does not tick again what the user unticked, unless the Accepted is newer than that', async () => {
    const { token } = await t.signup('Unticker');
    await sync(token, { platform: 'leetcode', submissions: [{ problemUrl: 'https://leetcode.com/problems/two-sum/', solvedAt: ago(50) }] });
    const [record] = await records(token);
    clock.t = NOW - 2 * DAY; // unticked by hand two days ago
    await t.reply(user().question['update-question'][':id'].$patch({ param: { id: record!._id }, json: { checked: false } }, t.as(token)));
    clock.t = NOW;
    const old = await sync(token, { platform: 'leetcode', submissions: [{ problemUrl: 'https://leetcode.com/problems/two-sum/', solvedAt: ago(50) }] });
    expect(old.body.data).toMatchObject({ new: 0, alreadySolved: 0 });
    expect((await records(token))[0]!.checked).toBe(false);
    const newer = await sync(token, { platform: 'leetcode', submissions: [{ problemUrl: 'https://leetcode.com/problems/two-sum/', solvedAt: ago(1) }] });
    expect(newer.body.data).toMatchObject({ new: 1 });
    expect((await records(token))[0]).toMatchObject({ checked: true, solvedAt: ago(1) });
  });

  it('fills in only what the user’s own custom question lacks', async () => {
    const { token } = await t.signup('Namer');
    await t.reply(user().question['solve-question'].$post({ json: { custom: { name: 'My own name', problemUrl: 'https://atcoder.jp/contests/abc300/tasks/abc300_a' } } }, t.as(token)));
    await sync(token, { platform: 'atcoder', submissions: [{ problemUrl: 'https://atcoder.jp/contests/abc300/tasks/abc300_a', solvedAt: ago(3), name: 'A - N-choice question', difficulty: '1134' }] });
    expect((await records(token))[0]!.question).toMatchObject({ name: 'My own name', difficulty: '1134' });
  });

  it('schedules old solves for review spread over the coming days', async () => {
    const { token } = await t.signup('Reviewer');
    const submissions = Array.from({ length: 40 }, (_, i) => ({ problemUrl: `https://codeforces.com/problemset/problem/${1000 + i}/A`, solvedAt: ago(400 + i) }));
    expect((await sync(token, { platform: 'codeforces', submissions })).body.data.new).toBe(40);
    const due = (await t.reply(user().review.due.$get({ query: { tz: 'UTC' } }, t.as(token)))).body.data;
    expect(due.counts.overdue).toBe(0);
    expect(due.counts.due).toBeLessThan(10);
    expect(due.counts.due + due.counts.upcoming).toBeGreaterThan(10);
  });

  it('refuses bad bodies whole: too many (413), bad dates, unknown judge, signed out', async () => {
    const { token } = await t.signup('Bad');
    const many = Array.from({ length: SYNC_CHUNK + 1 }, (_, i) => ({ problemUrl: `https://leetcode.com/problems/p-${i}/`, solvedAt: ago(1) }));
    const tooMany = await sync(token, { platform: 'leetcode', submissions: many });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.status.message).toBe(SYNC_MESSAGES.tooMany);
    const date = await sync(token, { platform: 'leetcode', submissions: [{ problemUrl: 'https://leetcode.com/problems/two-sum/', solvedAt: 'yesterday' }, { problemUrl: 'https://leetcode.com/problems/add-two-numbers/', solvedAt: ago(1) }] });
    expect(date.status).toBe(400);
    expect(date.body.status.message).toBe(SYNC_MESSAGES.solvedAtInvalid);
    const judge = await sync(token, { platform: 'nowhere', submissions: [] });
    expect(judge.status).toBe(400);
    expect(judge.body.status.error).toBe('InvalidPlatform');
    expect((await sync(null, { platform: 'leetcode', submissions: [] })).status).toBe(401);
    // Nothing of the refused calls was kept.
    expect(await records(token)).toEqual([]);
    const [created] = await t.db.select({ n: sql<number>`count(*)::int` }).from(questions).where(sql`${questions.key} like 'p-%'`);
    expect(created?.n).toBe(0);
  });

  it('takes a full chunk of 5,000 in one call', async () => {
    const { token, user } = await t.signup('Bulk');
    const submissions = Array.from({ length: SYNC_CHUNK }, (_, i) => ({
      problemUrl: `https://codeforces.com/problemset/problem/${20000 + Math.floor(i / 2)}/${i % 2 ? 'B' : 'A'}`,
      solvedAt: ago(1 + (i % 700)),
      name: `Problem ${i} with a longer name to fill the body`,
      difficulty: String(800 + (i % 28) * 100),
      topics: ['implementation', 'math'],
    }));
    // What the planner believes of the records table: -1 or a handful until statistics are gathered.
    const plannerRows = async () => {
      const [row] = await queryRows<{ n: number }>(t.db, sql`select reltuples::float8 as n from pg_class where relname = 'user_questions'`);
      return Number(row?.n);
    };
    expect(await plannerRows()).toBeLessThan(SYNC_CHUNK);
    const res = await sync(token, { platform: 'codeforces', submissions });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ new: SYNC_CHUNK, alreadySolved: 0, custom: SYNC_CHUNK, invalidUrl: 0, total: SYNC_CHUNK });
    const [written] = await t.db.select({ n: sql<number>`count(*)::int` }).from(userQuestions).where(eq(userQuestions.userId, user._id));
    expect(written?.n).toBe(SYNC_CHUNK);
    // A bulk write this large refreshes the statistics at once, so the user's next import plans on them.
    expect(await plannerRows()).toBeGreaterThanOrEqual(SYNC_CHUNK);
  }, 60_000);
});
