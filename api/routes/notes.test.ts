import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MESSAGES } from '../../shared/rules/notes';
import type { CreateNoteBody, ListNotesQuery, Note, UpdateNoteBody } from '../../shared/schemas/note';
import { findUnsafeNoteHtml, loadXssPayloads } from '../../tests/fixtures/xss/check';
import { queryRows } from '../db/client';
import { noteTags, notes } from '../db/schema';
import { systemClock } from '../lib/clock';
import { updateNote } from '../services/notes';
import { seedDatabase } from '../db/seed/index';
import { createTestApp } from '../testing';

const BASE = '/question-tracker/v1/user/notes';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The list's query as sent: paging goes as text, as in a URL. */
type NotesQuery = Omit<ListNotesQuery, 'page' | 'limit'> & { page?: string; limit?: string };

describe('notes API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let twoSum: string;
  let watermelon: string;
  let addTwo: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
    const id = async (url: string) => (await t.reply(t.api['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl: url } }))).body.data.question._id;
    twoSum = await id('https://leetcode.com/problems/two-sum/');
    watermelon = await id('https://codeforces.com/contest/4/problem/A');
    addTwo = await id('https://leetcode.com/problems/add-two-numbers/');
  });
  afterAll(() => t.close());

  const N = () => t.api['question-tracker'].v1.user.notes;
  const create = (token: string, json: CreateNoteBody) => t.reply(N()['create-note'].$post({ json }, t.as(token)));
  const list = (token: string, query: NotesQuery = {}) => t.reply(N()['get-notes'].$get({ query }, t.as(token)));
  const tags = async (token: string) => (await t.reply(N()['get-tags'].$get({}, t.as(token)))).body.data.tags;
  const getNote = (token: string, id: string) => t.reply(N()['get-note'][':id'].$get({ param: { id } }, t.as(token)));
  const update = (token: string, id: string, json: UpdateNoteBody) => t.reply(N()['update-note'][':id'].$patch({ param: { id }, json }, t.as(token)));
  const remove = (token: string, id: string) => t.reply(N()['delete-note'][':id'].$delete({ param: { id } }, t.as(token)));
  const questionNotes = (token: string, questionId: string) => t.reply(N()['get-question-notes'][':questionId'].$get({ param: { questionId } }, t.as(token)));

  it('needs a signed-in user for every call', async () => {
    const body = { title: '', note: '' };
    const calls: [string, () => Promise<{ status: number; body: { status: { error: string | null } } }>][] = [
      ['GET get-notes', () => t.reply(N()['get-notes'].$get({ query: {} }))],
      ['GET get-tags', () => t.reply(N()['get-tags'].$get())],
      ['GET get-note', () => t.reply(N()['get-note'][':id'].$get({ param: { id: MISSING_ID } }))],
      ['GET get-question-notes', () => t.reply(N()['get-question-notes'][':questionId'].$get({ param: { questionId: MISSING_ID } }))],
      ['POST create-note', () => t.reply(N()['create-note'].$post({ json: body }))],
      ['PATCH update-note', () => t.reply(N()['update-note'][':id'].$patch({ param: { id: MISSING_ID }, json: body }))],
      ['DELETE delete-note', () => t.reply(N()['delete-note'][':id'].$delete({ param: { id: MISSING_ID } }))],
    ];
    for (const [name, send] of calls) {
      const res = await send();
      expect(res.status, name).toBe(401);
      expect(res.body.status.error).toBe('Unauthorized');
    }
  });

  it('creates a question note with tags and linked questions, sanitised, and reads it back', async () => {
    const a = await t.signup('Writer');
    const res = await create(a.token, {
      questionId: twoSum,
      title: '  Hash map  ',
      note: '<h2>Idea</h2><p>One <strong>pass</strong> <a href="https://x.dev/">ref</a></p><img src=x onerror="alert(1)"><script>alert(1)</script>',
      tags: ['arrays', ' hashing! ', 'Arrays'],
      questionsLinked: [{ _id: addTwo }, watermelon, addTwo],
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toMatchObject({ code: 201, success: true, message: 'Note created' });
    const note = res.body.data.note;
    expect(note).toMatchObject({
      title: 'Hash map',
      note: '<h2>Idea</h2><p>One <strong>pass</strong> <a href="https://x.dev/" rel="noopener noreferrer" target="_blank">ref</a></p>',
      questionId: { _id: twoSum, name: 'Two Sum', problemUrl: 'https://leetcode.com/problems/two-sum/', platform: 'leetcode', difficulty: 'Easy' },
    });
    expect(note.tags.map((x) => x.name)).toEqual(['arrays', 'hashing']);
    expect(note.questionsLinked.map((q) => q._id).sort()).toEqual([addTwo, watermelon].sort());
    expect(note.questionsLinked.every((q) => q.name && q.problemUrl)).toBe(true);
    expect(Date.parse(note.createdAt)).not.toBeNaN();

    const got = await getNote(a.token, note._id);
    expect(got.status).toBe(200);
    expect(got.body.data.note).toEqual(note);
  });

  it('lists a note’s tags by name whatever their case, and a linked custom question by its owner’s own name', async () => {
    const [first, second] = await Promise.all([t.signup('Namer'), t.signup('Renamer')]);
    const solve = (token: string, name: string) =>
      t.reply(t.api['question-tracker'].v1.user.question['solve-question'].$post({ json: { custom: { name, problemUrl: 'https://leetcode.com/problems/named-twice/' } } }, t.as(token)));
    expect((await solve(first.token, 'Named First')).status).toBe(201);
    const custom = (await solve(second.token, 'An own name')).body.data.question.question._id;
    const { note } = (await create(second.token, { title: 'Relations', note: '<p>x</p>', tags: ['beta', 'Gamma', 'alpha'], questionsLinked: [custom, twoSum] })).body.data;
    const expected = { tags: ['alpha', 'beta', 'Gamma'], linked: ['An own name', 'Two Sum'] };
    const seen = (n: typeof note) => ({ tags: n.tags.map((x) => x.name), linked: n.questionsLinked.map((q) => q.name) });
    expect(seen(note)).toEqual(expected);
    expect(seen((await getNote(second.token, note._id)).body.data.note)).toEqual(expected);
    expect(seen((await update(second.token, note._id, { title: 'Saved' })).body.data.note)).toEqual(expected);
  });

  it('creates a general note with the default title Approach', async () => {
    const a = await t.signup('General');
    const res = await create(a.token, { note: '<p>Binary search on the answer</p>' });
    expect(res.status).toBe(201);
    expect(res.body.data.note).toMatchObject({ title: 'Approach', questionId: null, tags: [], questionsLinked: [] });
  });

  it('refuses an empty title and a body without letters or digits, with the spec messages', async () => {
    const a = await t.signup('Strict');
    const cases: [CreateNoteBody, string][] = [
      [{ title: '', note: '<p>x</p>' }, 'Title cannot be empty'],
      [{ title: '   ', note: '<p>x</p>' }, 'Title cannot be empty'],
      [{ title: 'T', note: '<p> &nbsp; </p>' }, 'Note cannot be empty'],
      [{ title: 'T', note: '<p>!!! ??? ---</p>' }, 'Note cannot be empty'],
      // Letters only inside a script: nothing is left once sanitised.
      [{ title: 'T', note: '<script>alert("hello")</script><img src=x onerror=alert(1)>' }, 'Note cannot be empty'],
      [{ title: 'T', note: '<p>x</p>', questionId: 'not-a-question' }, 'Cannot open notes for this question'],
      [{ title: 'T', note: '<p>x</p>', questionId: MISSING_ID }, 'Cannot open notes for this question'],
      [{ title: 'T', note: '<p>x</p>', questionsLinked: [MISSING_ID] }, NOTE_MESSAGES.linkedMissing],
      [{ title: 'T', note: '<p>x</p>', tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, 'Maximum 10 tags allowed'],
      [{ title: 'x'.repeat(201), note: '<p>x</p>' }, NOTE_MESSAGES.titleTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await create(a.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toMatchObject({ success: false, error: 'ValidationError', message });
    }
    // No body at all: outside the declared type, so sent raw.
    const bodiless = await t.call('POST', `${BASE}/create-note`, { token: a.token, body: { title: 'T' } });
    expect(bodiless.status).toBe(400);
    expect(bodiless.body.status).toMatchObject({ success: false, error: 'ValidationError', message: 'Note cannot be empty' });
    expect((await list(a.token)).body.data.total).toBe(0);
  });

  it('writes atomically: a failing link leaves no note and no new tag behind', async () => {
    const a = await t.signup('Atomic');
    const res = await create(a.token, { title: 'T', note: '<p>x</p>', tags: ['orphan'], questionsLinked: [twoSum, MISSING_ID] });
    expect(res.status).toBe(400);
    expect((await list(a.token)).body.data.total).toBe(0);
    const [user] = await t.db.select({ id: notes.userId }).from(notes).where(eq(notes.title, 'T'));
    expect(user).toBeUndefined();
    expect(await t.db.select().from(noteTags).where(eq(noteTags.name, 'orphan'))).toEqual([]);

    const ok = await create(a.token, { title: 'T', note: '<p>x</p>', tags: ['kept'] });
    const bad = await update(a.token, ok.body.data.note._id, { title: 'Changed', tags: ['other'], questionsLinked: [MISSING_ID] });
    expect(bad.status).toBe(400);
    const after = await getNote(a.token, ok.body.data.note._id);
    expect(after.body.data.note).toMatchObject({ title: 'T', tags: [{ name: 'kept' }] });
  });

  it('lists notes newest first with paging, and filters by kind, question, tag and text', async () => {
    const a = await t.signup('Lister');
    const made: Note[] = [];
    const specs = [
      { questionId: twoSum, title: 'Brute force', note: '<p>Two loops, quadratic</p>', tags: ['arrays'] },
      { questionId: twoSum, title: 'Hash map', note: '<p>Complement lookup in <strong>one</strong> pass</p>', tags: ['arrays', 'hashing'] },
      { questionId: watermelon, title: 'Parity', note: '<p>Even and greater than 2</p>', tags: ['math'] },
      { title: 'Sliding window', note: '<ul><li>Expand, then shrink</li></ul>', tags: ['patterns'] },
      { title: '100% sure', note: '<p>wildcards_are_text</p>' },
    ];
    for (const s of specs) made.push((await create(a.token, s)).body.data.note);

    const all = await list(a.token);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 5, page: 1, limit: 50, hasMore: false });
    expect(all.body.data.notes.map((n) => n.title)).toEqual([...specs].reverse().map((s) => s.title));
    const summary = all.body.data.notes.find((n) => n.title === 'Hash map');
    expect(summary).toMatchObject({ excerpt: 'Complement lookup in one pass', questionId: { _id: twoSum, name: 'Two Sum' } });
    expect(summary).not.toHaveProperty('note');

    const p1 = await list(a.token, { limit: '2', page: '1' });
    const p3 = await list(a.token, { limit: '2', page: '3' });
    expect(p1.body.data).toMatchObject({ total: 5, hasMore: true });
    expect(p1.body.data.notes).toHaveLength(2);
    expect(p3.body.data).toMatchObject({ total: 5, hasMore: false, page: 3 });
    expect(p3.body.data.notes.map((n) => n.title)).toEqual(['Brute force']);
    // Past the end: no notes, the total still counted.
    const p4 = await list(a.token, { limit: '2', page: '4' });
    expect(p4.body.data).toMatchObject({ notes: [], total: 5, hasMore: false, page: 4 });
    expect((await list(a.token, { limit: '5' })).body.data).toMatchObject({ total: 5, hasMore: false });
    expect((await list(a.token, { limit: '2', page: '2', search: 'a' })).body.data).toMatchObject({ total: 5, hasMore: true });

    const titles = async (q: NotesQuery) => (await list(a.token, q)).body.data.notes.map((n) => n.title).sort();
    expect(await titles({ type: 'question' })).toEqual(['Brute force', 'Hash map', 'Parity']);
    expect(await titles({ type: 'general' })).toEqual(['100% sure', 'Sliding window']);
    expect(await titles({ questionId: twoSum })).toEqual(['Brute force', 'Hash map']);
    const tagList = await tags(a.token);
    expect(tagList.map((x) => [x.name, x.count])).toEqual([['arrays', 2], ['hashing', 1], ['math', 1], ['patterns', 1]]);
    const arrays = tagList.find((x) => x.name === 'arrays')!;
    expect(await titles({ tag: arrays._id })).toEqual(['Brute force', 'Hash map']);
    expect(await titles({ tag: arrays._id, search: 'hash' })).toEqual(['Hash map']);
    // Titles and body text, any case; not tag names inside the HTML.
    expect(await titles({ search: 'PARITY' })).toEqual(['Parity']);
    expect(await titles({ search: 'shrink' })).toEqual(['Sliding window']);
    expect(await titles({ search: 'complement lookup' })).toEqual(['Hash map']);
    expect(await titles({ search: 'strong' })).toEqual([]);
    expect(await titles({ search: '%' })).toEqual(['100% sure']);
    expect(await titles({ search: 's_are' })).toEqual(['100% sure']);
    expect(await titles({ search: '  ' })).toHaveLength(5);
    // Tags become spaces: "lookup in <strong>one" reads "lookup in  one".
    expect(await titles({ search: 'in  one' })).toEqual(['Hash map']);
    expect(await titles({ search: 'in one' })).toEqual([]);

    // The searched text follows the body when it changes, and matches any case, beyond ASCII too.
    const window = made.find((n) => n.title === 'Sliding window')!;
    const edit = await update(a.token, window._id, { note: '<p>Größe des Fensters: ÄRGER</p>' });
    expect(edit.status).toBe(200);
    expect(await titles({ search: 'shrink' })).toEqual([]);
    expect(await titles({ search: 'ärger' })).toEqual(['Sliding window']);
    expect(await titles({ search: 'GRÖSSE' })).toEqual([]);
    expect(await titles({ search: 'GRÖßE' })).toEqual(['Sliding window']);

    // Raw query strings: `type=other` is outside what the route's types accept.
    for (const q of ['?page=0', '?limit=101', '?type=other', '?tag=nope', '?questionId=nope']) {
      const res = await t.call('GET', `${BASE}/get-notes${q}`, { token: a.token });
      expect(res.status, q).toBe(400);
      expect(res.body.status.error).toBe('ValidationError');
    }
    expect((await list(a.token, { questionId: 'nope' })).body.status.message).toBe('Cannot open notes for this question');
  });

  it('updates only the fields given; tags and links replace the old lists', async () => {
    const a = await t.signup('Editor');
    const { note } = (await create(a.token, { questionId: twoSum, title: 'First', note: '<p>v1</p>', tags: ['a', 'b'], questionsLinked: [addTwo] })).body.data;

    const titled = await update(a.token, note._id, { title: 'Second' });
    expect(titled.status).toBe(200);
    expect(titled.body.status.message).toBe('Note saved');
    expect(titled.body.data.note).toMatchObject({ title: 'Second', note: '<p>v1</p>', tags: [{ name: 'a' }, { name: 'b' }], questionsLinked: [{ _id: addTwo }] });
    expect(Date.parse(titled.body.data.note.updatedAt)).toBeGreaterThanOrEqual(Date.parse(note.updatedAt));
    // The save's answer (one statement with the note's relations) is the note as a read gives it.
    expect(titled.body.data.note).toEqual((await getNote(a.token, note._id)).body.data.note);
    expect(titled.body.data.note.questionId).toMatchObject({ _id: twoSum });

    const changed = await update(a.token, note._id, { note: '<p>v2 <a href="javascript:alert(1)">x</a></p>', tags: [{ _id: 'ignored', name: 'b' }, 'c'], questionsLinked: [] });
    expect(changed.body.data.note).toMatchObject({
      title: 'Second',
      note: '<p>v2 <a rel="noopener noreferrer" target="_blank">x</a></p>',
      questionsLinked: [],
      questionId: { _id: twoSum },
    });
    expect(changed.body.data.note.tags.map((x) => x.name)).toEqual(['b', 'c']);
    // Tag "a" is on no note any more: it is not offered.
    expect((await tags(a.token)).map((x) => x.name)).toEqual(['b', 'c']);

    for (const [body, message] of [
      [{ title: '' }, 'Title cannot be empty'],
      [{ note: '<p>   </p>' }, 'Note cannot be empty'],
      [{ note: '<iframe src="https://x.dev">text</iframe>' }, 'Note cannot be empty'],
    ] as const) {
      const res = await update(a.token, note._id, body);
      expect(res.status).toBe(400);
      expect(res.body.status.message).toBe(message);
    }
  });

  it('deletes a note', async () => {
    const a = await t.signup('Deleter');
    const { note } = (await create(a.token, { title: 'Gone', note: '<p>soon</p>', tags: ['temp'] })).body.data;
    const res = await remove(a.token, note._id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: { message: 'Note deleted' }, data: { _id: note._id } });
    expect((await getNote(a.token, note._id)).status).toBe(404);
    expect((await remove(a.token, note._id)).status).toBe(404);
    expect(await tags(a.token)).toEqual([]);
  });

  it("answers 404 for another user's note: read, update and delete", async () => {
    const owner = await t.signup('Owner');
    const other = await t.signup('Other');
    const { note } = (await create(owner.token, { questionId: twoSum, title: 'Mine', note: '<p>private</p>', tags: ['secret'] })).body.data;
    const attempts = [
      getNote(other.token, note._id),
      update(other.token, note._id, { title: 'Stolen' }),
      remove(other.token, note._id),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.status).toMatchObject({ error: 'NotFoundError', message: 'Note not found' });
    }
    expect((await list(other.token)).body.data.total).toBe(0);
    expect(await tags(other.token)).toEqual([]);
    const qn = await questionNotes(other.token, twoSum);
    expect(qn.body.data.notes).toEqual([]);
    // The owner's note is untouched.
    const mine = await getNote(owner.token, note._id);
    expect(mine.body.data.note.title).toBe('Mine');
    // Other users' tags cannot be used as a filter to probe.
    const secret = (await tags(owner.token))[0]!;
    expect((await list(other.token, { tag: secret._id })).body.data.total).toBe(0);
  });

  it('answers 404 for an unknown or malformed note id', async () => {
    const a = await t.signup('Lost');
    for (const id of [MISSING_ID, 'not-a-uuid', '1%27%20or%201=1']) {
      const res = await getNote(a.token, id);
      expect(res.status, id).toBe(404);
      expect(res.body.status.message).toBe('Note not found');
    }
  });

  it('gives a question with its notes, a question without notes, and refuses what is not a question', async () => {
    const a = await t.signup('Question');
    const empty = await questionNotes(a.token, watermelon);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      question: { _id: watermelon, name: 'Watermelon', problemUrl: expect.stringContaining('codeforces.com') as string, platform: 'codeforces', difficulty: expect.any(String) as string },
      notes: [],
    });
    await create(a.token, { questionId: watermelon, title: 'One', note: '<p>1</p>' });
    await create(a.token, { questionId: watermelon, title: 'Two', note: '<p>2</p>' });
    const full = await questionNotes(a.token, watermelon);
    expect(full.body.data.notes.map((n) => n.title)).toEqual(['One', 'Two']);
    expect(full.body.data.notes[0]!.note).toBe('<p>1</p>');

    for (const id of [MISSING_ID, 'abc']) {
      const res = await questionNotes(a.token, id);
      expect(res.status).toBe(404);
      expect(res.body.status.message).toBe('Cannot open notes for this question');
    }

    // search-question2 returns the same full notes for the question.
    const lookup = await t.reply(t.api['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl: 'https://codeforces.com/contest/4/problem/A' } }, t.as(a.token)));
    expect(lookup.body.data.notes).toEqual(full.body.data.notes);
  });

  it('answers saves made at the same time each with its own note as its owner sees it, and lets no one save another\'s', async () => {
    const [first, second, stranger] = await Promise.all([t.signup('SaverOne'), t.signup('SaverTwo'), t.signup('SaverThree')]);
    const solve = (token: string, name: string) =>
      t.reply(t.api['question-tracker'].v1.user.question['solve-question'].$post({ json: { custom: { name, problemUrl: 'https://leetcode.com/problems/saved-together/' } } }, t.as(token)));
    const custom = (await solve(first.token, 'First’s name')).body.data.question.question._id;
    expect((await solve(second.token, 'Second’s name')).body.data.question.question._id).toBe(custom);
    const own = async (token: string, i: number) =>
      (await create(token, { questionId: custom, title: `Own ${i}`, note: '<p>before</p>', tags: [`t${i}`], questionsLinked: [custom, twoSum] })).body.data.note;
    const mine = await Promise.all([0, 1, 2, 3].map((i) => own(first.token, i)));
    const theirs = await Promise.all([0, 1, 2, 3].map((i) => own(second.token, i)));
    // Saves of one shape that arrive together are written by one statement: each owner's answer has that owner's names.
    const saves = [
      ...mine.map((n, i) => ({ who: first, note: n, body: { note: `<p>first ${i}</p>` } })),
      ...theirs.map((n, i) => ({ who: second, note: n, body: { note: `<p>second ${i}</p>` } })),
    ];
    const [answers, stolen] = await Promise.all([
      Promise.all(saves.map((s) => update(s.who.token, s.note._id, s.body))),
      Promise.all(mine.map((n) => update(stranger.token, n._id, { note: '<p>stolen</p>' }))),
    ]);
    answers.forEach((res, i) => {
      const { who, note, body } = saves[i]!;
      const name = who === first ? 'First’s name' : 'Second’s name';
      expect(res.status).toBe(200);
      expect(res.body.data.note).toMatchObject({ _id: note._id, title: note.title, note: body.note, tags: note.tags, questionId: { _id: custom, name } });
      expect(res.body.data.note.questionsLinked.map((q) => q.name)).toEqual([name, 'Two Sum']);
    });
    for (const res of stolen) expect(res.status).toBe(404);
    for (const [i, n] of mine.entries()) expect((await getNote(first.token, n._id)).body.data.note.note).toBe(`<p>first ${i}</p>`);
    // Saves of several shapes at once: each sets only its own fields.
    const [titled, both] = await Promise.all([update(first.token, mine[0]!._id, { title: 'Retitled' }), update(first.token, mine[1]!._id, { title: 'Both', note: '<p>both</p>' })]);
    expect(titled.body.data.note).toMatchObject({ title: 'Retitled', note: '<p>first 0</p>' });
    expect(both.body.data.note).toMatchObject({ title: 'Both', note: '<p>both</p>' });
  });

  it('saves a note in place: a save writes no index entry (migration 0025)', async () => {
    const a = await t.signup('InPlace');
    const { note } = (await create(a.token, { title: 'Typed', note: '<p>first</p>' })).body.data;
    // Counted within one transaction (pg_stat_xact_user_tables), where the save's tags part runs as a savepoint.
    const counts = await t.db.transaction(async (tx) => {
      const read = async () => (await queryRows<{ updated: number; hot: number }>(tx, sql`select n_tup_upd::int as updated, n_tup_hot_upd::int as hot from pg_stat_xact_user_tables where relname = 'notes'`))[0];
      const before = await read();
      await updateNote({ db: tx, clock: systemClock }, a.user._id, note._id, { note: '<p>typed on</p>', tags: [] });
      const after = await read();
      return { updated: (after?.updated ?? 0) - (before?.updated ?? 0), hot: (after?.hot ?? 0) - (before?.hot ?? 0) };
    });
    expect(counts).toEqual({ updated: 1, hot: 1 });
  });

  it('keeps one tag per name when notes are saved at the same time', async () => {
    const a = await t.signup('Racer');
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => create(a.token, { title: `R${i}`, note: '<p>r</p>', tags: [i % 2 ? 'Race' : 'race', `n${i}`] })));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const list = await tags(a.token);
    expect(list.filter((x) => x.name.toLowerCase() === 'race')).toEqual([expect.objectContaining({ count: 6 })]);
  });

  it('stores every payload of the XSS corpus harmlessly', async () => {
    const a = await t.signup('Attacker');
    for (const p of loadXssPayloads()) {
      const res = await create(a.token, { title: p.id, note: `<p>payload ${p.id}</p>${p.html}`, tags: [p.category] });
      expect(res.status, p.id).toBe(201);
      const stored = res.body.data.note.note;
      expect(findUnsafeNoteHtml(stored), `${p.id}: ${stored}`).toEqual([]);
      expect(stored).toContain(`payload ${p.id}`);
      expect(stored).not.toMatch(/<script|\son[a-z]+=|javascript:|data:|<iframe|<object|<embed|<form|<style|<base|<meta/i);
    }
  });
});
