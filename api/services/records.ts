import { and, eq, sql, type WithSubquery } from 'drizzle-orm';
import { batchedBy, type BatchItem } from '../db/batches';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { userQuestions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { customDataWrites, customName } from './custom-questions';
import { cardsOfMark } from './review-cards';

export type RecordRow = typeof userQuestions.$inferSelect;

export interface RecordChange {
  checked?: boolean;
  starred?: boolean;
  customTags?: string[];
}

/** Which of a record's fields a change sets: its statement writes those from each row's values. */
const setsOf = (change: RecordChange) => ({ checked: change.checked !== undefined, starred: change.starred !== undefined, tags: change.customTags !== undefined });

/**
 * The fields a change sets, and whether it names a custom question (see markRecord): what decides its
 * statement's text. The values, like the records, are bound when it runs, so a tick and a tick-with-star
 * share a statement.
 */
function shapeOf(change: RecordChange, named: boolean): string {
  const sets = setsOf(change);
  return `records_${sets.checked ? 'checked' : '-'}_${sets.starred ? 'starred' : '-'}_${sets.tags ? 'tags' : '-'}${named ? '_named' : ''}`;
}

/**
 * One record to write: the user, the question, the change's values (null where the change leaves the
 * field as it is), the moment of the change and the name to fill in.
 */
interface RecordInput {
  user_id: string;
  question_id: string;
  checked: boolean | null;
  starred: boolean | null;
  tags: string[];
  now: string;
  name: string | null;
}

/**
 * The upsert of records that take one shape of change, prepared once per database, shape and form (see
 * db/prepared): `one` binds a single record's values, `many` takes any number of records as one JSON
 * parameter. Both write from the relation `i`, so the rule is one; the review cards the change schedules
 * are written by the same statement.
 */
function recordsStatement(db: Db, name: string, change: RecordChange, form: 'one' | 'many', named: boolean) {
  const sets = setsOf(change);
  // The tags travel as JSON text: a bound array is read differently by the two drivers.
  const records =
    form === 'many'
      ? sql`select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as x(user_id uuid, question_id uuid, checked boolean, starred boolean, tags text[], now timestamptz, name text)`
      : sql`select ${sql.placeholder('userId')}::uuid as user_id, ${sql.placeholder('questionId')}::uuid as question_id,
          ${sql.placeholder('checked')}::boolean as checked, ${sql.placeholder('starred')}::boolean as starred, array(select jsonb_array_elements_text(${sql.placeholder('tags')}::jsonb)) as tags, ${sql.placeholder('now')}::timestamptz as now,
          ${sql.placeholder('name')}::text as name`;
  const input = db.$with('i', {}).as(records);
  const card = cardsOfMark(sets);
  const withs: WithSubquery[] = [input];
  if (card.starred) withs.push(db.$with('card_starred', {}).as(card.starred));
  if (card.plain) withs.push(db.$with('card_plain', {}).as(card.plain));
  if (named) {
    // The name a custom question is given in the workspace, written by the same statement (see markRecord).
    const { kept, added } = customDataWrites('fill', sql`w.now`);
    withs.push(
      db.$with('w', {}).as(sql`select i.user_id, i.question_id, i.name, null::text as difficulty, null::text[] as topics, i.now from i`),
      db.$with('custom_kept', {}).as(kept),
      db.$with('custom_added', {}).as(added),
    );
  }
  const set: Record<string, unknown> = { updatedAt: sql`excluded.updated_at` };
  if (sets.checked) {
    set.checked = sql`excluded.checked`;
    set.solvedAt = sql`case when excluded.checked then coalesce(${userQuestions.solvedAt}, excluded.solved_at) end`;
  }
  if (sets.starred) set.starred = sql`excluded.starred`;
  if (sets.tags) set.customTags = sql`excluded.custom_tags`;
  // Every column in the table's order (an insert from a select lists them all).
  const rows = sql`select gen_random_uuid(), i.user_id, i.question_id, coalesce(i.checked, false), coalesce(i.starred, false),
      ${sets.tags ? sql`i.tags` : sql`'{}'::text[]`}, case when i.checked then i.now end, i.now, i.now
    from i`;
  return db
    .with(...withs)
    .insert(userQuestions)
    .select(rows)
    .onConflictDoUpdate({ target: [userQuestions.userId, userQuestions.questionId], set })
    .returning()
    .prepare(name);
}

async function upsertRecords(db: Db, change: RecordChange, records: RecordInput[], named = false): Promise<RecordRow[]> {
  const [only] = records;
  // A single record binds its values (no JSON to take apart: cheaper where every statement is planned anew).
  const form = records.length === 1 ? 'one' : 'many';
  const name = `${shapeOf(change, named)}_${form}`;
  const statement = prepared(db, name, (db) => recordsStatement(db, name, change, form, named));
  return only && form === 'one'
    ? statement.execute({ userId: only.user_id, questionId: only.question_id, checked: only.checked, starred: only.starred, tags: JSON.stringify(only.tags), now: only.now, name: only.name })
    : statement.execute({ rows: JSON.stringify(records) });
}

const inputOf = (clock: Clock, userId: string, questionId: string, change: RecordChange, name: string | null = null): RecordInput => ({
  user_id: userId,
  question_id: questionId,
  checked: change.checked ?? null,
  starred: change.starred ?? null,
  tags: change.customTags ?? [],
  now: clock.now().toISOString(),
  name,
});

/**
 * The one rule of what counts as solved: a record that is ticked, whether by hand, by a history sync or
 * by the extension's auto-tick (all of them tick the record, see upsertRecord and sync-import); its
 * solved_at says when. Group views (services/group-assignments) read solved questions through this.
 */
export const SOLVED = eq(userQuestions.checked, true);

/**
 * Creates or updates a user's record of a question: the workspace row and the tick and star shown in
 * every sheet. solvedAt is set when it becomes checked and cleared when unchecked. The review card a tick
 * or star schedules (review.cardsOfMark) is written by the same statement, so both land or neither does.
 */
export async function upsertRecord(db: Db, clock: Clock, userId: string, questionId: string, change: RecordChange): Promise<RecordRow> {
  const [row] = await upsertRecords(db, change, [inputOf(clock, userId, questionId, change)]);
  if (!row) throw new Error('upsert returned nothing');
  return row;
}

/** A change waiting to be written with others of its shape (see db/batches), one at a time per record. */
interface Mark extends BatchItem {
  input: RecordInput;
  change: RecordChange;
  named: boolean;
}

const pairOf = (userId: string, questionId: string) => `${userId}:${questionId}`;

async function writeMarks(db: Db, marks: Mark[]): Promise<RecordRow[]> {
  const first = marks[0];
  if (!first) return [];
  // In one order, so two batches with records in common (from two API processes) lock them alike.
  const inputs = marks.map((m) => m.input).sort((a, b) => (pairOf(a.user_id, a.question_id) < pairOf(b.user_id, b.question_id) ? -1 : 1));
  const rows = new Map((await upsertRecords(db, first.change, inputs, first.named)).map((row) => [pairOf(row.userId, row.questionId), row]));
  return marks.map((m) => {
    const row = rows.get(m.key);
    if (!row) throw new Error('upsert returned nothing');
    return row;
  });
}

const marksTogether = batchedBy(writeMarks);

/**
 * upsertRecord for a change made outside any transaction (a tick or star from a sheet or the workspace):
 * written in one statement with the changes that arrive meanwhile (db/batches), each record's changes in
 * the order they came. `db` is the database itself, never a transaction. `name`, for a custom question
 * ticked from a sheet, is the name it gets in the user's workspace unless they named it already
 * (custom-questions.customDataWrites 'fill'), written by the same statement as the record.
 */
export function markRecord(db: Db, clock: Clock, userId: string, questionId: string, change: RecordChange, name?: string): Promise<RecordRow> {
  const named = name !== undefined;
  return marksTogether(db, { key: pairOf(userId, questionId), shape: shapeOf(change, named), input: inputOf(clock, userId, questionId, change, named ? customName(name) : null), change, named });
}

export async function findRecord(db: Db, userId: string, questionId: string): Promise<RecordRow | undefined> {
  const [row] = await db.select().from(userQuestions).where(and(eq(userQuestions.userId, userId), eq(userQuestions.questionId, questionId)));
  return row;
}

export function toRecord(row: RecordRow) {
  return {
    _id: row.id,
    checked: row.checked,
    starred: row.starred,
    customTags: row.customTags,
    solvedAt: row.solvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
