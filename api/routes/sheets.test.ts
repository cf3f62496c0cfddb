import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SHEET_MESSAGES } from '../../shared/rules/sheet';
import { UPLOAD_MESSAGES } from '../../shared/rules/upload';
import type {
  CreateSheetBody,
  addQuestionsBodySchema,
  addSubTopicBodySchema,
  addTopicBodySchema,
  renameSubTopicBodySchema,
  renameTopicBodySchema,
  subTopicQuerySchema,
  topicQuerySchema,
  updateMappingBodySchema,
  updateSheetBodySchema,
} from '../../shared/schemas/sheet';
import { collaborators, reviewCards } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { createApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { createTestApp, openSecondProcessDatabase, typedClient } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const S = '/question-tracker/v2/sheet';

const sheetApi = (t: T) => t.api['question-tracker'].v2.sheet;
const signedIn = (t: T, token?: string) => (token ? t.as(token) : undefined);
const get = async (t: T, slug: string, token?: string) => t.reply(sheetApi(t)['get-sheet-data-by-slug'][':slug'].$get({ param: { slug } }, signedIn(t, token)));

/** The calls that edit one sheet's details and tree, as one user makes them. */
function editor(t: T, token: string, id: string) {
  const api = sheetApi(t);
  const param = { id };
  const as = t.as(token);
  return {
    addTopic: (json: z.input<typeof addTopicBodySchema>) => t.reply(api['add-topic'][':id'].$post({ param, json }, as)),
    addSubTopic: (json: z.input<typeof addSubTopicBodySchema>) => t.reply(api['add-subTopic'][':id'].$post({ param, json }, as)),
    addQuestions: (json: z.input<typeof addQuestionsBodySchema>) => t.reply(api['add-questions'][':id'].$post({ param, json }, as)),
    moveQuestion: (mappingId: string, json: z.input<typeof updateMappingBodySchema>) =>
      t.reply(api['update-mapping'][':id'][':mappingId'].$patch({ param: { id, mappingId }, json }, as)),
    removeQuestion: (mappingId: string) => t.reply(api['remove-question'][':id'][':mappingId'].$delete({ param: { id, mappingId } }, as)),
    updateSheet: (json: z.input<typeof updateSheetBodySchema>) => t.reply(api['update-sheet'][':id'].$patch({ param, json }, as)),
    renameTopic: (json: z.input<typeof renameTopicBodySchema>) => t.reply(api['update-topic'][':id'].$patch({ param, json }, as)),
    renameSubTopic: (json: z.input<typeof renameSubTopicBodySchema>) => t.reply(api['update-subTopic'][':id'].$patch({ param, json }, as)),
    deleteTopic: (query: z.input<typeof topicQuerySchema>) => t.reply(api['delete-topic'][':id'].$delete({ param, query }, as)),
    deleteSubTopic: (query: z.input<typeof subTopicQuerySchema>) => t.reply(api['delete-Subtopic'][':id'].$delete({ param, query }, as)),
    markPrivate: () => t.reply(api['mark-sheet-private'][':id'].$patch({ param }, as)),
  };
}

/**
 * The import route reads its multipart form itself (no validator the client could type it from), so the
 * form goes as the request's own body, which hono's client lets `init` set.
 */
const importForm = (t: T, token: string, form: FormData) =>
  t.reply(t.api['question-tracker'].v1.user.uploader.sheet.$post({}, { ...t.as(token), init: { body: form } }));

describe('sheets: creation and reading', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  it('creates a private sheet and enforces the name and slug rules', async () => {
    const create = (json: CreateSheetBody, token?: string) => t.reply(sheetApi(t)['create-sheet'].$post({ json }, signedIn(t, token)));
    const a = await t.signup('Creator');
    const res = await create({ name: 'My Graphs', slug: 'my-graphs' }, a.token);
    expect(res.status).toBe(201);
    expect(res.body.data.sheet).toMatchObject({ name: 'My Graphs', slug: 'my-graphs', visibility: 'private', isAuthor: true, totalQuestions: 0, author: a.email });
    expect(res.body.status.message).toBe('Sheet created successfully');

    const dupName = await create({ name: 'my graphs', slug: 'other-slug' }, a.token);
    expect(dupName.status).toBe(409);
    expect(dupName.body.status.message).toBe(SHEET_MESSAGES.nameTaken);
    const empty = await create({ name: '   ', slug: 'x' }, a.token);
    expect(empty.body.status.message).toBe(SHEET_MESSAGES.nameEmpty);
    const badSlug = await create({ name: 'Other', slug: 'Bad Slug!' }, a.token);
    expect(badSlug.body.status.message).toBe(SHEET_MESSAGES.slugPattern);
    const noSlug = await create({ name: 'Other', slug: '' }, a.token);
    expect(noSlug.body.status.message).toBe(SHEET_MESSAGES.slugEmpty);
    // Another user may use the same name, not the same slug.
    const b = await t.signup('Other');
    expect((await create({ name: 'My Graphs', slug: 'my-graphs-2' }, b.token)).status).toBe(201);
    expect((await create({ name: 'Taken', slug: 'my-graphs' }, b.token)).status).toBe(409);
    expect((await create({ name: 'Anon', slug: 'anon' })).status).toBe(401);
  });

  it('validate-slug answers whether a slug is free and well formed', async () => {
    const v = async (slug: string) => (await t.reply(sheetApi(t)['validate-slug'].$get({ query: { slug } }))).body.data.valid;
    expect(await v('blind-75')).toBe(false);
    expect(await v('a-fresh-slug-123')).toBe(true);
    expect(await v('Not Valid')).toBe(false);
    expect(await v('')).toBe(false);
  });

  it('serves a curated sheet to anyone with mappings in order', async () => {
    const res = await get(t, 'blind-75');
    expect(res.status).toBe(200);
    const { sheet, mappings, progress } = res.body.data;
    expect(sheet).toMatchObject({ name: 'Blind 75', visibility: 'public', isAuthor: false, isFollowing: false, author: '' });
    expect(sheet.totalQuestions).toBe(75);
    expect(mappings).toHaveLength(75);
    expect(sheet.config.questionOrder).toHaveLength(75);
    expect(new Set(sheet.config.questionOrder)).toEqual(new Set(mappings.map((m) => m._id)));
    expect(mappings[0]!.questionId).toMatchObject({ name: expect.any(String) as unknown, platform: 'leetcode' });
    expect(progress).toEqual({ solved: [], starred: [] });
  });

  it('hides private sheets (404 No Sheet found) from everyone but members', async () => {
    const a = await t.signup('Owner');
    const sheet = await t.createSheet(a.token);
    expect((await get(t, sheet.slug, a.token)).status).toBe(200);
    const stranger = await t.signup('Stranger');
    for (const token of [undefined, stranger.token]) {
      const res = await get(t, sheet.slug, token);
      expect(res.status).toBe(404);
      expect(res.body.status.message).toBe(SHEET_MESSAGES.notFound);
      expect((await t.reply(sheetApi(t)['get-sheet-data'][':id'].$get({ param: { id: sheet._id } }, signedIn(t, token)))).status).toBe(404);
    }
    expect((await get(t, 'no-such-sheet')).status).toBe(404);
    expect((await t.reply(sheetApi(t)['get-sheet-data'][':id'].$get({ param: { id: 'not-a-uuid' } }))).status).toBe(404);
  });

  it('hides a premium sheet’s questions without the entitlement', async () => {
    const res = await get(t, 'google-interview-sheet');
    expect(res.status).toBe(200);
    expect(res.body.data.mappings).toEqual([]);
    expect(res.body.data.sheet.totalQuestions).toBeGreaterThan(0);
  });
});

