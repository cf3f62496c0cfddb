import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GOAL, REVIEW_MESSAGES, type DueAnswer, type DueQuery, type DueQuestion, type ReviewRating } from '../../shared/schemas/review';
import { SPREAD_DAYS } from '../services/review-cards';
import { createTestApp } from '../testing';

const R_PATH = '/question-tracker/v1/user/review';
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-10T12:00:00Z');

describe('review queue: scheduling, ratings, suspension, goal and streak', () => {
  const clock = { t: T0, now: () => new Date(clock.t) };
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  let n = 0;

  const R = () => t.api['question-tracker'].v1.user.review;
  const W = () => t.api['question-tracker'].v1.user.question;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    token = (await t.signup('Reviewer')).token;
  });
  afterAll(() => t.close());

  /** A custom question of its own, added to the workspace (ticked or not), answering its question id. */
  async function add(opts: { checked?: boolean; starred?: boolean; token?: string; platform?: 'leetcode' | 'codeforces' } = {}) {
    n++;
    const problemUrl = opts.platform === 'codeforces' ? `https://codeforces.com/problemset/problem/${90000 + n}/A` : `https://leetcode.com/problems/review-${n}/`;
    const res = await t.reply(
      W()['solve-question'].$post(
        { json: { custom: { name: `Review ${n}`, problemUrl, difficulty: n % 2 ? 'Easy' : 'Hard' }, checked: opts.checked ?? true, starred: opts.starred ?? false } },
        t.as(opts.token ?? token),
      ),
    );
    expect(res.status).toBe(201);
    return { questionId: res.body.data.question.question._id, recordId: res.body.data.question._id };
  }
  const due = async (query: DueQuery = {}, tok = token): Promise<DueAnswer> => {
    const res = await t.reply(R().due.$get({ query }, t.as(tok)));
    expect(res.status, JSON.stringify(res.body.status)).toBe(200);
    return res.body.data;
  };
  const find = (answer: DueAnswer, id: string): DueQuestion | undefined => answer.questions.find((q) => q._id === id);
  const rate = (questionId: string, rating: ReviewRating, extra: { id?: string } = {}, tok = token) =>
    t.reply(R().rate[':questionId'].$post({ param: { questionId }, json: { rating, ...extra } }, t.as(tok)));

  it('schedules a question when it is first ticked, and brings it back when its day comes', async () => {
    clock.t = T0;
    const { questionId, recordId } = await add({ checked: false });
    expect(find(await due(), questionId)).toBeUndefined();
    expect((await t.reply(W()['update-question'][':id'].$patch({ param: { id: recordId }, json: { checked: true } }, t.as(token)))).status).toBe(200);
    const first = await due();
    expect(find(first, questionId)).toBeUndefined();
    // The first interval after a solve is a few days; the upcoming strip shows it.
    expect(first.counts.upcoming).toBeGreaterThanOrEqual(1);
    expect(first.upcoming).toHaveLength(14);
    clock.t = T0 + 10 * DAY;
    const later = find(await due(), questionId);
    expect(later).toMatchObject({ overdue: true, reviews: 0, card: { state: 'review', suspended: false } });
    expect(later!.name).toMatch(/^Review /);
    expect(Date.parse(later!.solvedAt!)).toBe(T0);
  });

  it('orders the next due dates Again < Hard < Good < Easy, and Again means tomorrow', async () => {
    clock.t = T0;
    const { questionId } = await add();
    clock.t = T0 + 5 * DAY;
    const q = find(await due(), questionId)!;
    const next = Object.values(q.next).map(Date.parse);
    expect(next).toEqual([...next].sort((a, b) => a - b));
    expect(new Set(next).size).toBe(4);
    expect(Date.parse(q.next.again)).toBe(clock.t + DAY);

    const rated = await rate(questionId, 'good');
    expect(rated.status).toBe(200);
    expect(rated.body.status.message).toBe(REVIEW_MESSAGES.rated);
    expect(rated.body.data.card.due).toBe(q.next.good);
    expect(rated.body.data.card.reps).toBe(2);
    // Rated: it leaves today's list.
    expect(find(await due(), questionId)).toBeUndefined();

    // Forgotten later: Again brings it back tomorrow, not in minutes.
    clock.t = Date.parse(rated.body.data.card.due);
    const again = await rate(questionId, 'again');
    expect(again.body.data.card).toMatchObject({ lapses: 1 });
    expect(Date.parse(again.body.data.card.due)).toBe(clock.t + DAY);
    expect(find(await due(), questionId)).toBeUndefined();
    clock.t += DAY;
    expect(find(await due(), questionId)).toMatchObject({ reviews: 2 });
  });

  it('counts due today, overdue and upcoming in the viewer’s time zone', async () => {
    const user = (await t.signup('Zones')).token;
    // Solved at 2026-03-10 12:00Z: the first interval (3 days) ends 2026-03-13 12:00Z.
    clock.t = T0;
    const { questionId } = await add({ token: user });
    // 2026-03-13 10:00Z: 23:00 in Auckland (UTC+13, today there), 06:00 in New York (UTC-4, today too).
    clock.t = Date.parse('2026-03-13T10:00:00Z');
    const auckland = await due({ tz: 'Pacific/Auckland' }, user);
    expect(auckland.counts).toMatchObject({ due: 0, overdue: 0 });
    expect(auckland.upcoming[0]).toEqual({ day: '2026-03-14', count: 1 });
    const newYork = await due({ tz: 'America/New_York' }, user);
    expect(newYork.counts).toMatchObject({ due: 1, overdue: 0 });
    expect(find(newYork, questionId)).toMatchObject({ overdue: false });
    clock.t = Date.parse('2026-03-15T10:00:00Z');
    expect((await due({ tz: 'America/New_York' }, user)).counts).toMatchObject({ due: 0, overdue: 1 });
    const bad = await t.reply(R().due.$get({ query: { tz: 'Mars/Olympus' } }, t.as(user)));
    expect(bad.status).toBe(400);
    expect(bad.body.status.message).toBe(REVIEW_MESSAGES.timeZoneInvalid);
  });

  it('puts a starred question in the queue now, and filters by platform, difficulty and sheet', async () => {
    const user = (await t.signup('Filters')).token;
    clock.t = T0;
    const starred = await add({ token: user, checked: false, starred: true, platform: 'codeforces' });
    const plain = await add({ token: user, checked: false });
    const all = await due({}, user);
    expect(all.questions.map((q) => q._id)).toEqual([starred.questionId]);
    expect((await due({ platform: 'leetcode' }, user)).questions).toEqual([]);
    expect((await due({ platform: 'codeforces' }, user)).questions).toHaveLength(1);
    const difficulty = find(all, starred.questionId)!.difficulty;
    expect((await due({ difficulty: difficulty === 'Easy' ? 'Hard' : 'Easy' }, user)).questions).toEqual([]);
    // A sheet the user has nothing to do with filters everything out.
    expect((await due({ sheet: '00000000-0000-4000-8000-000000000000' }, user)).questions).toEqual([]);
    expect(find(all, plain.questionId)).toBeUndefined();
  });

  it('suspends a question out of the queue and resumes it', async () => {
    clock.t = T0;
    const { questionId } = await add({ starred: true });
    expect(find(await due(), questionId)).toBeDefined();
    const suspend = (id: string, tok = token) => t.reply(R().suspend[':questionId'].$post({ param: { questionId: id } }, t.as(tok)));
    const off = await suspend(questionId);
    expect(off.status).toBe(200);
    expect(off.body.data.card.suspended).toBe(true);
    expect(find(await due(), questionId)).toBeUndefined();
    expect((await t.reply(R().resume[':questionId'].$post({ param: { questionId } }, t.as(token)))).body.data.card.suspended).toBe(false);
    expect(find(await due(), questionId)).toBeDefined();
    // Someone else's question, or none at all: 404.
    expect((await suspend(questionId, (await t.signup('Other')).token)).status).toBe(404);
    expect((await suspend('not-a-uuid')).status).toBe(404);
  });

  it('adds a rated question that is not in the workspace, logs every rating of two devices, and rates a repeated submit once', async () => {
    const other = await t.signup('Devices');
    clock.t = T0;
    const { questionId } = await add({ checked: false });
    // The question exists; the other user has no record of it.
    const first = await rate(questionId, 'good', {}, other.token);
    expect(first.status).toBe(200);
    const list = (await t.reply(W()['get-questions'].$get({ query: {} }, t.as(other.token)))).body.data.questions;
    expect(list.map((w) => [w.question._id, w.checked])).toEqual([[questionId, true]]);

    // Two devices rate at once: both logged, one after the other.
    clock.t = T0 + 20 * DAY;
    const [a, b] = await Promise.all([rate(questionId, 'hard', {}, other.token), rate(questionId, 'easy', {}, other.token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.card.reps, b.body.data.card.reps].sort()).toEqual([2, 3]);
    const stats = (await t.reply(R().stats.$get({}, t.as(other.token)))).body.data.retention;
    expect(stats.reviews).toBe(3);
    expect(stats.recalled).toBeCloseTo(2 / 3);

    // The same client id twice: one rating.
    const id = '5a4c7c1e-6d0b-4a70-9b43-0d1b2a3c4d5e';
    const once = await rate(questionId, 'good', { id }, other.token);
    const twice = await rate(questionId, 'good', { id }, other.token);
    expect(twice.body.data.card).toEqual(once.body.data.card);
    expect((await t.reply(R().stats.$get({}, t.as(other.token)))).body.data.retention.reviews).toBe(4);
    // A rating outside the declared ones, so sent raw.
    expect((await t.call('POST', `${R_PATH}/rate/${questionId}`, { token: other.token, body: { rating: 'meh' } })).status).toBe(400);
  });

  it('spreads a history of old solves over the coming days instead of all today', async () => {
    const user = await t.signup('History');
    clock.t = T0;
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await add({ token: user.token, checked: false })).questionId);
    // Solved long ago (as an import or a history sync records them), scheduled when first read.
    await t.db.execute(
      sql`update user_questions set checked = true, solved_at = ${new Date(T0 - 400 * DAY).toISOString()}::timestamptz where user_id = ${user.user._id}`,
    );
    const answer = await due({}, user.token);
    expect(answer.counts.overdue).toBe(0);
    expect(answer.counts.due).toBeLessThan(15);
    const within = answer.counts.due + answer.counts.upcoming;
    expect(within).toBeGreaterThan(15);
    expect(within).toBeLessThanOrEqual(60);
    clock.t = T0 + SPREAD_DAYS * DAY;
    expect((await due({}, user.token)).counts.overdue + (await due({}, user.token)).counts.due).toBe(60);
  });

  it('keeps a daily goal and a streak of days meeting it, across midnight in the user’s time zone', async () => {
    const user = await t.signup('Streaker');
    expect((await t.reply(R().goal.$get({}, t.as(user.token)))).body.data.goal).toEqual(DEFAULT_GOAL);
    const bad = await t.reply(R().goal.$put({ json: { reviews: -1, newProblems: 1 } }, t.as(user.token)));
    expect(bad.status).toBe(400);
    expect(bad.body.status.message).toBe(REVIEW_MESSAGES.goalInvalid);
    expect((await t.reply(R().goal.$put({ json: { reviews: 1, newProblems: 1 } }, t.as(user.token)))).status).toBe(200);

    // Day 1 and day 2 (in Kolkata, UTC+5:30): one new problem and one review each.
    const kolkataNoon = (day: number) => Date.parse(`2026-04-0${day}T06:30:00Z`);
    for (const day of [1, 2]) {
      clock.t = kolkataNoon(day);
      const { questionId } = await add({ token: user.token });
      expect((await rate(questionId, 'good', {}, user.token)).status).toBe(200);
    }
    // Day 3, 20:00Z: 01:30 on day 4 in Kolkata, still day 3 in UTC.
    clock.t = Date.parse('2026-04-03T20:00:00Z');
    const { questionId } = await add({ token: user.token });
    await rate(questionId, 'good', {}, user.token);
    const streak = async (tz: string) => (await t.reply(R().streak.$get({ query: { tz } }, t.as(user.token)))).body.data;
    const kolkata = await streak('Asia/Kolkata');
    expect(kolkata).toMatchObject({ today: { day: '2026-04-04', reviews: 1, newProblems: 1, met: true }, current: 1, best: 2 });
    const utc = await streak('UTC');
    expect(utc).toMatchObject({ today: { day: '2026-04-03', met: true }, current: 3, best: 3 });
    // The next day, nothing done yet: the streak still stands until that day is over.
    clock.t = Date.parse('2026-04-04T12:00:00Z');
    expect((await streak('UTC'))).toMatchObject({ today: { met: false }, current: 3 });
    clock.t = Date.parse('2026-04-06T12:00:00Z');
    expect((await streak('UTC'))).toMatchObject({ current: 0, best: 3 });
  });

  it('keeps a question in the queue only while it is in the workspace, solved or starred', async () => {
    const user = (await t.signup('Scope')).token;
    clock.t = T0;
    const { questionId, recordId } = await add({ token: user });
    clock.t = T0 + 10 * DAY;
    expect(find(await due({}, user), questionId)).toBeDefined();
    // Unticked: out of the queue; starred again: back; removed from the workspace: out; added again ticked: back.
    const update = (json: { checked?: boolean; starred?: boolean }) => t.reply(W()['update-question'][':id'].$patch({ param: { id: recordId }, json }, t.as(user)));
    await update({ checked: false });
    expect(find(await due({}, user), questionId)).toBeUndefined();
    expect((await t.reply(R().count.$get({}, t.as(user)))).body.data.due).toBe(0);
    await update({ starred: true });
    expect(find(await due({}, user), questionId)).toBeDefined();
    await t.reply(W()['remove-question'][':id'].$delete({ param: { id: recordId } }, t.as(user)));
    expect(find(await due({}, user), questionId)).toBeUndefined();
    expect((await due({}, user)).counts).toMatchObject({ due: 0, overdue: 0 });
    await t.reply(W()['solve-question'].$post({ json: { questionId, checked: true } }, t.as(user)));
    expect(find(await due({}, user), questionId)).toBeDefined();
  });

  it('answers 401 to anyone signed out', async () => {
    expect((await t.reply(R().due.$get({ query: {} }))).status).toBe(401);
    expect((await t.reply(R().count.$get())).status).toBe(401);
    expect((await t.reply(R().goal.$get())).status).toBe(401);
    expect((await t.reply(R().streak.$get({ query: {} }))).status).toBe(401);
    expect((await t.reply(R().stats.$get())).status).toBe(401);
  });
});
