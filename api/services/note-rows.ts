import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { NOTE_MESSAGES, noteExcerpt } from '../../shared/rules/notes';
import {
  isUuid,
  type Note,
  type NoteQuestion,
  type NoteSummary,
  type NoteTag,
} from '../../shared/schemas/note';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { customQuestions, noteQuestionLinks, notes, noteTagLinks, noteTags, questions } from '../db/schema';
import { ownCustom, seenColumns } from './custom-questions';
import { notFound } from '../lib/errors';

// Reading a user's notes with their tags, linked questions and owning questions.

/** A note's stored columns as the API reads them (not the search text derived from the body). */
export const noteColumns = {
  id: notes.id,
  userId: notes.userId,
  questionId: notes.questionId,
  title: notes.title,
  note: notes.note,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
};

export type NoteRow = Omit<typeof notes.$inferSelect, 'searchText'>;

export function toNoteQuestion(q: { id: string; name: string; problemUrl: string; platform: string; difficulty: string }): NoteQuestion {
  return { _id: q.id, name: q.name, problemUrl: q.problemUrl, platform: q.platform, difficulty: q.difficulty };
}

/** A question as the note's owner sees it (their own name for a custom question): join ownCustom. */
export const questionColumns = {
  id: questions.id,
  name: seenColumns.name,
  problemUrl: questions.problemUrl,
  platform: questions.platform,
  difficulty: seenColumns.difficulty,
};

interface NoteRelations {
  tags: Map<string, NoteTag[]>;
  linked: Map<string, NoteQuestion[]>;
  owners: Map<string, NoteQuestion>;
}

/**
 * Ids bound as one value (a JSON array), so a statement's text is the same however many notes it reads
 * and it is prepared once (see db/prepared): a save while typing reads its own note's relations again.
 * Made an array first (evaluated once) and matched with = any, the ids drive an index scan; an IN over
 * the set-returning function is planned, once prepared, as a pass over every user's links.
 */
const boundIds = (placeholder: string) => sql`array(select jsonb_array_elements_text(${sql.placeholder(placeholder)}::jsonb)::uuid)`;

/**
 * Which notes' relations a statement reads (see relationsOf): the notes' ids and their owning questions' ids,
 * each an SQL uuid array, and their owner, whose own names for custom questions are shown.
 */
interface RelationsFor {
  notes: SQL;
  questions: SQL;
  owner: SQL | Placeholder;
}

/** A relation row's columns, the same in each of relationsOf's three parts: text, so the parts line up. */
const relationRow = (kind: 'tag' | 'link' | 'owner', noteId: SQL | AnyPgColumn, q: { id: SQL | AnyPgColumn; name: SQL | AnyPgColumn; problemUrl: SQL | AnyPgColumn; platform: SQL | AnyPgColumn; difficulty: SQL | AnyPgColumn }, sort: SQL) => ({
  kind: sql<'tag' | 'link' | 'owner'>`${kind}::text`.as('kind'),
  noteId: sql<string | null>`${noteId}::text`.as('note_id'),
  id: sql<string>`${q.id}::text`.as('id'),
  name: sql<string>`${q.name}::text`.as('name'),
  problemUrl: sql<string | null>`${q.problemUrl}::text`.as('problem_url'),
  platform: sql<string | null>`${q.platform}::text`.as('platform'),
  difficulty: sql<string | null>`${q.difficulty}::text`.as('difficulty'),
  sort: sql<string | null>`${sort}`.as('sort'),
});

const none = sql`null`;

/**
 * The tags, linked questions and owning questions of several notes: one row each, `kind` naming which.
 * Each list is shown in `sort` order (tags by name whatever their case, linked questions by the name their
 * owner sees), which the statements that read them sort by.
 */
