import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, verifyQuestion } from '../../scripts/admin';
import { customQuestions, questions, userQuestions } from '../db/schema';
import { createTestApp } from '../testing';

const Q = '/question-tracker/v1/question';
const W = '/question-tracker/v1/user/question';
const S = '/question-tracker/v2/sheet';

/** Custom questions belong to whoever typed them: what one user names a problem no one else sees or changes. */
describe('custom questions are their owners’ own', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ada: Awaited<ReturnType<typeof t.signup>>;
  let bob: Awaited<ReturnType<typeof t.signup>>;
  let eve: Awaited<ReturnType<typeof t.signup>>;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await t.signup('Ada');
    bob = await t.signup('Bob');
    eve = await t.signup('Eve');
  });
  afterAll(() => t.close());

  const search = (name: string, token?: string) => t.call('GET', `${Q}/search?name=${encodeURIComponent(name)}`, { token });
  const names = (res: { body: { data: { questions: { name: string }[] } } }) => res.body.data.questions.map((q) => q.name);
  const lookup = (url: string, token?: string) => t.call('GET', `${Q}/search-question2?problemUrl=${encodeURIComponent(url)}`, { token });
  const enrich = (token: string, body: object) => t.call('PATCH', `${Q}/enrich`, { token, body });

  async function sheetWith(owner: { token: string }, url: string, title: string, visibility: 'public' | 'private') {
    const created = await t.call('POST', `${S}/create-sheet`, { token: owner.token, body: { name: `Sheet ${title}`, slug: `s-${Math.random().toString(36).slice(2, 10)}` } });
    expect(created.status).toBe(201);
    const id = created.body.data.sheet._id as string;
    const added = await t.call('POST', `${S}/add-questions/${id}`, { token: owner.token, body: { data: [{ topic: '', subTopic: '', problemUrl: url, title }] } });
    expect(added.status).toBe(201);
    if (visibility === 'public') expect((await t.call('PATCH', `${S}/mark-sheet-public/${id}`, { token: owner.token })).status).toBe(200);
    return { id, mappingId: added.body.data.mappings[0]._id as string };
  }

  it('never finds a name typed in a private sheet or a workspace, except for its owner', async () => {
    await sheetWith(ada, 'https://leetcode.com/problems/zebra-stripes/', 'Zebra private plan', 'private');
    await t.call('POST', `${W}/solve-question`, { token: ada.token, body: { custom: { name: 'Quokka workspace idea', problemUrl: 'https://codeforces.com/problemset/problem/77777/Q' } } });

    for (const token of [undefined, bob.token]) {
      expect(names(await search('Zebra private', token))).toEqual([]);
      expect(names(await search('Quokka workspace', token))).toEqual([]);
    }
    expect(names(await search('Quokka workspace', ada.token))).toEqual(['Quokka workspace idea']);
    // A sheet title is the sheet's, not the editor's own name for the problem.
    expect(names(await search('Zebra private', ada.token))).toEqual([]);
  });

  it("answers a lookup of someone else's custom question as unknown, under the URL's name", async () => {
    const url = 'https://codeforces.com/problemset/problem/77777/Q';
    const mine = await lookup(url, ada.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.question).toMatchObject({ name: 'Quokka workspace idea', verified: false });
    for (const token of [undefined, bob.token]) {
      const theirs = await lookup(url, token);
      expect(theirs.status).toBe(404);
      expect(theirs.body.data.question).toMatchObject({ name: '77777Q', verified: false });
    }
  });

  it('shows a sheet’s custom question as its editors named it, whatever anyone else does', async () => {
    const url = 'https://atcoder.jp/contests/abc999/tasks/abc999_a';
    const sheet = await sheetWith(ada, url, 'Ada’s title', 'public');
    const read = async (token?: string) => (await t.call('GET', `${S}/get-sheet-data/${sheet.id}`, { token })).body.data.mappings[0];
    expect(await read(bob.token)).toMatchObject({ title: 'Ada’s title', questionId: { name: 'Ada’s title' } });

    // Eve adds the same problem under her own name and enriches it from her visit: only her copy changes.
    await t.call('POST', `${W}/solve-question`, { token: eve.token, body: { custom: { name: 'Eve’s own name', problemUrl: url } } });
    const visit = await enrich(eve.token, { problemUrl: url, name: 'Eve renamed it', difficulty: 'Hard', topics: ['Graffiti'] });
    expect(visit.body.data.question).toMatchObject({ name: 'Eve’s own name', difficulty: 'Hard', topics: ['Graffiti'] });
    for (const token of [undefined, ada.token, bob.token]) expect(await read(token)).toMatchObject({ questionId: { name: 'Ada’s title', difficulty: 'N/A', topics: [] } });

    // Bob ticks it from the sheet: his workspace names it as the sheet does, and his analysis has no Graffiti.
    expect((await t.call('PATCH', `${S}/public/follow-sheet/${sheet.id}`, { token: bob.token })).status).toBe(200);
    expect((await t.call('PATCH', `${S}/mark-question/${sheet.id}/${sheet.mappingId}`, { token: bob.token, body: { checked: true } })).status).toBe(200);
    const his = (await t.call('GET', `${W}/get-questions`, { token: bob.token })).body.data.questions;
    expect(his.map((w: { question: { name: string; difficulty: string } }) => w.question)).toEqual([expect.objectContaining({ name: 'Ada’s title', difficulty: 'N/A' })]);
    const analysis = (await t.call('GET', '/question-tracker/v1/user/analytics/get?days=-1', { token: bob.token })).body.data.analytics;
    expect(analysis.topicWiseDistribution).toEqual({});
    expect(analysis.difficultyWiseDistribution).toEqual({ 'N/A': 1 });
    const evesAnalysis = (await t.call('GET', '/question-tracker/v1/user/analytics/get?days=-1', { token: eve.token })).body.data.analytics;
    expect(evesAnalysis).toMatchObject({ topicWiseDistribution: {}, difficultyWiseDistribution: {} }); // not solved: not counted
    const filters = (await t.call('GET', `${W}/get-filters`, { token: eve.token })).body.data;
    expect(filters).toMatchObject({ difficulties: ['Hard'], topics: ['Graffiti'] });
  });

  it('verifies a custom question into the catalogue with the admin command: everyone then sees the catalogue’s data', async () => {
    const url = 'https://leetcode.com/problems/verify-me/';
    for (const [who, name] of [
      [ada, 'Verify Me'],
      [bob, 'Verify Me'],
      [eve, 'verify me plz'],
    ] as const) {
      expect((await t.call('POST', `${W}/solve-question`, { token: who.token, body: { custom: { name, difficulty: 'Medium', problemUrl: url } } })).status).toBe(201);
    }
    const out: string[] = [];
    const err: string[] = [];
    const open = async () => ({ db: t.db, close: async () => {} });
    expect(await runAdmin(['verify-question', url], open, (l) => out.push(l), (l) => err.push(l))).toBe(0);
    expect(out).toEqual(['Verified "Verify Me" (Medium) into the catalogue.']);
    expect(await verifyQuestion(t.db, url, 'Something else')).toMatchObject({ name: 'Verify Me', changed: false });
    expect(await runAdmin(['verify-question', 'https://leetcode.com/problems/not-in-catalogue/'], open, (l) => out.push(l), (l) => err.push(l))).toBe(1);
    expect(err.at(-1)).toContain('no question');

    const [row] = await t.db.select().from(questions).where(eq(questions.key, 'verify-me'));
    expect(row).toMatchObject({ verified: true, name: 'Verify Me', difficulty: 'Medium' });
    expect(await t.db.select().from(customQuestions).where(eq(customQuestions.questionId, row!.id))).toEqual([]);
    const evesView = (await t.call('GET', `${W}/get-questions?search=verify`, { token: eve.token })).body.data.questions;
    expect(evesView.map((w: { editable: boolean; question: { name: string } }) => [w.question.name, w.editable])).toEqual([['Verify Me', false]]);
    expect(names(await search('Verify Me'))).toContain('Verify Me');
    const refused = await enrich(eve.token, { problemUrl: url, difficulty: 'Hard' });
    expect(refused.body.data).toMatchObject({ updated: [], question: { difficulty: 'Medium' } });
  });

  it('migrates today’s shared custom questions so that each user who has one keeps what they see', async () => {
    // A custom question as it was stored before ownership: one shared row holding what one user typed.
    const [old] = await t.db
      .insert(questions)
      .values({ platform: 'leetcode', key: 'legacy-problem', name: 'Typed Long Ago', slug: 'legacy-problem', difficulty: 'Hard', problemUrl: 'https://leetcode.com/problems/legacy-problem/', topics: ['Graphs'], verified: false, createdBy: ada.user._id })
      .returning();
    await t.db.insert(userQuestions).values({ userId: bob.user._id, questionId: old!.id, checked: true });
    // The data part of the migration (after its table statements), run again on that state.
    const statements = readFileSync(new URL('../db/migrations/0008_custom_questions.sql', import.meta.url), 'utf8').split('--> statement-breakpoint').slice(-2);
    for (const statement of statements) await t.db.execute(sql.raw(statement));

    const owners = await t.db.select().from(customQuestions).where(eq(customQuestions.questionId, old!.id));
    expect(owners.map((o) => [o.userId, o.name, o.difficulty, o.topics]).sort()).toEqual(
      [
        [ada.user._id, 'Typed Long Ago', 'Hard', ['Graphs']],
        [bob.user._id, 'Typed Long Ago', 'Hard', ['Graphs']],
      ].sort(),
    );
    const [shared] = await t.db.select().from(questions).where(eq(questions.id, old!.id));
    expect(shared).toMatchObject({ name: 'Legacy Problem', difficulty: 'N/A', topics: [] });
    const bobsView = (await t.call('GET', `${W}/get-questions?search=typed`, { token: bob.token })).body.data.questions;
    expect(bobsView.map((w: { question: { name: string } }) => w.question.name)).toEqual(['Typed Long Ago']);
    expect(names(await search('Typed Long Ago', eve.token))).toEqual([]);
  });
});
