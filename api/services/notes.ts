import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { NOTE_MESSAGES } from '../../shared/rules/notes';
import {
  isUuid,
  type ListNotesFilter,
  type Note,
  type NoteChanges,
  type NoteFields,
  type NotesPage,
  type NoteTagCount,
  type QuestionNotes,
} from '../../shared/schemas/note';
import { batchedBy, byInputId, rowsInIdOrder, type BatchItem } from '../db/batches';
import { parsedJson, type Db } from '../db/client';
import { prepared } from '../db/prepared';
import { customQuestions, noteQuestionLinks, notes, noteTagLinks, noteTags, questions } from '../db/schema';
import { ownCustom } from './custom-questions';
import { cleanBody } from './note-html';
import type { Clock } from '../lib/clock';
import { badRequest, notFound } from '../lib/errors';
import { loadRelations, noteColumns, ownNoteRow, questionColumns, relationsFrom, relationsOf, toNote, toNoteQuestion, toNotes, toSummary, type NoteRow, type RelationRow } from './note-rows';

export interface NoteDeps {
  db: Db;
  clock: Clock;
}

export async function getNote(db: Db, userId: string, noteId: string): Promise<Note> {
  const row = await ownNoteRow(db, userId, noteId);
  const [note] = await toNotes(db, [row]);
  if (!note) throw new Error('note vanished');
  return note;
}

/** A user's notes on one question, first written first (search-question2 and get-question-notes). */
export async function notesForQuestion(db: Db, userId: string, questionId: string): Promise<Note[]> {
  const rows = await db
    .select(noteColumns)
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.questionId, questionId)))
    .orderBy(asc(notes.createdAt), asc(notes.id));
  return toNotes(db, rows);
}

/** A question and the user's notes on it; 404 'Cannot open notes for this question' when it is not a question. */
export async function questionNotes(db: Db, userId: string, questionId: string): Promise<QuestionNotes> {
  if (!isUuid(questionId)) throw notFound(NOTE_MESSAGES.cannotOpen);
  const [q] = await db.select(questionColumns).from(questions).leftJoin(customQuestions, ownCustom(userId)).where(eq(questions.id, questionId));
  if (!q) throw notFound(NOTE_MESSAGES.cannotOpen);
  return { question: toNoteQuestion(q), notes: await notesForQuestion(db, userId, questionId) };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The user's notes, newest first, filtered by text, tag, question or kind, one page at a time. */
export async function listNotes(db: Db, userId: string, filter: ListNotesFilter): Promise<NotesPage> {
  const conditions: SQL[] = [eq(notes.userId, userId)];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    // Bodies are HTML: match their text (search_text, kept by the database), not tag names or attributes.
    const match = or(ilike(notes.title, pattern), sql`${notes.searchText} like lower(${pattern})`);
    if (match) conditions.push(match);
  }
  if (filter.tag) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(noteTagLinks)
          .where(and(eq(noteTagLinks.noteId, notes.id), eq(noteTagLinks.tagId, filter.tag))),
      ),
    );
  }
  if (filter.questionId) conditions.push(eq(notes.questionId, filter.questionId));
  if (filter.type === 'question') conditions.push(isNotNull(notes.questionId));
  if (filter.type === 'general') conditions.push(isNull(notes.questionId));
  const where = and(...conditions);

  const offset = (filter.page - 1) * filter.limit;
  const rows = await db.select(noteColumns).from(notes).where(where).orderBy(desc(notes.createdAt), desc(notes.id)).limit(filter.limit).offset(offset);
  // A short page that is not empty (or the first page) is the last one: it tells the total without counting.
  const last = rows.length < filter.limit && (rows.length > 0 || offset === 0);
  const total = last ? offset + rows.length : ((await db.select({ n: count() }).from(notes).where(where))[0]?.n ?? 0);
  const rel = await loadRelations(db, rows);
  return {
    notes: rows.map((r) => toSummary(r, rel)),
    total,
    page: filter.page,
    limit: filter.limit,
    hasMore: filter.page * filter.limit < total,
  };
}

/** The user's tags that are on at least one note, with how many. */
export async function listNoteTags(db: Db, userId: string): Promise<NoteTagCount[]> {
  const rows = await db
    .select({ id: noteTags.id, name: noteTags.name, n: count(noteTagLinks.noteId) })
    .from(noteTags)
    .innerJoin(noteTagLinks, eq(noteTagLinks.tagId, noteTags.id))
    .where(eq(noteTags.userId, userId))
    .groupBy(noteTags.id, noteTags.name)
    .orderBy(asc(sql`lower(${noteTags.name})`));
  return rows.map((r) => ({ _id: r.id, name: r.name, count: r.n }));
}

// ---------------------------------------------------------------------------------------------
// Writing (each in one transaction: the note, its tags and its links together or not at all)

