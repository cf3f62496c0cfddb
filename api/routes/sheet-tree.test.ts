import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_MESSAGES } from '../../shared/rules/sheet';
import { UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { createApp } from '../app';
import { STALE_MESSAGE } from '../services/sheets';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { collaborators } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { createTestApp, openSecondProcessDatabase, typedClient } from '../testing';
import { editor, get, sheetApi, type T } from '../testing-sheets';

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

  it('exactly one of many simultaneous moves of a question from the same version applies; the rest are stale', async () => {
    const author = await t.signup('Mover');
    const own = await t.createSheet(author.token, 'Moves');
    const e = editor(t, author.token, own._id);
    for (const topic of ['From', 'To']) expect((await e.addTopic({ topic })).status).toBe(201);
    const added = await e.addQuestions({ data: [{ topic: 'From', subTopic: '', problemUrl: 'https://leetcode.com/problems/two-sum/' }] });
    const mappingId = added.body.data.mappings[0]!._id;
    const before = (await get(t, own.slug, author.token)).body.data.sheet;
    // The question order stays: only the place changes, so no config differs from the one stored.
    const move = { topic: 'To', subTopic: '', questionOrder: before.config.questionOrder, version: before.version };
    const answers = await Promise.all(Array.from({ length: 30 }, () => e.moveQuestion(mappingId, move)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const stale = answers.filter((r) => r.status === 409);
    expect(stale).toHaveLength(29);
    for (const r of stale) expect(r.body.status.message).toBe(STALE_MESSAGE);
    const after = (await get(t, own.slug, author.token)).body.data;
    expect(after.sheet.version).toBe(before.version + 1);
    expect(answers.find((r) => r.status === 200)!.body.data).toMatchObject({ version: after.sheet.version, mapping: { _id: mappingId, topic: 'To' } });
    expect(after.mappings.find((m) => m._id === mappingId)).toMatchObject({ topic: 'To' });
    // A move back from the version the first one left applies; the same move again changes nothing and stays at that version.
    const back = { ...move, topic: 'From', version: after.sheet.version };
    expect((await e.moveQuestion(mappingId, back)).body.data).toMatchObject({ version: after.sheet.version + 1 });
    expect((await e.moveQuestion(mappingId, { ...back, version: after.sheet.version + 1 })).body.data).toMatchObject({ version: after.sheet.version + 1 });
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
