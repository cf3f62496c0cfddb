import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userQuestions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { cardOfMark } from './review';

export type RecordRow = typeof userQuestions.$inferSelect;

export interface RecordChange {
  checked?: boolean;
  starred?: boolean;
  customTags?: string[];
}

/**
 * Creates or updates a user's record of a question: the workspace row and the tick and star shown in
 * every sheet. solvedAt is set when it becomes checked and cleared when unchecked. The review card a tick
 * or star schedules (review.cardOfMark) is written by the same statement, so both land or neither does.
 */
export async function upsertRecord(db: Db, clock: Clock, userId: string, questionId: string, change: RecordChange): Promise<RecordRow> {
  const now = clock.now();
  const set: Record<string, unknown> = { updatedAt: now };
  if (change.checked !== undefined) {
    set.checked = change.checked;
    set.solvedAt = change.checked ? sql`coalesce(${userQuestions.solvedAt}, ${now.toISOString()}::timestamptz)` : null;
  }
  if (change.starred !== undefined) set.starred = change.starred;
  if (change.customTags !== undefined) set.customTags = change.customTags;
  const card = cardOfMark(clock, userId, questionId, change);
  const [row] = await (card ? db.with(db.$with('card', {}).as(card)) : db)
    .insert(userQuestions)
    .values({
      userId,
      questionId,
      checked: change.checked ?? false,
      starred: change.starred ?? false,
      customTags: change.customTags ?? [],
      solvedAt: change.checked ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: [userQuestions.userId, userQuestions.questionId], set })
    .returning();
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