describe('sheets: the tree', () => {
  let t: T;
  let owner: Awaited<ReturnType<T['signup']>>;
  let sheet: { _id: string; slug: string };
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
    owner = await t.signup('Owner');
    sheet = await t.createSheet(owner.token, 'Tree Sheet');
  });
  afterAll(() => t.close());

  const data = async () => (await get(t, sheet.slug, owner.token)).body.data;
  const edit = () => editor(t, owner.token, sheet._id);

  it('adds topics and subtopics with the spec messages', async () => {
    expect((await edit().addTopic({ topic: '' })).body.status.message).toBe(SHEET_MESSAGES.topicRequired);
    expect((await edit().addTopic({ topic: 'Arrays' })).status).toBe(201);
    expect((await edit().addTopic({ topic: 'Graphs' })).status).toBe(201);
    const topicDup = await edit().addTopic({ topic: 'Arrays' });
    expect(topicDup.status).toBe(409);
    expect(topicDup.body.status.message).toBe(SHEET_MESSAGES.topicDuplicate);
    // Another case is the same name.
    expect((await edit().addTopic({ topic: ' arrays' })).body.status.message).toBe(SHEET_MESSAGES.topicDuplicate);
    expect((await edit().addSubTopic({ topic: 'Arrays', subTopic: ' ' })).body.status.message).toBe(SHEET_MESSAGES.subTopicEmpty);
    expect((await edit().addSubTopic({ topic: 'Arrays', subTopic: 'Prefix Sums' })).status).toBe(201);
    const dup = await edit().addSubTopic({ topic: 'Arrays', subTopic: 'Prefix Sums' });
    expect(dup.status).toBe(409);
    expect(dup.body.status.message).toBe(SHEET_MESSAGES.subTopicDuplicate);
    expect((await edit().addSubTopic({ topic: 'Arrays', subTopic: 'PREFIX SUMS' })).body.status.message).toBe(SHEET_MESSAGES.subTopicDuplicate);
    // The same subtopic name is fine in another topic.
    expect((await edit().addSubTopic({ topic: 'Graphs', subTopic: 'Prefix Sums' })).status).toBe(201);
    const { sheet: s } = await data();
    expect(s.config.topicOrder).toEqual(['Arrays', 'Graphs']);
    expect(s.config.subTopicOrder).toEqual({ Arrays: ['Prefix Sums'], Graphs: ['Prefix Sums'] });
  });

  it('adds catalogue and custom questions, refuses bad URLs and duplicates, keeps the order', async () => {
    const res = await edit().addQuestions({
      data: [
        { topic: 'Arrays', subTopic: '', problemUrl: 'https://leetcode.com/problems/two-sum/description/' },
        { topic: 'Arrays', subTopic: 'Prefix Sums', problemUrl: 'leetcode.com/problems/product-of-array-except-self' },
        { topic: '', subTopic: '', title: 'My own problem', problemUrl: 'https://codeforces.com/contest/99999/problem/Z' },
      ],
    });
    expect(res.status).toBe(201);
    const added = res.body.data.mappings;
    expect(added.map((m) => m.title)).toEqual(['Two Sum', 'Product of Array Except Self', 'My own problem']);
    const d = await data();
    expect(d.sheet.config.questionOrder).toEqual(added.map((m) => m._id));
    const custom = d.mappings.find((m) => m.title === 'My own problem')!;
    expect(custom.topic).toBe('');
    expect(custom.questionId.platform).toBe('codeforces');

    const invalid = await edit().addQuestions({ data: [{ topic: 'Arrays', problemUrl: 'https://example.com/x' }] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.status.error).toBe('InvalidPlatform');
    const dup = await edit().addQuestions({ data: [{ topic: 'Graphs', problemUrl: 'https://leetcode.com/problems/two-sum' }] });
    expect(dup.status).toBe(409);
    const nowhere = await edit().addQuestions({ data: [{ topic: 'Nope', problemUrl: 'https://leetcode.com/problems/3sum/' }] });
    expect(nowhere.status).toBe(400);
    // A failed add changes nothing, even when earlier items were fine.
    const mixed = await edit().addQuestions({
      data: [
        { topic: 'Graphs', problemUrl: 'https://leetcode.com/problems/number-of-islands/' },
        { topic: 'Graphs', problemUrl: 'not a url' },
      ],
    });
    expect(mixed.status).toBe(400);
    expect((await data()).mappings).toHaveLength(3);
  });

  it('moves a question between zones with the version it was based on; a stale version gets 409', async () => {
    const d = await data();
    const custom = d.mappings.find((m) => m.title === 'My own problem')!;
    const order = [custom._id, ...d.sheet.config.questionOrder.filter((id) => id !== custom._id)];
    const moved = await edit().moveQuestion(custom._id, { topic: 'Graphs', subTopic: 'Prefix Sums', questionOrder: order, version: d.sheet.version });
    expect(moved.status).toBe(200);
    const after = await data();
    expect(after.sheet.config.questionOrder).toEqual(order);
    expect(after.mappings.find((m) => m._id === custom._id)).toMatchObject({ topic: 'Graphs', subTopic: 'Prefix Sums' });
    const stale = await edit().moveQuestion(custom._id, { topic: '', subTopic: '', questionOrder: order, version: d.sheet.version });
    expect(stale.status).toBe(409);
    const dropped = await edit().moveQuestion(custom._id, { topic: '', subTopic: '', questionOrder: order.slice(1), version: after.sheet.version });
    expect(dropped.status).toBe(400);
  });

  it('reorders topics via update-sheet, refusing subtopic moves between topics and stale versions', async () => {
    // A tick of the editor's own, so the answer's solved count has something to count.
    const first = (await data()).mappings[0]!;
    const ticked = await t.reply(sheetApi(t)['mark-question'][':id'][':mappingId'].$patch({ param: { id: sheet._id, mappingId: first._id }, json: { checked: true } }, t.as(owner.token)));
    expect(ticked.status).toBe(200);
    const d = await data();
    expect(d.sheet).toMatchObject({ totalQuestions: d.mappings.length, userSolved: 1 });
    const cfg = d.sheet.config;
    const reordered = await edit().updateSheet({ config: { ...cfg, topicOrder: ['Graphs', 'Arrays'] }, version: d.sheet.version });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.sheet.config.topicOrder).toEqual(['Graphs', 'Arrays']);
    // The answer is the sheet as a read now shows it: the new order, version and last edit.
    const now = await data();
    expect(now.sheet.version).toBe(d.sheet.version + 1);
    expect(reordered.body.data.sheet).toEqual(now.sheet);
    const lost = await edit().updateSheet({ config: { ...now.sheet.config, questionOrder: now.sheet.config.questionOrder.slice(1) }, version: now.sheet.version });
    expect(lost.status).toBe(400);
    expect(lost.body.status.message).toBe('The question order must list every question of the sheet once');
    const stale = await edit().updateSheet({ config: cfg, version: d.sheet.version });
    expect(stale.status).toBe(409);
    const fresh = await data();
    const across = await edit().updateSheet({
      config: { ...fresh.sheet.config, subTopicOrder: { Arrays: [], Graphs: ['Prefix Sums', 'Other'] } },
      version: fresh.sheet.version,
    });
    expect(across.status).toBe(400);
    expect(across.body.status.message).toBe('Cannot move subtopics between topics');
  });

  it('takes topic names that are also names of object properties ("constructor", "toString") like any other', async () => {
    for (const topic of ['constructor', 'toString']) expect((await edit().addTopic({ topic })).status).toBe(201);
    expect((await edit().addSubTopic({ topic: 'constructor', subTopic: 'Only' })).status).toBe(201);
    const d = await data();
    expect(d.sheet.config.subTopicOrder).toMatchObject({ constructor: ['Only'], toString: [] });
    // A reorder that leaves those topics' subtopics out moves them: refused like any other.
    const rest = Object.fromEntries(Object.entries(d.sheet.config.subTopicOrder).filter(([topic]) => topic !== 'constructor' && topic !== 'toString'));
    const dropped = await edit().updateSheet({ config: { ...d.sheet.config, subTopicOrder: rest }, version: d.sheet.version });
    expect(dropped.status).toBe(400);
    expect(dropped.body.status.message).toBe('Cannot move subtopics between topics');
    const kept = await edit().updateSheet({ config: { ...d.sheet.config, topicOrder: [...d.sheet.config.topicOrder].reverse() }, version: d.sheet.version });
    expect(kept.status).toBe(200);
    for (const topic of ['constructor', 'toString']) expect((await edit().deleteTopic({ topic })).status).toBe(200);
  });

  it('exactly one of many simultaneous reorders from the same version applies', async () => {
    const d = await data();
    // Each one changes the order (a reorder to the order already there changes nothing and is no conflict).
    const topicOrder = [...d.sheet.config.topicOrder].reverse();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => edit().updateSheet({ config: { ...d.sheet.config, topicOrder }, version: d.sheet.version })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
  });

  it('reorders of several sheets at once are written together, each with its own version check and answer', async () => {
    const authors = await Promise.all(['Ann', 'Bea', 'Cy', 'Dee'].map((name) => t.signup(`Reorder${name}`)));
    const sheets = await Promise.all(authors.map((a, i) => t.createSheet(a.token, `Together ${i}`)));
    const edits = authors.map((a, i) => editor(t, a.token, sheets[i]!._id));
    for (const e of edits) for (const topic of ['One', 'Two', 'Three']) expect((await e.addTopic({ topic })).status).toBe(201);
    const before = await Promise.all(authors.map(async (a, i) => (await get(t, sheets[i]!.slug, a.token)).body.data.sheet));
    const orders = [['Two', 'One', 'Three'], ['Three', 'Two', 'One'], ['One', 'Three', 'Two'], ['Two', 'Three', 'One']];
    // The first goes out alone; the rest arrive while it is out and share a statement, the last one stale.
    const answers = await Promise.all([
      ...edits.map((e, i) => e.updateSheet({ config: { ...before[i]!.config, topicOrder: orders[i]! }, version: before[i]!.version })),
      edits[3]!.updateSheet({ config: { ...before[3]!.config, topicOrder: ['Three', 'One', 'Two'] }, version: before[3]!.version }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 409]);
    for (const [i, a] of authors.entries()) {
      const read = (await get(t, sheets[i]!.slug, a.token)).body.data.sheet;
      expect(read).toMatchObject({ _id: sheets[i]!._id, version: before[i]!.version + 1 });
      if (i < 3) {
        expect(read.config.topicOrder).toEqual(orders[i]);
        expect(answers[i]!.body.data.sheet).toMatchObject({ _id: sheets[i]!._id, version: read.version, config: { topicOrder: orders[i] } });
      }
    }
  });

  it('refuses a topic named __proto__ when adding or renaming, and the sheet stays editable', async () => {
    const before = await data();
    const added = await edit().addTopic({ topic: '__proto__' });
    expect(added.status).toBe(400);
    expect(added.body.status.message).toBe(UPLOAD_MESSAGES.reservedTopic);
    const renamed = await edit().renameTopic({ oldTopic: before.sheet.config.topicOrder[0]!, newTopic: '__proto__' });
    expect(renamed.status).toBe(400);
    const after = await data();
    expect(after.sheet.config).toEqual(before.sheet.config);
    expect(after.sheet.version).toBe(before.sheet.version);
    // Other names that live on Object.prototype are ordinary topics.
    expect((await edit().addTopic({ topic: 'toString' })).status).toBe(201);
    expect((await edit().addSubTopic({ topic: 'toString', subTopic: 'valueOf' })).status).toBe(201);
    // As an own property: the type of `.toString` on a record would be Object's method.
    expect((await data()).sheet.config.subTopicOrder).toMatchObject({ toString: ['valueOf'] });
    expect((await edit().deleteTopic({ topic: 'toString' })).status).toBe(200);
  });

  it('renames and deletes topics and subtopics with the spec messages', async () => {
    expect((await edit().renameTopic({ oldTopic: 'Arrays', newTopic: '' })).body.status.message).toBe(SHEET_MESSAGES.topicEmpty);
    const onto = await edit().renameTopic({ oldTopic: 'Arrays', newTopic: 'Graphs' });
    expect(onto.status).toBe(409);
    expect(onto.body.status.message).toBe(SHEET_MESSAGES.topicDuplicate);
    expect((await edit().renameTopic({ oldTopic: 'Arrays', newTopic: 'graphs' })).body.status.message).toBe(SHEET_MESSAGES.topicDuplicate);
    expect((await edit().renameTopic({ oldTopic: 'Arrays', newTopic: 'Arrays' })).status).toBe(200);
    expect((await edit().renameTopic({ oldTopic: 'Arrays', newTopic: 'Array Basics' })).status).toBe(200);
    let d = await data();
    expect(d.sheet.config.topicOrder).toContain('Array Basics');
    expect(d.mappings.filter((m) => m.topic === 'Array Basics')).toHaveLength(2);
    expect((await edit().renameSubTopic({ topic: 'Array Basics', oldSubTopic: 'Prefix Sums', newSubTopic: '' })).body.status.message).toBe(
      SHEET_MESSAGES.subTopicRequired,
    );
    expect((await edit().addSubTopic({ topic: 'Array Basics', subTopic: 'Two Pointers' })).status).toBe(201);
    const subOnto = await edit().renameSubTopic({ topic: 'Array Basics', oldSubTopic: 'Prefix Sums', newSubTopic: 'Two Pointers' });
    expect(subOnto.status).toBe(409);
    expect(subOnto.body.status.message).toBe(SHEET_MESSAGES.subTopicDuplicate);
    expect((await edit().renameSubTopic({ topic: 'Array Basics', oldSubTopic: 'Prefix Sums', newSubTopic: 'Running Sums' })).status).toBe(200);
    d = await data();
    expect(d.mappings.find((m) => m.title === 'Product of Array Except Self')!.subTopic).toBe('Running Sums');

    expect((await edit().deleteSubTopic({ topic: 'Array Basics', subTopic: 'Running Sums' })).status).toBe(200);
    d = await data();
    expect(d.mappings.map((m) => m.title)).not.toContain('Product of Array Except Self');
    expect(d.sheet.config.questionOrder).toHaveLength(d.mappings.length);
    expect((await edit().deleteTopic({ topic: 'Graphs' })).status).toBe(200);
    d = await data();
    expect(d.sheet.config.topicOrder).toEqual(['Array Basics']);
    expect(d.mappings.map((m) => m.title)).toEqual(['Two Sum']);
    expect(d.sheet.config.questionOrder).toHaveLength(1);
  });

  it('removes a question from the sheet', async () => {
    const d = await data();
    const id = d.mappings[0]!._id;
    expect((await edit().removeQuestion(id)).body.status.message).toBe('Question removed from sheet');
    const after = await data();
    expect(after.mappings).toHaveLength(0);
    expect(after.sheet.config.questionOrder).toEqual([]);
    expect((await edit().removeQuestion(id)).status).toBe(404);
  });
});