export const relationsOf = (db: Db, of: RelationsFor) =>
  db
    .select(relationRow('tag', noteTagLinks.noteId, { id: noteTags.id, name: noteTags.name, problemUrl: none, platform: none, difficulty: none }, sql`lower(${noteTags.name})`))
    .from(noteTagLinks)
    .innerJoin(noteTags, eq(noteTags.id, noteTagLinks.tagId))
    .where(sql`${noteTagLinks.noteId} = any(${of.notes})`)
    .unionAll(
      db
        .select(relationRow('link', noteQuestionLinks.noteId, questionColumns, sql`${seenColumns.name}`))
        .from(noteQuestionLinks)
        .innerJoin(questions, eq(questions.id, noteQuestionLinks.questionId))
        .leftJoin(customQuestions, ownCustom(of.owner))
        .where(sql`${noteQuestionLinks.noteId} = any(${of.notes})`),
    )
    .unionAll(
      db
        .select(relationRow('owner', none, questionColumns, none))
        .from(questions)
        .leftJoin(customQuestions, ownCustom(of.owner))
        .where(sql`${questions.id} = any(${of.questions})`),
    );

/** The relations of the notes whose ids are bound (see boundIds), in one statement. */
const relationsOfNotes = (db: Db, name: string) =>
  relationsOf(db, { notes: boundIds('ids'), questions: boundIds('questionIds'), owner: sql.placeholder('userId') })
    .orderBy(sql`kind`, sql`sort`)
    .prepare(name);

/** A relation row as relationsOf selects it. */
export type RelationRow = { kind: 'tag' | 'link' | 'owner'; noteId: string | null; id: string; name: string; problemUrl: string | null; platform: string | null; difficulty: string | null };

/** The rows of relationsOf, in the order they are shown, as the notes' lists. */
export function relationsFrom(found: RelationRow[]): NoteRelations {
  const rel: NoteRelations = { tags: new Map(), linked: new Map(), owners: new Map() };
  const add = <T>(lists: Map<string, T[]>, noteId: string, item: T) => {
    const list = lists.get(noteId);
    if (list) list.push(item);
    else lists.set(noteId, [item]);
  };
  for (const r of found) {
    const question = () => toNoteQuestion({ id: r.id, name: r.name, problemUrl: r.problemUrl ?? '', platform: r.platform ?? '', difficulty: r.difficulty ?? '' });
    if (r.kind === 'tag' && r.noteId) add(rel.tags, r.noteId, { _id: r.id, name: r.name });
    else if (r.kind === 'link' && r.noteId) add(rel.linked, r.noteId, question());
    else if (r.kind === 'owner') rel.owners.set(r.id, question());
  }
  return rel;
}

/** Tags, linked questions and owning questions of several notes (relationsOfNotes). */
export async function loadRelations(db: Db, rows: NoteRow[]): Promise<NoteRelations> {
  if (!rows.length) return relationsFrom([]);
  // Every note read together is one user's.
  const userId = rows[0]?.userId ?? '';
  const questionIds = [...new Set(rows.map((r) => r.questionId).filter((q): q is string => !!q))];
  return relationsFrom(await prepared(db, 'note_relations', relationsOfNotes).execute({ ids: JSON.stringify(rows.map((r) => r.id)), questionIds: JSON.stringify(questionIds), userId }));
}

export function toNote(row: NoteRow, rel: NoteRelations): Note {
  return {
    _id: row.id,
    title: row.title,
    note: row.note,
    tags: rel.tags.get(row.id) ?? [],
    questionsLinked: rel.linked.get(row.id) ?? [],
    questionId: row.questionId ? (rel.owners.get(row.questionId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSummary(row: NoteRow, rel: NoteRelations): NoteSummary {
  const { note, ...rest } = toNote(row, rel);
  return { ...rest, excerpt: noteExcerpt(note) };
}

export async function toNotes(db: Db, rows: NoteRow[]): Promise<Note[]> {
  const rel = await loadRelations(db, rows);
  return rows.map((r) => toNote(r, rel));
}

/** The user's own note, or 404: someone else's note does not exist for them. */
export async function ownNoteRow(db: Db, userId: string, noteId: string, lock = false): Promise<NoteRow> {
  if (!isUuid(noteId)) throw notFound(NOTE_MESSAGES.notFound);
  const query = db.select(noteColumns).from(notes).where(and(eq(notes.id, noteId), eq(notes.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NOTE_MESSAGES.notFound);
  return row;
}