/** Tag ids for names, creating the user's missing tags; an existing tag is reused whatever its case. */
async function tagIdsFor(tx: Db, userId: string, names: string[]): Promise<string[]> {
  if (!names.length) return [];
  const lower = names.map((n) => n.toLowerCase());
  const find = () =>
    tx
      .select({ id: noteTags.id, name: noteTags.name })
      .from(noteTags)
      .where(and(eq(noteTags.userId, userId), inArray(sql`lower(${noteTags.name})`, lower)));
  const missingFrom = (rows: { name: string }[]) => {
    const known = new Set(rows.map((t) => t.name.toLowerCase()));
    return names.filter((n) => !known.has(n.toLowerCase()));
  };
  let rows = await find();
  if (missingFrom(rows).length) {
    // Two saves creating "dp" and "DP" at once must end with one tag: the unique index is exact-case,
    // so new tags of one user are created one save at a time (until this transaction ends).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`note-tags:${userId}`}))`);
    rows = await find();
    const missing = missingFrom(rows);
    if (missing.length) {
      await tx
        .insert(noteTags)
        .values(missing.map((name) => ({ userId, name })))
        .onConflictDoNothing();
      rows = await find();
    }
  }
  const all = rows;
  const byName = new Map<string, string>();
  for (const t of all) if (!byName.has(t.name.toLowerCase())) byName.set(t.name.toLowerCase(), t.id);
  return [...new Set(lower.map((l) => byName.get(l)).filter((id): id is string => !!id))];
}

async function checkQuestionsExist(tx: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await tx.select({ id: questions.id }).from(questions).where(inArray(questions.id, ids));
  if (rows.length !== new Set(ids).size) throw badRequest(NOTE_MESSAGES.linkedMissing);
}

async function replaceTags(tx: Db, userId: string, noteId: string, names: string[]) {
  const tagIds = await tagIdsFor(tx, userId, names);
  await tx.delete(noteTagLinks).where(eq(noteTagLinks.noteId, noteId));
  if (tagIds.length) await tx.insert(noteTagLinks).values(tagIds.map((tagId) => ({ noteId, tagId })));
}

async function replaceLinks(tx: Db, noteId: string, questionIds: string[]) {
  await checkQuestionsExist(tx, questionIds);
  await tx.delete(noteQuestionLinks).where(eq(noteQuestionLinks.noteId, noteId));
  if (questionIds.length) await tx.insert(noteQuestionLinks).values(questionIds.map((questionId) => ({ noteId, questionId })));
}

/**
 * Creates a note with its tags and linked questions. `questionId` null makes a general note.
 * Other flows (Add Question) may call this inside their own transaction: it nests as a savepoint.
 */
export async function createNote(deps: NoteDeps, userId: string, input: NoteFields & { questionId: string | null }): Promise<Note> {
  const body = cleanBody(input.note);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    if (input.questionId) {
      const [q] = await tx.select({ id: questions.id }).from(questions).where(eq(questions.id, input.questionId));
      if (!q) throw badRequest(NOTE_MESSAGES.cannotOpen);
    }
    const [created] = await tx
      .insert(notes)
      .values({ userId, questionId: input.questionId, title: input.title.trim(), note: body, createdAt: now, updatedAt: now })
      .returning(noteColumns);
    if (!created) throw new Error('insert returned nothing');
    await replaceTags(tx, userId, created.id, input.tags);
    await replaceLinks(tx, created.id, input.questionsLinked);
    return created;
  });
  return getNote(deps.db, userId, row.id);
}

/** An UPDATE of the title or the text or both, which `changes` says, of the one note bound (ownNoteRow checked it is the user's). */
function noteUpdate(db: Db, changes: { title?: string; note?: string }) {
  return db
    .update(notes)
    .set({
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
      ...(changes.title !== undefined && { title: sql`${sql.placeholder('title')}` }),
      ...(changes.note !== undefined && { note: sql`${sql.placeholder('note')}` }),
    })
    .where(and(eq(notes.id, sql.placeholder('id')), eq(notes.userId, sql.placeholder('userId'))));
}

/** One save of a note's title or text: its note, its owner, the moment, and what it sets (null: left as it is). */
interface SaveInput {
  id: string;
  user_id: string;
  now: string;
  title: string | null;
  note: string | null;
}

/** Which fields a save sets: saves of one shape share a statement. */
const saveShapeOf = (input: SaveInput) => `note_save_${input.title !== null ? 'title' : '-'}_${input.note !== null ? 'note' : '-'}`;

/**
 * Saves of one shape, each answered with its note's relations by the same statement (a save while typing
 * is one round trip): `one` binds a single save's values, `many` takes any number as one JSON parameter;
 * prepared once per database, shape and form. A note that is not its saver's is not updated, so it is not
 * answered. The relations are read as they were before the statement, which changes none of them.
 */
