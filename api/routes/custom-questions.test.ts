import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, verifyQuestion } from '../../scripts/admin';
import type { EnrichQuestionBody } from '../../shared/schemas/question';
import { customQuestions, questions, userQuestions } from '../db/schema';
import { createTestApp } from '../testing';


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

  const api = () => t.api['question-tracker'];
  const signedIn = (token?: string) => (token ? t.as(token) : undefined);
  const search = (name: string, token?: string) => t.reply(api().v1.question.search.$get({ query: { name } }, signedIn(token)));
  const names = (res: { body: { data: { questions: { name: string }[] } } }) => res.body.data.questions.map((q) => q.name);
  const lookup = (problemUrl: string, token?: string) => t.reply(api().v1.question['search-question2'].$get({ query: { problemUrl } }, signedIn(token)));
  const enrich = (token: string, json: EnrichQuestionBody) => t.reply(api().v1.question.enrich.$patch({ json }, t.as(token)));
  /** Answers 201 or 200 (new record or not), a union reply() does not infer: the client's own answer. */
  const solve = (token: string, custom: { name: string; problemUrl: string; difficulty?: string }) =>
    api().v1.user.question['solve-question'].$post({ json: { custom } }, t.as(token));
  const workspaceList = async (token: string, search?: string) =>
    (await t.reply(api().v1.user.question['get-questions'].$get({ query: search ? { search } : {} }, t.as(token)))).body.data.questions;
  const analytics = async (token: string) => (await t.reply(api().v1.user.analytics.get.$get({ query: { days: '-1' } }, t.as(token)))).body.data.analytics;

  async function sheetWith(owner: { token: string }, url: string, title: string, visibility: 'public' | 'private') {
    const sheets = api().v2.sheet;
    const created = await t.reply(sheets['create-sheet'].$post({ json: { name: `Sheet ${title}`, slug: `s-${Math.random().toString(36).slice(2, 10)}` } }, t.as(owner.token)));
    expect(created.status).toBe(201);
    const id = created.body.data.sheet._id;
    const added = await t.reply(sheets['add-questions'][':id'].$post({ param: { id }, json: { data: [{ topic: '', subTopic: '', problemUrl: url, title }] } }, t.as(owner.token)));
    expect(added.status).toBe(201);
    if (visibility === 'public') expect((await t.reply(sheets['mark-sheet-public'][':id'].$patch({ param: { id } }, t.as(owner.token)))).status).toBe(200);
    return { id, mappingId: added.body.data.mappings[0]!._id };
  }

  it('never finds a name typed in a private sheet or a workspace, except for its owner', async () => {
    await sheetWith(ada, 'https://leetcode.com/problems/zebra-stripes/', 'Zebra private plan', 'private');
    await solve(ada.token, { name: 'Quokka workspace idea', problemUrl: 'https://codeforces.com/problemset/problem/77777/Q' });

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
    const read = async (token?: string) => (await t.reply(api().v2.sheet['get-sheet-data'][':id'].$get({ param: { id: sheet.id } }, signedIn(token)))).body.data.mappings[0];
    expect(await read(bob.token)).toMatchObject({ title: 'Ada’s title', questionId: { name: 'Ada’s title' } });

    // Eve adds the same problem under her own name and enriches it from her visit: only her copy changes.
    await solve(eve.token, { name: 'Eve’s own name', problemUrl: url });
    const visit = await enrich(eve.token, { problemUrl: url, name: 'Eve renamed it', difficulty: 'Hard', topics: ['Graffiti'] });
    expect(visit.body.data.question).toMatchObject({ name: 'Eve’s own name', difficulty: 'Hard', topics: ['Graffiti'] });
    for (const token of [undefined, ada.token, bob.token]) expect(await read(token)).toMatchObject({ questionId: { name: 'Ada’s title', difficulty: 'N/A', topics: [] } });

    // Bob ticks it from the sheet: his workspace names it as the sheet does, and his analysis has no Graffiti.
    expect((await t.reply(api().v2.sheet.public['follow-sheet'][':id'].$patch({ param: { id: sheet.id } }, t.as(bob.token)))).status).toBe(200);
    expect(
      (await t.reply(api().v2.sheet['mark-question'][':id'][':mappingId'].$patch({ param: { id: sheet.id, mappingId: sheet.mappingId }, json: { checked: true } }, t.as(bob.token)))).status,
    ).toBe(200);
    const his = await workspaceList(bob.token);
    expect(his.map((w) => w.question)).toEqual([expect.objectContaining({ name: 'Ada’s title', difficulty: 'N/A' })]);
    const analysis = await analytics(bob.token);
    expect(analysis.topicWiseDistribution).toEqual({});
    expect(analysis.difficultyWiseDistribution).toEqual({ 'N/A': 1 });
    const evesAnalysis = await analytics(eve.token);
    expect(evesAnalysis).toMatchObject({ topicWiseDistribution: {}, difficultyWiseDistribution: {} }); // not solved: not counted
    const filters = (await t.reply(api().v1.user.question['get-filters'].$get({}, t.as(eve.token)))).body.data;
    expect(filters).toMatchObject({ difficulties: ['Hard'], topics: ['Graffiti'] });
  });

  it('verifies a custom question into the catalogue with the admin command: everyone then sees the catalogue’s data', async () => {
    const url = 'https://leetcode.com/problems/verify-me/';
    for (const [who, name] of [
      [ada, 'Verify Me'],
      [bob, 'Verify Me'],
      [eve, 'verify me plz'],
    ] as const) {
      expect((await solve(who.token, { name, difficulty: 'Medium', problemUrl: url })).status).toBe(201);
    }
    const out: string[] = [];
    const err: string[] = [];
    const open = () => Promise.resolve({ db: t.db, close: () => Promise.resolve() });
    const toOut = (line: string) => out.push(line);
    const toErr = (line: string) => err.push(line);
    expect(await runAdmin(['verify-question', url], open, toOut, toErr)).toBe(0);
    expect(out).toEqual(['Verified "Verify Me" (Medium) into the catalogue.']);
    expect(await verifyQuestion(t.db, url, 'Something else')).toMatchObject({ name: 'Verify Me', changed: false });
    expect(await runAdmin(['verify-question', 'https://leetcode.com/problems/not-in-catalogue/'], open, toOut, toErr)).toBe(1);
    expect(err.at(-1)).toContain('no question');

    const [row] = await t.db.select().from(questions).where(eq(questions.key, 'verify-me'));
    expect(row).toMatchObject({ verified: true, name: 'Verify Me', difficulty: 'Medium' });
    expect(await t.db.select().from(customQuestions).where(eq(customQuestions.questionId, row!.id))).toEqual([]);
    const evesView = await workspaceList(eve.token, 'verify');
    expect(evesView.map((w) => [w.question.name, w.editable])).toEqual([['Verify Me', false]]);
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
    const bobsView = await workspaceList(bob.token, 'typed');
    expect(bobsView.map((w) => w.question.name)).toEqual(['Typed Long Ago']);
    expect(names(await search('Typed Long Ago', eve.token))).toEqual([]);
  });
});
