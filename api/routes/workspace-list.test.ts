import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceFiltersInput, WorkspaceQuestion } from '../../shared/schemas/workspace';
import { questions, userQuestions } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { toWorkspaceQuestion } from '../services/workspace';
import { createTestApp } from '../testing';

const W_PATH = '/question-tracker/v1/user/question';

/** A small deterministic random source, so a failure can be replayed. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Filters {
  search?: string;
  difficulty?: string[];
  platform?: string[];
  topic?: string[];
  tag?: string[];
  starred?: boolean;
  status?: 'marked' | 'unmarked';
  sortBy?: 'createdAt' | 'updatedAt';
  order?: 'latest' | 'oldest';
  from?: string;
  to?: string;
}

/** The expected result, computed in JS from the records themselves. */
function expected(model: WorkspaceQuestion[], f: Filters): string[] {
  const col = f.sortBy ?? 'createdAt';
  const dir = f.order === 'oldest' ? 1 : -1;
  const any = (want: string[] | undefined, have: string[]) => !want?.length || want.some((w) => have.includes(w));
  return model
    .filter((r) => !f.search || r.question.name.toLowerCase().includes(f.search.toLowerCase()))
    .filter((r) => any(f.difficulty, [r.question.difficulty]) && any(f.platform, [r.question.platform]))
    .filter((r) => any(f.topic, r.question.topics) && any(f.tag, r.customTags))
    .filter((r) => !f.starred || r.starred)
    .filter((r) => !f.status || r.checked === (f.status === 'marked'))
    .filter((r) => (!f.from || Date.parse(r[col]) >= Date.parse(f.from)) && (!f.to || Date.parse(r[col]) < Date.parse(f.to)))
    .sort((a, b) => dir * (Date.parse(a[col]) - Date.parse(b[col]) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)))
    .map((r) => r._id);
}

/** The filters as query parameters: lists repeat their key, absent values are left out. */
function query(f: Filters, page: number, pageSize: number): WorkspaceFiltersInput & { page: string; pageSize: string } {
  const { starred, ...rest } = f;
  return { ...rest, starred: starred === undefined ? undefined : starred ? 'true' : 'false', page: String(page), pageSize: String(pageSize) };
}

