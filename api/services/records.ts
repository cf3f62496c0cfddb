import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { userQuestions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { cardOfMark } from './review';

export type RecordRow = typeof userQuestions.$inferSelect;

export interface RecordChange {
  checked?: boolean;
  starred?: boolean;
  customTags?: string[];
}

/** The fields a change sets, which decide its statement's text; the values of a call are bound when it runs. */
const shapeOf = (change: RecordChange) =>
  `record_${String(change.checked ?? '-')}_${String(change.starred ?? '-')}_${change.customTags ? 'tags' : '-'}`;

const bound = { userId: sql.placeholder('userId'), questionId: sql.placeholder('questionId'), now: sql.placeholder('now') };
const now = sql`${bound.now}::timestamptz`;

/**
 * The upsert for one shape of change, prepared once per database and shape (see db/prepared): a tick is the
 * busiest write there is, and its statement, review card included, is the same text every time.
 */
function recordStatement(db: Db, name: string, change: RecordChange) {
  const set: Record<string, unknown> = { updatedAt: now };
  if (change.checked !== undefined) {
    set.checked = change.checked;
    set.solvedAt = change.checked ? sql`coalesce(${userQuestions.solvedAt}, ${now})` : null;
  }
  if (change.starred !== undefined) set.starred = change.starred;
  // The tags travel as one JSON text: a bound array is read differently by the two drivers.
  const tags = sql`array(select jsonb_array_elements_text(${sql.placeholder('customTags')}::jsonb))`;
  if (change.customTags !== undefined) set.customTags = tags;
  const card = cardOfMark(bound, change);
  return (card ? db.with(db.$with('card', {}).as(card)) : db)
    .insert(userQuestions)
    .values({
      userId: sql`${bound.userId}::uuid`,
      questionId: sql`${bound.questionId}::uuid`,
      checked: change.checked ?? false,
      starred: change.starred ?? false,
      customTags: change.customTags !== undefined ? tags : [],
      solvedAt: change.checked ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: [userQuestions.userId, userQuestions.questionId], set })
    .returning()
    .prepare(name);
}

/**
 * Creates or updates a user's record of a question: the workspace row and the tick and star shown in
 * every sheet. solvedAt is set when it becomes checked and cleared when unchecked. The review card a tick
 * or star schedules (review.cardOfMark) is written by the same statement, so both land or neither does.
 */
export async function upsertRecord(db: Db, clock: Clock, userId: string, questionId: string, change: RecordChange): Promise<RecordRow> {
  const name = shapeOf(change);
  const statement = prepared(db, name, (db) => recordStatement(db, name, change));
  const [row] = await statement.execute({ userId, questionId, now: clock.now().toISOString(), customTags: JSON.stringify(change.customTags ?? []) });
  if (!row) throw new Error('upsert returned nothing');
  return row;
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