describe('sheets: roles, follow, tick and star', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  it('lets collaborators edit structure but not the sheet details; others may not edit', async () => {
    const owner = await t.signup('Owner');
    const collab = await t.signup('Collab');
    const follower = await t.signup('Follower');
    const sheet = await t.createSheet(owner.token);
    await t.db.insert(collaborators).values({ sheetId: sheet._id, userId: collab.user._id });
    expect((await editor(t, collab.token, sheet._id).addTopic({ topic: 'DP' })).status).toBe(201);
    expect((await editor(t, collab.token, sheet._id).updateSheet({ name: 'Renamed' })).status).toBe(403);
    expect((await editor(t, owner.token, sheet._id).updateSheet({ name: 'Renamed', description: 'New words' })).status).toBe(200);
    // The owner makes it public (direct write until the visibility call exists), a follower may not edit.
    const d = (await get(t, sheet.slug, collab.token)).body.data;
    expect(d.sheet).toMatchObject({ isCollaborator: true, author: owner.email });
    const collabs = await t.reply(sheetApi(t).collaborators['get-collaborators'][':id'].$get({ param: { id: sheet._id } }, t.as(owner.token)));
    expect(collabs.body.data).toMatchObject({ isAuthor: true, collaborators: [{ user: collab.email }] });
    const reorder = await editor(t, follower.token, sheet._id).updateSheet({ config: d.sheet.config, version: d.sheet.version });
    expect(reorder.status).toBe(404); // private: it does not exist for them
  });

  const mark = (id: string, mappingId: string, json: { checked?: boolean; starred?: boolean }, token?: string) =>
    t.reply(sheetApi(t)['mark-question'][':id'][':mappingId'].$patch({ param: { id, mappingId }, json }, signedIn(t, token)));
  const follow = (id: string, token?: string) => t.reply(sheetApi(t).public['follow-sheet'][':id'].$patch({ param: { id } }, signedIn(t, token)));

  it('keeps no half of a tick: when its review card cannot be written, the record is not ticked either', async () => {
    const u = await t.signup('Halfway');
    const before = (await get(t, 'blind-75', u.token)).body.data;
    const mapping = before.mappings.find((m) => m.questionId.name === 'Two Sum')!;
    expect((await follow(before.sheet._id, u.token)).status).toBe(200);
    // The review card's insert fails for this user only, after the record's upsert has run.
    await t.db.execute(sql.raw(`create function fail_card() returns trigger language plpgsql as $$ begin raise exception 'no card'; end $$`));
    await t.db.execute(sql.raw(`create trigger fail_card before insert on review_cards for each row when (new.user_id = '${u.user._id}') execute function fail_card()`));
    try {
      const failed = await t.call('PATCH', `/question-tracker/v2/sheet/mark-question/${before.sheet._id}/${mapping._id}`, { token: u.token, body: { checked: true, starred: true } });
      expect(failed.status).toBe(500);
      const after = (await get(t, 'blind-75', u.token)).body.data;
      expect(after.progress).toEqual({ solved: [], starred: [] });
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_card on review_cards'));
      await t.db.execute(sql.raw('drop function fail_card()'));
    }
    const ticked = await mark(before.sheet._id, mapping._id, { checked: true }, u.token);
    expect(ticked.body.data.record).toMatchObject({ checked: true });
  });

  it('writes ticks and stars sent at once by many followers, each with its own answer, progress and review card', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => t.signup(`Crowd${i}`)));
    const before = (await get(t, 'blind-75', people[0]!.token)).body.data;
    for (const p of people) expect((await follow(before.sheet._id, p.token)).status).toBe(200);
    const maps = before.mappings.slice(0, people.length + 1);
    // Person i ticks question i and stars question i + 1, all at once.
    const answers = await Promise.all(
      people.flatMap((p, i) => [mark(before.sheet._id, maps[i]!._id, { checked: true }, p.token), mark(before.sheet._id, maps[i + 1]!._id, { starred: true }, p.token)]),
    );
    people.forEach((_, i) => {
      const [tick, star] = [answers[2 * i]!, answers[2 * i + 1]!];
      expect(tick.status).toBe(200);
      expect(tick.body.data).toMatchObject({ questionId: maps[i]!.questionId._id, record: { checked: true, starred: false } });
      expect(tick.body.data.record.solvedAt).not.toBeNull();
      expect(star.body.data).toMatchObject({ questionId: maps[i + 1]!.questionId._id, record: { checked: false, starred: true, solvedAt: null } });
    });
    for (const [i, p] of people.entries()) {
      expect((await get(t, 'blind-75', p.token)).body.data.progress).toEqual({ solved: [maps[i]!.questionId._id], starred: [maps[i + 1]!.questionId._id] });
    }
    const cards = await t.db
      .select({ userId: reviewCards.userId, questionId: reviewCards.questionId, active: reviewCards.active })
      .from(reviewCards)
      .where(inArray(reviewCards.userId, people.map((p) => p.user._id)));
    expect(cards).toHaveLength(2 * people.length);
    expect(cards.every((c) => c.active)).toBe(true);
  });

  it('follows and unfollows a public sheet, counting followers; tick and star need following', async () => {
    const u = await t.signup('Learner');
    const before = (await get(t, 'blind-75', u.token)).body.data;
    const mapping = before.mappings.find((m) => m.questionId.name === 'Two Sum')!;

    const notYet = await mark(before.sheet._id, mapping._id, { checked: true }, u.token);
    expect(notYet.status).toBe(403);
    expect(notYet.body.status.message).toBe(SHEET_MESSAGES.followRequired);
    expect((await mark(before.sheet._id, mapping._id, { checked: true })).status).toBe(401);

    const followed = await follow(before.sheet._id, u.token);
    expect(followed.status).toBe(200);
    expect(followed.body.data.sheet).toMatchObject({ isFollowing: true, followers: before.sheet.followers + 1 });
    // Following twice does not count twice.
    expect((await follow(before.sheet._id, u.token)).body.data.sheet.followers).toBe(before.sheet.followers + 1);

    const ticked = await mark(before.sheet._id, mapping._id, { checked: true, starred: true }, u.token);
    expect(ticked.status).toBe(200);
    expect(ticked.body.data.record).toMatchObject({ checked: true, starred: true });

    // Solved once shows solved in every sheet containing it and in the lookup.
    const other = (await get(t, 'neetcode-150', u.token)).body.data;
    expect(other.progress.solved).toContain(mapping.questionId._id);
    expect(other.sheet.userSolved).toBe(1);
    const lookup = await t.reply(t.api['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl: mapping.questionId.problemUrl } }, t.as(u.token)));
    expect(lookup.body.data.solved).toBe(true);

    const unfollowed = await t.reply(sheetApi(t).public['unfollow-sheet'][':id'].$patch({ param: { id: before.sheet._id } }, t.as(u.token)));
    expect(unfollowed.body.data.sheet).toMatchObject({ isFollowing: false, followers: before.sheet.followers });
    expect((await mark(before.sheet._id, mapping._id, { checked: false }, u.token)).status).toBe(403);
  });

  it('refuses following a private sheet (404), one’s own sheet (400), and anonymous follows (401)', async () => {
    const owner = await t.signup('Owner2');
    const other = await t.signup('Other2');
    const sheet = await t.createSheet(owner.token);
    expect((await follow(sheet._id, other.token)).status).toBe(404);
    expect((await follow(sheet._id, owner.token)).status).toBe(400);
    expect((await follow(sheet._id)).status).toBe(401);
  });

  it('lets the creator tick in their own sheet without following', async () => {
    const owner = await t.signup('Ticker');
    const sheet = await t.createSheet(owner.token);
    const added = await editor(t, owner.token, sheet._id).addQuestions({ data: [{ problemUrl: 'https://leetcode.com/problems/3sum/' }] });
    const id = added.body.data.mappings[0]!._id;
    const res = await mark(sheet._id, id, { starred: true }, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.data.record).toMatchObject({ checked: false, starred: true });
    const d = (await get(t, sheet.slug, owner.token)).body.data;
    expect(d.progress.starred).toEqual([d.mappings[0]!.questionId._id]);
  });
});