describe('workspace list: every filter, sort and page against a model', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const clock = { t: Date.parse('2025-03-01T08:00:00Z'), now: () => new Date(clock.t) };
  let user: Awaited<ReturnType<typeof t.signup>>;
  let model: WorkspaceQuestion[] = [];
  const random = rng(20250301);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const TAGS = ['dp', 'graphs', 'revisit', 'interview prep', 'tricky-one'];

  const W = () => t.api['question-tracker'].v1.user.question;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    await seedDatabase(t.db);
    user = await t.signup('Model');
    const catalogue = await t.db.select().from(questions).orderBy(questions.platform, questions.key);
    // A spread over platforms, difficulties and topics: every 23rd catalogue question.
    const chosen = catalogue.filter((_, i) => i % 23 === 0).slice(0, 90);
    for (const q of chosen) {
      clock.t += random() < 0.25 ? 0 : Math.floor(random() * 90) * 60_000; // some records share an instant
      const tags = TAGS.filter(() => random() < 0.3);
      const res = await t.reply(
        W()['solve-question'].$post({ json: { questionId: q.id, checked: random() < 0.5, starred: random() < 0.3, customTags: tags } }, t.as(user.token)),
      );
      expect(res.status).toBe(201);
    }
    // Later edits move updatedAt away from createdAt for some records.
    const list = await t.db.select().from(userQuestions).where(eq(userQuestions.userId, user.user._id));
    for (const r of list.filter(() => random() < 0.4)) {
      clock.t += Math.floor(random() * 30) * 60_000;
      const res = await t.reply(W()['update-question'][':id'].$patch({ param: { id: r.id }, json: { checked: !r.checked } }, t.as(user.token)));
      expect(res.status).toBe(200);
    }
    const rows = await t.db
      .select({ record: userQuestions, question: questions })
      .from(userQuestions)
      .innerJoin(questions, eq(questions.id, userQuestions.questionId))
      .where(eq(userQuestions.userId, user.user._id));
    model = rows.map((r) => toWorkspaceQuestion(r.record, r.question));
  });
  afterAll(() => t.close());

  async function check(f: Filters, pageSize: number) {
    const want = expected(model, f);
    const pages = Math.max(1, Math.ceil(want.length / pageSize));
    const got: string[] = [];
    for (let page = 1; page <= pages + 1; page++) {
      const res = await t.reply(W()['get-questions'].$get({ query: query(f, page, pageSize) }, t.as(user.token)));
      expect(res.status, JSON.stringify(res.body.status)).toBe(200);
      expect(res.body.data.total, JSON.stringify(f)).toBe(want.length);
      expect(res.body.data.page).toBe(page);
      expect(res.body.data.pageSize).toBe(pageSize);
      const ids = res.body.data.questions.map((q) => q._id);
      expect(ids, `${JSON.stringify(f)} page ${page}`).toEqual(want.slice((page - 1) * pageSize, page * pageSize));
      got.push(...ids);
    }
    expect(got).toEqual(want);
  }

  function filterSets(): Filters[] {
    const names = model.map((r) => r.question.name);
    const sample = pick(names);
    const difficulties = [...new Set(model.map((r) => r.question.difficulty))];
    const platforms = [...new Set(model.map((r) => r.question.platform))];
    const topics = [...new Set(model.flatMap((r) => r.question.topics))];
    const byTime = [...model].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    const from = byTime[20]?.createdAt;
    const to = byTime[60]?.createdAt;
    return [
      {},
      { search: sample.slice(1, 4).toUpperCase() },
      { search: 'a' },
      { search: 'zzqqxx-none' },
      { search: '100%_' },
      { difficulty: [pick(difficulties)] },
      { difficulty: difficulties.slice(0, 3) },
      { platform: [pick(platforms)] },
      { platform: platforms.slice(0, 2) },
      { topic: [pick(topics)] },
      { topic: topics.slice(0, 4) },
      { tag: ['dp'] },
      { tag: ['revisit', 'interview prep'] },
      { starred: true },
      { status: 'marked' },
      { status: 'unmarked' },
      { from },
      { to },
      { from, to },
      { platform: [pick(platforms)], status: 'marked' },
      { tag: ['graphs'], starred: true },
      { difficulty: difficulties.slice(0, 4), topic: topics.slice(0, 6), status: 'unmarked' },
      { search: 'e', starred: true, from },
      { search: 'in', difficulty: difficulties, platform: platforms, topic: topics, tag: TAGS, status: 'marked', from, to },
    ];
  }

  it('has a varied workspace to test against', () => {
    expect(model.length).toBeGreaterThan(60);
    expect(new Set(model.map((r) => r.question.platform)).size).toBeGreaterThan(3);
    expect(new Set(model.map((r) => r.createdAt)).size).toBeLessThan(model.length); // ties exist
    expect(model.some((r) => r.createdAt !== r.updatedAt)).toBe(true);
  });

  it('matches the model for every filter under every sort and order, page by page', { timeout: 180_000 }, async () => {
    for (const f of filterSets()) {
      for (const sortBy of ['createdAt', 'updatedAt'] as const) {
        for (const order of ['latest', 'oldest'] as const) await check({ ...f, sortBy, order }, 7);
      }
    }
  });

  it('matches the model for random combinations and page sizes', { timeout: 120_000 }, async () => {
    const sets = filterSets();
    for (let i = 0; i < 30; i++) {
      const combo: Filters = Object.assign({}, pick(sets), pick(sets), pick(sets));
      combo.sortBy = pick(['createdAt', 'updatedAt'] as const);
      combo.order = pick(['latest', 'oldest'] as const);
      await check(combo, pick([1, 10, 20, 100]));
    }
  });

  it('defaults to the newest first, 20 a page', async () => {
    const res = await t.reply(W()['get-questions'].$get({ query: {} }, t.as(user.token)));
    expect(res.body.data.pageSize).toBe(20);
    expect(res.body.data.questions.map((q) => q._id)).toEqual(expected(model, {}).slice(0, 20));
  });

  it('refuses malformed paging, sorting and dates', async () => {
    // Raw query strings: several of these values are outside what the route's types accept.
    for (const q of ['pageSize=0', 'pageSize=101', 'page=0', 'page=-1', 'sortBy=name', 'order=up', 'status=maybe', 'from=yesterday', 'starred=yes']) {
      const res = await t.call('GET', `${W_PATH}/get-questions?${q}`, { token: user.token });
      expect(res.status, q).toBe(400);
    }
  });

  it('offers the values present in the workspace as filter options', async () => {
    const res = await t.reply(W()['get-filters'].$get({}, t.as(user.token)));
    const sorted = (v: string[]) => [...new Set(v)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(res.body.data).toEqual({
      difficulties: sorted(model.map((r) => r.question.difficulty)),
      platforms: sorted(model.map((r) => r.question.platform)),
      topics: sorted(model.flatMap((r) => r.question.topics)),
      customTags: sorted(model.flatMap((r) => r.customTags)),
    });
  });

  it('shows another user none of these records', async () => {
    const other = await t.signup('Other');
    const res = await t.reply(W()['get-questions'].$get({ query: { pageSize: '100' } }, t.as(other.token)));
    expect(res.body.data).toMatchObject({ total: 0, questions: [] });
    const options = await t.reply(W()['get-filters'].$get({}, t.as(other.token)));
    expect(options.body.data).toEqual({ difficulties: [], platforms: [], topics: [], customTags: [] });
    expect((await t.reply(W()['get-questions'].$get({ query: {} }))).status).toBe(401);
  });
});
