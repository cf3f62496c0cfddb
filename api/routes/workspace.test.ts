import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MESSAGES } from '../../shared/rules/notes';
import { QUESTION_MESSAGES, type UnknownQuestion } from '../../shared/schemas/question';
import { WORKSPACE_MESSAGES, type SolveQuestionBody } from '../../shared/schemas/workspace';
import { noteQuestionLinks, notes, noteTagLinks, noteTags, questions, userQuestions } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { createTestApp } from '../testing';

const W_PATH = '/question-tracker/v1/user/question';

describe('workspace records: solve-question, tick, star, tags, custom questions, removal', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let a: Awaited<ReturnType<typeof t.signup>>;
  let b: Awaited<ReturnType<typeof t.signup>>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
    a = await t.signup('Ada');
    b = await t.signup('Bob');
  });
  afterAll(() => t.close());

  const W = () => t.api['question-tracker'].v1.user.question;
  const lookup = (url: string, token: string) => t.reply(t.api['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl: url } }, t.as(token)));
  const solve = (token: string | undefined, json: SolveQuestionBody) => t.reply(W()['solve-question'].$post({ json }, token ? t.as(token) : undefined));
  const update = (token: string | undefined, id: string, json: { checked?: boolean; starred?: boolean; customTags?: string[] }) =>
    t.reply(W()['update-question'][':id'].$patch({ param: { id }, json }, token ? t.as(token) : undefined));
  const editCustom = (token: string, id: string, json: { name?: string; difficulty?: string }) =>
    t.reply(W()['update-custom-question'][':id'].$patch({ param: { id }, json }, t.as(token)));
  const remove = (token: string | undefined, id: string) => t.reply(W()['remove-question'][':id'].$delete({ param: { id } }, token ? t.as(token) : undefined));
  const list = (token: string, query: { search?: string; pageSize?: string }) => t.reply(W()['get-questions'].$get({ query }, t.as(token)));

  it('adds a found question with its tick, star and tags, then reports it as already solved', async () => {
    const found = await lookup('https://leetcode.com/problems/two-sum/', a.token);
    expect(found.status).toBe(200);
    const res = await solve(a.token, { questionId: found.body.data.question._id, customTags: [' revisit! ', 'dp'], sheetsIn: [], custom: null, checked: true, starred: true, note: null });
    expect(res.status).toBe(201);
    expect(res.body.status.message).toBe('Added to workspace');
    expect(res.body.data.notes).toEqual([]);
    expect(res.body.data.question).toMatchObject({ checked: true, starred: true, customTags: ['revisit', 'dp'], editable: false, question: { name: 'Two Sum', verified: true } });
    expect(res.body.data.question.solvedAt).not.toBeNull();

    const again = await lookup('https://leetcode.com/problems/two-sum/', a.token);
    expect(again.body.data.solved).toBe(true);
    expect(again.body.data.document).toMatchObject({ _id: res.body.data.question._id, starred: true, customTags: ['revisit', 'dp'] });

    // Submitting again updates the same record: 200, not a second row.
    const update = await solve(a.token, { questionId: found.body.data.question._id, customTags: [], checked: true, starred: false });
    expect(update.status).toBe(200);
    expect(update.body.data.question).toMatchObject({ _id: res.body.data.question._id, starred: false, customTags: [] });
    const rows = await t.db.select().from(userQuestions).where(eq(userQuestions.userId, a.user._id));
    expect(rows).toHaveLength(1);
  });

  it('adds a question the catalogue does not know as a custom, editable question', async () => {
    const url = 'https://leetcode.com/problems/my-very-own-problem/';
    const missing = await lookup(url, a.token);
    expect(missing.status).toBe(404);
    // A 404 lookup carries the question as read from the URL, a shape the route's declared (found) answer does not describe.
    const { question } = missing.body.data as unknown as { question: UnknownQuestion };
    const custom = { ...question, name: 'My Own Problem', difficulty: '1700', topics: ['Greedy'] };
    const res = await solve(a.token, { questionId: null, custom, checked: false, starred: false, customTags: [] });
    expect(res.status).toBe(201);
    expect(res.body.data.question).toMatchObject({ checked: false, editable: true, question: { name: 'My Own Problem', difficulty: '1700', verified: false, platform: 'leetcode', topics: ['Greedy'] } });
    // The server trusts its own parse of the URL, not the platform or slug the client sent.
    const [row] = await t.db.select().from(questions).where(eq(questions.id, res.body.data.question.question._id));
    expect(row).toMatchObject({ key: 'my-very-own-problem', createdBy: a.user._id });
  });

  it('uses the catalogue question when a custom body names a known URL', async () => {
    const res = await solve(b.token, { custom: { name: 'Renamed', difficulty: 'Hard', problemUrl: 'https://leetcode.com/problems/add-two-numbers/' } });
    expect(res.status).toBe(201);
    expect(res.body.data.question.question).toMatchObject({ name: 'Add Two Numbers', difficulty: 'Medium', verified: true });
    expect(res.body.data.question.editable).toBe(false);
  });

  it('answers 400 InvalidPlatform for a URL on an unsupported site, and 400 for bad bodies', async () => {
    const invalid = await solve(a.token, { custom: { name: 'X', problemUrl: 'https://example.com/problems/x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.status).toMatchObject({ error: 'InvalidPlatform', message: QUESTION_MESSAGES.invalidPlatform });
    const notUrl = await solve(a.token, { custom: { name: 'X', problemUrl: 'not a url' } });
    expect(notUrl.body.status).toMatchObject({ error: 'ValidationError', message: QUESTION_MESSAGES.urlInvalid });

    const cases: [SolveQuestionBody, string][] = [
      [{ checked: true }, WORKSPACE_MESSAGES.questionRequired],
      [{ questionId: null, custom: null }, WORKSPACE_MESSAGES.questionRequired],
      [{ custom: { name: 'X', difficulty: 'Impossible', problemUrl: 'https://leetcode.com/problems/x-y/' } }, WORKSPACE_MESSAGES.difficultyInvalid],
      [{ custom: { name: '  ', problemUrl: 'https://leetcode.com/problems/x-y/' } }, WORKSPACE_MESSAGES.nameRequired],
      [{ custom: { name: 'X', problemUrl: '' } }, QUESTION_MESSAGES.urlRequired],
      [{ questionId: 'x', customTags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'Maximum 10 tags allowed'],
      [{ questionId: 'x', customTags: ['Graph', 'graph'] }, 'This tag already exists'],
      [{ questionId: 'x', note: { note: '<p> !! </p>', title: 'Approach' } }, NOTE_MESSAGES.noteEmpty],
      [{ questionId: 'x', note: { note: 'two pointers', title: '   ' } }, NOTE_MESSAGES.titleEmpty],
    ];
    for (const [body, message] of cases) {
      const res = await solve(a.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status.message, JSON.stringify(body)).toBe(message);
    }
    // A wrong type and a cut-off body, which the typed client cannot send.
    const wrongType = await t.call('POST', `${W_PATH}/solve-question`, { token: a.token, body: { questionId: 'x', checked: 'yes' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.status.message).toBe('Invalid checked');
    const broken = await t.call('POST', `${W_PATH}/solve-question`, { token: a.token, body: '{"questionId":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
  });

  it('answers 404 for an unknown question id and 401 without a session', async () => {
    for (const questionId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await solve(a.token, { questionId });
      expect(res.status).toBe(404);
      expect(res.body.status.message).toBe(WORKSPACE_MESSAGES.questionNotFound);
    }
    expect((await solve(undefined, { questionId: 'x' })).status).toBe(401);
  });

  it('stores the first note through the notes feature: default title, sanitised html, tags and linked questions', async () => {
    const q = (await lookup('https://codeforces.com/contest/4/problem/A', a.token)).body.data.question;
    const linked = (await lookup('https://leetcode.com/problems/two-sum/', a.token)).body.data.question;
    const res = await solve(a.token, {
      questionId: q._id,
      checked: true,
      note: { note: '<p>Even and &gt; 2</p><script>alert(1)</script><p onclick="steal()">second line</p>', tags: ['math', 'Math', 'parity'], questionsLinked: [linked._id] },
    });
    expect(res.status).toBe(201);
    const note = res.body.data.notes[0]!;
    expect(note).toMatchObject({ title: 'Approach', questionId: { _id: q._id }, questionsLinked: [{ _id: linked._id }] });
    expect(note.note).toContain('Even and &gt; 2');
    expect(note.note).toContain('second line');
    expect(note.note).not.toMatch(/script|onclick|alert/);
    expect(note.tags.map((x) => x.name).sort()).toEqual(['math', 'parity']);

    const [row] = await t.db.select().from(notes).where(and(eq(notes.userId, a.user._id), eq(notes.questionId, q._id)));
    expect(row).toMatchObject({ title: 'Approach', note: note.note });
    expect(await t.db.select().from(noteTagLinks).where(eq(noteTagLinks.noteId, note._id))).toHaveLength(2);
    expect(await t.db.select().from(noteQuestionLinks).where(eq(noteQuestionLinks.noteId, note._id))).toHaveLength(1);
    expect(await t.db.select().from(noteTags).where(eq(noteTags.userId, a.user._id))).toHaveLength(2);
    // The lookup now returns the note with the question.
    expect((await lookup('https://codeforces.com/contest/4/problem/A', a.token)).body.data.notes).toHaveLength(1);
  });

  it('adds nothing when the note is refused: the record and the note are one transaction', async () => {
    const q = (await lookup('https://leetcode.com/problems/longest-common-prefix/', a.token)).body.data.question;
    const res = await solve(a.token, { questionId: q._id, checked: true, note: { note: '<p>x</p>', questionsLinked: ['00000000-0000-4000-8000-000000000000'] } });
    expect(res.status).toBe(400);
    expect(res.body.status.message).toBe(NOTE_MESSAGES.linkedMissing);
    expect((await lookup('https://leetcode.com/problems/longest-common-prefix/', a.token)).body.data.document).toBeNull();
  });

  it('ticks, stars and retags a record; solvedAt follows the tick', async () => {
    const q = (await lookup('https://leetcode.com/problems/valid-parentheses/', a.token)).body.data.question;
    const id = (await solve(a.token, { questionId: q._id })).body.data.question._id;
    const tick = await update(a.token, id, { checked: true });
    expect(tick.status).toBe(200);
    expect(tick.body.data.question).toMatchObject({ _id: id, checked: true, starred: false });
    expect(tick.body.data.question.solvedAt).not.toBeNull();
    const star = await update(a.token, id, { starred: true, customTags: ['stack', ' queue '] });
    expect(star.body.data.question).toMatchObject({ checked: true, starred: true, customTags: ['stack', 'queue'] });
    const untick = await update(a.token, id, { checked: false });
    expect(untick.body.data.question).toMatchObject({ checked: false, solvedAt: null });
    const empty = await update(a.token, id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.status.message).toBe(WORKSPACE_MESSAGES.nothingToUpdate);
  });

  it("never lets a user see or change another user's record: 404 as if it did not exist", async () => {
    const q = (await lookup('https://leetcode.com/problems/climbing-stairs/', a.token)).body.data.question;
    const id = (await solve(a.token, { questionId: q._id, checked: true })).body.data.question._id;
    const attempts = [
      update(b.token, id, { checked: false }),
      editCustom(b.token, id, { name: 'Mine' }),
      remove(b.token, id),
      update(a.token, 'not-a-uuid', { checked: false }),
      remove(a.token, '00000000-0000-4000-8000-000000000000'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.status.message).toBe(WORKSPACE_MESSAGES.recordNotFound);
    }
    const [row] = await t.db.select().from(userQuestions).where(eq(userQuestions.id, id));
    expect(row?.checked).toBe(true);
    expect((await update(undefined, id, { checked: false })).status).toBe(401);
    expect((await remove(undefined, id)).status).toBe(401);
    expect((await t.reply(W().export.$get({ query: {} }))).status).toBe(401);
  });

  it('edits the name and difficulty of a custom question only, and only by the person who added it', async () => {
    const url = 'https://codeforces.com/problemset/problem/99999/Z';
    const mine = await solve(a.token, { custom: { name: 'Draft name', difficulty: 'N/A', problemUrl: url } });
    const id = mine.body.data.question._id;
    const edit = await editCustom(a.token, id, { name: '  Final name ', difficulty: '2100' });
    expect(edit.status).toBe(200);
    expect(edit.body.data.question).toMatchObject({ _id: id, editable: true, question: { name: 'Final name', difficulty: '2100', verified: false } });

    for (const [body, message] of [
      [{ difficulty: '2150' }, WORKSPACE_MESSAGES.difficultyInvalid],
      [{ name: '' }, WORKSPACE_MESSAGES.nameRequired],
      [{}, WORKSPACE_MESSAGES.nothingToUpdate],
    ] as const) {
      const res = await editCustom(a.token, id, body);
      expect(res.status).toBe(400);
      expect(res.body.status.message).toBe(message);
    }

    // Bob adds the same problem: he gets his own name for it, and his edits change only his.
    const his = await solve(b.token, { custom: { name: 'Bob name', problemUrl: url } });
    expect(his.body.data.question).toMatchObject({ editable: true, question: { _id: edit.body.data.question.question._id, name: 'Bob name', difficulty: 'N/A' } });
    const renamed = await editCustom(b.token, his.body.data.question._id, { name: 'Bob final' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.question.question.name).toBe('Bob final');
    const aliceSees = (await list(a.token, { search: 'final' })).body.data.questions;
    expect(aliceSees.map((q) => q.question.name)).toEqual(['Final name']);
    // Nobody's typing reaches the shared row.
    const [shared] = await t.db.select().from(questions).where(eq(questions.id, edit.body.data.question.question._id));
    expect(shared).toMatchObject({ name: '99999Z', difficulty: 'N/A', topics: [] });

    // A verified question is never editable.
    const twoSum = (await list(a.token, { search: 'two sum' })).body.data.questions[0]!;
    const verified = await editCustom(a.token, twoSum._id, { name: 'Hacked' });
    expect(verified.status).toBe(403);
    expect(verified.body.status.message).toBe(WORKSPACE_MESSAGES.verifiedNotEditable);

    // Once the catalogue verifies it, the creator cannot edit it either.
    await t.db.update(questions).set({ verified: true }).where(eq(questions.id, edit.body.data.question.question._id));
    const late = await editCustom(a.token, id, { name: 'Too late' });
    expect(late.status).toBe(403);
  });

  it('removes a record, and only that one', async () => {
    const before = (await list(a.token, { pageSize: '100' })).body.data;
    const target = before.questions[0]!;
    const res = await remove(a.token, target._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ _id: target._id });
    const after = (await list(a.token, { pageSize: '100' })).body.data;
    expect(after.total).toBe(before.total - 1);
    expect(after.questions.map((q) => q._id)).not.toContain(target._id);
    expect((await remove(a.token, target._id)).status).toBe(404);
  });
});