describe('sheets: revalidation', () => {
  it('answers 304 to If-None-Match while the sheet is unchanged, 200 after a change', async () => {
    const t = await createTestApp();
    try {
      const owner = await t.signup('Etag');
      const sheet = await t.createSheet(owner.token);
      const first = await get(t, sheet.slug, owner.token);
      const tag = first.headers.get('etag');
      expect(tag).toBeTruthy();
      const again = await t.app.fetch(
        new Request(`http://localhost${S}/get-sheet-data-by-slug/${sheet.slug}`, { headers: { authorization: `Bearer ${owner.token}`, 'if-none-match': tag! } }),
      );
      expect(again.status).toBe(304);
      await editor(t, owner.token, sheet._id).addTopic({ topic: 'New' });
      const changed = await t.app.fetch(
        new Request(`http://localhost${S}/get-sheet-data-by-slug/${sheet.slug}`, { headers: { authorization: `Bearer ${owner.token}`, 'if-none-match': tag! } }),
      );
      expect(changed.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('sheets: a write that changes nothing', () => {
  it('leaves the version and the last-edited date alone, so a collaborator’s pending reorder still applies', async () => {
    const t = await createTestApp();
    try {
      const owner = await t.signup('Owner');
      const collab = await t.signup('Collab');
      const sheet = await t.createSheet(owner.token);
      await t.db.insert(collaborators).values({ sheetId: sheet._id, userId: collab.user._id });
      const edit = () => editor(t, owner.token, sheet._id);
      expect((await edit().addTopic({ topic: 'Arrays' })).status).toBe(201);
      expect((await edit().addTopic({ topic: 'Graphs' })).status).toBe(201);
      expect((await edit().addSubTopic({ topic: 'Arrays', subTopic: 'Basics' })).status).toBe(201);
      const added = await edit().addQuestions({ data: [{ topic: 'Arrays', subTopic: 'Basics', problemUrl: 'https://leetcode.com/problems/two-sum/' }] });
      expect(added.status).toBe(201);
      const mappingId = added.body.data.mappings[0]!._id;

      // The collaborator reads the sheet and starts a reorder.
      const pending = (await get(t, sheet.slug, collab.token)).body.data.sheet;
      const unchanged = async () => {
        const now = (await get(t, sheet.slug, owner.token)).body.data.sheet;
        expect(now.version).toBe(pending.version);
        expect(now.updatedAt).toBe(pending.updatedAt);
      };
      const importCsv = (rows: string[]) => {
        const form = new FormData();
        form.set('sheetId', sheet._id);
        form.set('file', new File([['problemUrl,topic,subTopic', ...rows].join('\n')], 'rows.csv', { type: 'text/csv' }));
        return importForm(t, owner.token, form);
      };

      // An import with no usable row, and one whose rows are all already there.
      const nothing = await importCsv(['https://example.com/not-a-problem,Arrays,', 'https://leetcode.com/problems/3sum/,__proto__,', 'https://leetcode.com/problems/3sum/,,Orphan']);
      expect(nothing.status, JSON.stringify(nothing.body)).toBe(200);
      expect(nothing.body.data).toMatchObject({ added: 0, total: 3 });
      await unchanged();
      const duplicates = await importCsv(['https://leetcode.com/problems/two-sum/,Arrays,Basics']);
      expect(duplicates.body.data).toMatchObject({ added: 0, duplicates: 1 });
      await unchanged();

      // A reorder to the same order, a move to the same place, renames to the same names.
      const same = await edit().updateSheet({ config: pending.config, version: pending.version });
      expect(same.status).toBe(200);
      expect(same.body.data.sheet.version).toBe(pending.version);
      const move = await edit().moveQuestion(mappingId, { topic: 'Arrays', subTopic: 'Basics', questionOrder: [mappingId], version: pending.version });
      expect(move.status).toBe(200);
      expect(move.body.data.version).toBe(pending.version);
      expect((await edit().renameTopic({ oldTopic: 'Arrays', newTopic: 'Arrays' })).body.data.version).toBe(pending.version);
      expect((await edit().renameSubTopic({ topic: 'Arrays', oldSubTopic: 'Basics', newSubTopic: 'Basics' })).body.data.version).toBe(pending.version);
      await unchanged();

      // The sheet's details and visibility saved as they are.
      expect((await edit().updateSheet({ name: pending.name, description: pending.description })).status).toBe(200);
      expect((await edit().updateSheet({ tag: pending.tag })).status).toBe(200);
      expect((await edit().markPrivate()).status).toBe(200);
      await unchanged();

      // The collaborator's reorder, based on the version read before all of that, applies.
      const reorder = await editor(t, collab.token, sheet._id).updateSheet({ config: { ...pending.config, topicOrder: ['Graphs', 'Arrays'] }, version: pending.version });
      expect(reorder.status, JSON.stringify(reorder.body.status)).toBe(200);
      expect(reorder.body.data.sheet.version).toBe(pending.version + 1);
    } finally {
      await t.close();
    }
  });
});

/**
 * A reorder is one statement when its process holds the sheet's config: the write itself checks that the
 * row is still the one that config was held for and that the editor may still edit. Another process's
 * edits, made past this one's memory, must be seen.
 */
describe('sheets: a reorder after another process changed the sheet', () => {
  let t: T;
  let other: Database | null;
  let onOther: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
    other = await openSecondProcessDatabase(t);
    const db = other ?? t;
    const otherApp = createApp({ db: db.db, config: testConfig({ dashboardDir: '/nonexistent' }), changes: db.changes });
    onOther = { ...t, api: typedClient(otherApp, db.changes) };
  });
  afterAll(async () => {
    await other?.close();
    await t.close();
  });

  it('checks the order against the sheet as it is, and the editor as they are now', async () => {
    const owner = await t.signup('Owner');
    const collab = await t.signup('Collab');
    const sheet = await t.createSheet(owner.token);
    const [membership] = await t.db.insert(collaborators).values({ sheetId: sheet._id, userId: collab.user._id }).returning();
    // Public, so that once removed the collaborator still sees it (a private sheet of others is not found).
    expect((await t.reply(sheetApi(t)['mark-sheet-public'][':id'].$patch({ param: { id: sheet._id } }, t.as(owner.token)))).status).toBe(200);
    const edit = editor(t, collab.token, sheet._id);
    expect((await edit.addTopic({ topic: 'Arrays' })).status).toBe(201);
    const added = await edit.addQuestions({ data: ['two-sum', '3sum'].map((slug) => ({ topic: 'Arrays', subTopic: '', problemUrl: `https://leetcode.com/problems/${slug}/` })) });
    expect(added.status).toBe(201);
    // The collaborator's page: this process now holds the sheet's config.
    const seen = (await get(t, sheet.slug, collab.token)).body.data.sheet;
    expect(seen.config.questionOrder).toHaveLength(2);

    // The owner adds a question through the other process.
    const more = await editor(onOther, owner.token, sheet._id).addQuestions({ data: [{ topic: 'Arrays', subTopic: '', problemUrl: 'https://leetcode.com/problems/4sum/' }] });
    expect(more.status).toBe(201);
    const current = (await get(onOther, sheet.slug, owner.token)).body.data.sheet;
    expect(current.config.questionOrder).toHaveLength(3);

    // An order of the two questions this process knew of, with the version the other process answered,
    // would drop the new one: refused, and nothing is lost.
    const dropping = await edit.updateSheet({ config: { ...seen.config, questionOrder: [...seen.config.questionOrder].reverse() }, version: current.version });
    expect(dropping.status).toBe(400);
    expect(dropping.body.status.message).toBe('The question order must list every question of the sheet once');
    expect((await get(onOther, sheet.slug, owner.token)).body.data.sheet.config.questionOrder).toEqual(current.config.questionOrder);

    // The whole order, moved: applied, and answered as a read then shows the sheet.
    const order = [...current.config.questionOrder].reverse();
    const moved = await edit.updateSheet({ config: { ...current.config, questionOrder: order }, version: current.version });
    expect(moved.status).toBe(200);
    const read = (await get(t, sheet.slug, collab.token)).body.data.sheet;
    expect(read.config.questionOrder).toEqual(order);
    expect(moved.body.data.sheet).toEqual(read);

    // The owner removes the collaborator through the other process: their next reorder, from the page
    // this process still holds, is refused and writes nothing.
    const removed = await onOther.reply(sheetApi(onOther).collaborators['remove-collaborator'][':sheetId'][':collaboratorId'].$delete({ param: { sheetId: sheet._id, collaboratorId: membership!.id } }, onOther.as(owner.token)));
    expect(removed.status).toBe(200);
    const refused = await edit.updateSheet({ config: { ...read.config, questionOrder: current.config.questionOrder }, version: read.version });
    expect(refused.status).toBe(403);
    expect(refused.body.status.message).toBe(SHEET_MESSAGES.reorderForbidden);
    expect((await get(onOther, sheet.slug, owner.token)).body.data.sheet).toMatchObject({ version: read.version, config: { questionOrder: order } });
  });
});