function savesStatement(db: Db, name: string, shape: { title: boolean; note: boolean }, form: 'one' | 'many') {
  const rows =
    form === 'many'
      ? sql`select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as x(id uuid, user_id uuid, now timestamptz, title text, note text)`
      : sql`select ${sql.placeholder('id')}::uuid as id, ${sql.placeholder('userId')}::uuid as user_id, ${sql.placeholder('now')}::timestamptz as now,
          ${sql.placeholder('title')}::text as title, ${sql.placeholder('note')}::text as note`;
  const input = db.$with('i', {}).as(rows);
  const saved = db.$with('saved').as(
    db
      .update(notes)
      .set({ updatedAt: sql`i.now`, ...(shape.title && { title: sql`i.title` }), ...(shape.note && { note: sql`i.note` }) })
      .from(sql`i`)
      .where(and(eq(notes.id, sql`i.id`), eq(notes.userId, sql`i.user_id`)))
      .returning(noteColumns),
  );
  const rel = relationsOf(db, { notes: sql`array[${saved.id}]`, questions: sql`array_remove(array[${saved.questionId}], null)`, owner: sql`${saved.userId}` }).as('rel');
  return db
    .with(input, saved)
    .select({
      id: saved.id,
      userId: saved.userId,
      questionId: saved.questionId,
      title: saved.title,
      note: saved.note,
      createdAt: saved.createdAt,
      updatedAt: saved.updatedAt,
      relations: sql<RelationRow[] | string>`(select coalesce(json_agg(json_build_object('kind', rel.kind, 'noteId', rel.note_id, 'id', rel.id, 'name', rel.name, 'problemUrl', rel.problem_url, 'platform', rel.platform, 'difficulty', rel.difficulty) order by rel.kind, rel.sort), '[]') from ${rel})`,
    })
    .from(saved)
    .prepare(name);
}

type SavedRow = NoteRow & { relations: RelationRow[] | string };

/** Saves of one shape in one statement. */
async function writeSaves(db: Db, saves: Save[]): Promise<(SavedRow | undefined)[]> {
  const inputs = saves.map((s) => s.input);
  const [only] = inputs;
  if (!only) return [];
  const form = inputs.length === 1 ? 'one' : 'many';
  const name = `${saveShapeOf(only)}_${form}`;
  const statement = prepared(db, name, (d) => savesStatement(d, name, { title: only.title !== null, note: only.note !== null }, form));
  const rows: SavedRow[] =
    form === 'one' ? await statement.execute({ id: only.id, userId: only.user_id, now: only.now, title: only.title, note: only.note }) : await statement.execute({ rows: rowsInIdOrder(inputs) });
  return byInputId(inputs, rows);
}

/** A save waiting to be written with others of its shape (see db/batches), one at a time per note. */
interface Save extends BatchItem {
  input: SaveInput;
}

/**
 * A new title or text alone, atomic by itself (a save while typing is this one): written in one statement
 * with the saves that arrive meanwhile (db/batches), each note's saves in the order they came.
 */
const saveTogether = batchedBy(writeSaves);
const saveNote = (db: Db, input: SaveInput) => saveTogether(db, { key: input.id, shape: saveShapeOf(input), input });

/** Changes the fields given; tags and questionsLinked, when given, replace the old lists. */
export async function updateNote(deps: NoteDeps, userId: string, noteId: string, changes: NoteChanges): Promise<Note> {
  if (!isUuid(noteId)) throw notFound(NOTE_MESSAGES.notFound);
  const title = changes.title?.trim();
  const note = changes.note === undefined ? undefined : cleanBody(changes.note);
  const now = deps.clock.now().toISOString();
  // Tags and links change in one transaction with the fields.
  if (!changes.tags && !changes.questionsLinked) {
    const row = await saveNote(deps.db, { id: noteId, user_id: userId, now, title: title ?? null, note: note ?? null });
    if (!row) throw notFound(NOTE_MESSAGES.notFound);
    const { relations, ...saved } = row;
    return toNote(saved, relationsFrom(parsedJson(relations)));
  }
  const params = { id: noteId, userId, now, title, note };
  await deps.db.transaction(async (tx) => {
    await ownNoteRow(tx, userId, noteId, true);
    await noteUpdate(tx, { title, note }).execute(params);
    if (changes.tags) await replaceTags(tx, userId, noteId, changes.tags);
    if (changes.questionsLinked) await replaceLinks(tx, noteId, changes.questionsLinked);
  });
  return getNote(deps.db, userId, noteId);
}

export async function deleteNote(db: Db, userId: string, noteId: string): Promise<{ _id: string }> {
  if (!isUuid(noteId)) throw notFound(NOTE_MESSAGES.notFound);
  const [row] = await db
    .delete(notes)
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
    .returning({ id: notes.id });
  if (!row) throw notFound(NOTE_MESSAGES.notFound);
  return { _id: row.id };
}
