import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../db/schema';
import { createTestApp } from '../testing';

const DAY = 86_400_000;
const T0 = Date.parse('2025-06-12T12:00:00Z');

/** The fixture, hand-counted below: [key, platform, difficulty, topics, companies, solved, days ago]. */
const FIXTURE: [string, string, string, string[], string[], boolean, number][] = [
  ['q1', 'leetcode', 'Easy', ['Array', 'Hash Table'], ['Amazon', 'Google'], true, 40],
  ['q2', 'leetcode', 'Easy', ['Array'], ['Amazon'], true, 40],
  ['q3', 'leetcode', 'Medium', ['Graph'], [], true, 40],
  ['q4', 'leetcode', 'Hard', ['Array', 'Graph'], ['Google'], false, 40],
  ['q5', 'geeksforgeeks', 'Basic', ['Strings'], ['Amazon'], true, 40],
  ['q6', 'geeksforgeeks', 'School', [], [], true, 40],
  ['q7', 'codeforces', '800', ['math'], [], true, 40],
  ['q8', 'codeforces', '1234', ['math', 'greedy'], [], true, 2],
  ['q9', 'codeforces', '1299', ['greedy'], [], true, 2],
  ['q10', 'codeforces', '1300', [], [], true, 2],
  ['q11', 'codeforces', '4999', [], [], true, 2],
  ['q12', 'codeforces', '5000', [], [], true, 2],
  ['q13', 'codeforces', '7200', [], [], true, 2],
  ['q14', 'atcoder', 'N/A', [], [], true, 2],
  ['q15', 'leetcode', 'Medium', ['Math', 'Greedy'], ['amazon'], true, 40],
];

describe('analytics over solved questions', () => {
  const clock = { t: T0, now: () => new Date(clock.t) };
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let user: Awaited<ReturnType<typeof t.signup>>;
  const ids = new Map<string, string>();

  const A = () => t.api['question-tracker'].v1.user.analytics;
  const W = () => t.api['question-tracker'].v1.user.question;
  const solve = (token: string, key: string, checked: boolean) => t.reply(W()['solve-question'].$post({ json: { questionId: ids.get(key)!, checked } }, t.as(token)));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const rows = await t.db
      .insert(questions)
      .values(FIXTURE.map(([key, platform, difficulty, topics, companies]) => ({ platform, key, name: key, slug: key, difficulty, topics, companies, problemUrl: `https://x.test/${key}`, verified: true })))
      .returning();
    for (const r of rows) ids.set(r.key, r.id);
    user = await t.signup('Analyst');
    for (const [key, , , , , solved, daysAgo] of FIXTURE) {
      clock.t = T0 - daysAgo * DAY;
      const res = await solve(user.token, key, solved);
      expect(res.status).toBe(201);
    }
    clock.t = T0;
    // Someone else's solved record never counts.
    const other = await t.signup('Other');
    await solve(other.token, 'q3', true);
  });
  afterAll(() => t.close());

  const get = (query: { days?: string }, token: string | undefined = user.token) => t.reply(A().get.$get({ query }, token ? t.as(token) : undefined));

  it('counts every solved question for days=-1: ratings in buckets of 100 up to 5000, named difficulties apart', async () => {
    const res = await get({ days: '-1' });
    expect(res.status).toBe(200);
    expect(res.body.data.totalSolved).toBe(14);
    expect(res.body.data.analytics).toEqual({
      difficultyWiseDistribution: { Easy: 2, Medium: 2, Basic: 1, School: 1, '800': 1, '1200': 2, '1300': 1, '4900': 1, '5000': 2, 'N/A': 1 },
      platformWiseDistribution: { leetcode: 4, geeksforgeeks: 2, codeforces: 7, atcoder: 1 },
      // Spellings differing only in case count together, under the most used one.
      topicWiseDistribution: { Array: 2, 'Hash Table': 1, Graph: 1, Strings: 1, math: 3, greedy: 3 },
      companyWiseDistribution: { Amazon: 4, Google: 1 },
    });
    // No days parameter means the same.
    expect((await get({})).body.data).toEqual(res.body.data);
  });

  it('counts only what was solved in the last N days for days=N', async () => {
    const week = await get({ days: '7' });
    expect(week.body.data.totalSolved).toBe(7);
    expect(week.body.data.analytics).toEqual({
      difficultyWiseDistribution: { '1200': 2, '1300': 1, '4900': 1, '5000': 2, 'N/A': 1 },
      platformWiseDistribution: { codeforces: 6, atcoder: 1 },
      topicWiseDistribution: { math: 1, greedy: 2 },
      companyWiseDistribution: {},
    });
    expect((await get({ days: '1' })).body.data.totalSolved).toBe(0);
    expect((await get({ days: '365' })).body.data.totalSolved).toBe(14);
  });

  it('drops a question from the numbers once it is unticked', async () => {
    const list = (await t.reply(W()['get-questions'].$get({ query: { search: 'q13' } }, t.as(user.token)))).body.data.questions;
    const update = (checked: boolean) => t.reply(W()['update-question'][':id'].$patch({ param: { id: list[0]!._id }, json: { checked } }, t.as(user.token)));
    await update(false);
    const res = await get({ days: '-1' });
    expect(res.body.data.totalSolved).toBe(13);
    expect(res.body.data.analytics.difficultyWiseDistribution['5000']).toBe(1);
    await update(true);
  });

  it('answers an empty analysis for a new user', async () => {
    const fresh = await t.signup('Fresh');
    const res = await get({ days: '-1' }, fresh.token);
    expect(res.body.data).toEqual({
      totalSolved: 0,
      analytics: { difficultyWiseDistribution: {}, platformWiseDistribution: {}, topicWiseDistribution: {}, companyWiseDistribution: {} },
    });
  });

  it('refuses bad windows and needs a session', async () => {
    for (const days of ['0', 'abc', '-2', '1.5']) expect((await get({ days })).status, days).toBe(400);
    expect((await get({ days: '-1' }, '')).status).toBe(401);
    expect((await t.reply(A().activity.$get({ query: {} }))).status).toBe(401);
  });

  it('counts solved per day over the last year in the requested time zone', async () => {
    const u = await t.signup('Daily');
    const solveAt = async (key: string, iso: string, checked = true) => {
      clock.t = Date.parse(iso);
      await solve(u.token, key, checked);
    };
    await solveAt('q1', '2025-06-10T20:00:00Z'); // 11 June in India
    await solveAt('q2', '2025-06-10T10:00:00Z');
    await solveAt('q3', '2025-06-12T11:00:00Z');
    await solveAt('q4', '2025-06-12T11:30:00Z', false); // not solved
    await solveAt('q5', '2024-05-01T10:00:00Z'); // more than a year ago
    clock.t = T0;

    const activity = (tz?: string) => t.reply(A().activity.$get({ query: { tz } }, t.as(u.token)));
    const utc = await activity();
    expect(utc.status).toBe(200);
    expect(utc.body.data.activity).toEqual({ from: '2024-06-13', to: '2025-06-12', days: { '2025-06-10': 2, '2025-06-12': 1 }, total: 3 });
    const india = await activity('Asia/Kolkata');
    expect(india.body.data.activity).toEqual({ from: '2024-06-13', to: '2025-06-12', days: { '2025-06-10': 1, '2025-06-11': 1, '2025-06-12': 1 }, total: 3 });
    expect((await activity('Mars/Olympus')).status).toBe(400);
    expect((await activity("UTC'; drop table users; --")).status).toBe(400);
  });
});
