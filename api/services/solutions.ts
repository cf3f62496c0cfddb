import { createHash } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { SOLUTION_MESSAGES } from '../../shared/rules/solutions';
import { isUuid } from '../../shared/schemas/note';
import type { PublishedSolution, Solution, SolutionBody, SolutionSaveResponse } from '../../shared/schemas/solution';
import { queryRows, type Db } from '../db/client';
import { customQuestions, questions, solutions, userQuestions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { notFound } from '../lib/errors';
import { ownCustom, seenColumns } from './custom-questions';
import { ensureQuestion, type QuestionRow } from './questions';
import { markSolved } from './sync-import';

export interface SolutionDeps {
  db: Db;
  clock: Clock;
}

type SolutionRow = typeof solutions.$inferSelect;

/** How many published solutions a public profile lists, newest first. */
const PROFILE_SOLUTIONS_LIMIT = 50;

function toSolution(row: SolutionRow): Solution {
  return {
    id: row.id,
    questionId: row.questionId,
    version: row.version,
    code: row.code,
    language: row.language,
    acceptedAt: row.acceptedAt.toISOString(),
    attempts: row.attempts,
    timeSpentSec: row.timeSpentSec,
    source: row.source,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
  };
}

const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * The question a solution is for: by id, a catalogue question or one in the user's workspace (another
 * person's custom question answers as unknown); by URL, exactly as the workspace adds a pasted URL.
 */
async function questionOf(tx: Db, userId: string, body: SolutionBody): Promise<QuestionRow> {
  if (body.url !== undefined && body.questionId === undefined) return ensureQuestion(tx, body.url, userId);
  const id = body.questionId ?? '';
  const [row] = isUuid(id)
    ? await tx
        .select({ question: questions, record: userQuestions.id })
        .from(questions)
        .leftJoin(userQuestions, and(eq(userQuestions.questionId, questions.id), eq(userQuestions.userId, userId)))
        .where(eq(questions.id, id))
    : [];
  if (!row || (!row.question.verified && !row.record)) throw notFound(SOLUTION_MESSAGES.unknownQuestion);
  return row.question;
}

/**
 * Keeps an accepted solution: identical code for the same question adds nothing (created false, the
 * version kept before); different code becomes the next version. The question joins the workspace,
 * marked solved at acceptedAt by the same rule as history sync (markSolved).
 */
export async function saveSolution(deps: SolutionDeps, userId: string, body: SolutionBody): Promise<SolutionSaveResponse> {
  const hash = codeHash(body.code);
  const acceptedAt = new Date(body.acceptedAt);
  return deps.db.transaction(async (tx) => {
    const question = await questionOf(tx, userId, body);
    // One save at a time per user and question, so two concurrent saves never draw the same version number
    // (the unique indexes would refuse the second, as an error rather than the next number).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`solutions:${userId}:${question.id}`}, 0))`);
    await markSolved(tx, deps.clock, userId, [{ questionId: question.id, earliest: acceptedAt, latest: acceptedAt }]);
    const [kept] = await tx
      .select()
      .from(solutions)
      .where(and(eq(solutions.userId, userId), eq(solutions.questionId, question.id), eq(solutions.codeHash, hash)));
    if (kept) return { ...toSolution(kept), created: false };
    const [next] = await queryRows<{ version: number }>(
      tx,
      sql`select coalesce(max(version), 0) + 1 as version from solutions where user_id = ${userId} and question_id = ${question.id}`,
    );
    const [row] = await tx
      .insert(solutions)
      .values({
        userId,
        questionId: question.id,
        version: next?.version ?? 1,
        code: body.code,
        codeHash: hash,
        language: body.language,
        acceptedAt,
        attempts: body.attempts ?? null,
        timeSpentSec: body.timeSpentSec ?? null,
        source: body.source,
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return { ...toSolution(row), created: true };
  });
}

/** What the workspace shows of a question's kept solutions: the latest version's figures and the count. */
export interface SolutionStats {
  attempts: number | null;
  timeSpentSec: number | null;
  solutions: number;
}
export const NO_SOLUTION: SolutionStats = { attempts: null, timeSpentSec: null, solutions: 0 };

/** The solution figures of some of a user's questions, by question id (those with none are absent). */
export async function solutionStats(db: Db, userId: string, questionIds: readonly string[]): Promise<Map<string, SolutionStats>> {
  if (!questionIds.length) return new Map();
  const rows = await queryRows<{ question_id: string; attempts: number | null; time_spent_sec: number | null; n: number | string }>(
    db,
    sql`select distinct on (question_id) question_id, attempts, time_spent_sec, count(*) over (partition by question_id) as n
        from solutions where user_id = ${userId} and question_id in ${sql`(${sql.join(questionIds.map((id) => sql`${id}::uuid`), sql`, `)})`}
        order by question_id, version desc`,
  );
  return new Map(rows.map((r) => [r.question_id, { attempts: r.attempts, timeSpentSec: r.time_spent_sec, solutions: Number(r.n) }]));
}

/** A column of the latest kept solution of a workspace record's question, for the workspace's filters. */
export function latestSolutionColumn(userId: string, column: 'attempts' | 'time_spent_sec'): SQL {
  return sql`(select s.${sql.raw(column)} from solutions s where s.user_id = ${userId} and s.question_id = ${userQuestions.questionId} order by s.version desc limit 1)`;
}

/** A user's kept versions of one question, newest first. */
export async function listSolutions(db: Db, userId: string, questionId: string): Promise<Solution[]> {
  const rows = await db
    .select()
    .from(solutions)
    .where(and(eq(solutions.userId, userId), eq(solutions.questionId, questionId)))
    .orderBy(desc(solutions.version));
  return rows.map(toSolution);
}

/** Removes one of the user's versions; another person's answers exactly like a missing one. */
export async function deleteSolution(db: Db, userId: string, id: string): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound(SOLUTION_MESSAGES.notFound);
  const gone = await db
    .delete(solutions)
    .where(and(eq(solutions.id, id), eq(solutions.userId, userId)))
    .returning({ id: solutions.id });
  if (!gone.length) throw notFound(SOLUTION_MESSAGES.notFound);
  return { id };
}

/** Publishes a version on the user's public profile, or takes it back. */
export async function publishSolution(db: Db, userId: string, id: string, published: boolean): Promise<Solution> {
  if (!isUuid(id)) throw notFound(SOLUTION_MESSAGES.notFound);
  const [row] = await db
    .update(solutions)
    .set({ published })
    .where(and(eq(solutions.id, id), eq(solutions.userId, userId)))
    .returning();
  if (!row) throw notFound(SOLUTION_MESSAGES.notFound);
  return toSolution(row);
}

/** The solutions a person published, for their public profile: published ones only, newest first. */
export async function publishedSolutions(db: Db, userId: string): Promise<PublishedSolution[]> {
  const rows = await db
    .select({ solution: solutions, name: seenColumns.name, problemUrl: questions.problemUrl, platform: questions.platform })
    .from(solutions)
    .innerJoin(questions, eq(questions.id, solutions.questionId))
    .leftJoin(customQuestions, ownCustom(userId))
    .where(and(eq(solutions.userId, userId), eq(solutions.published, true)))
    .orderBy(desc(solutions.acceptedAt), desc(solutions.version))
    .limit(PROFILE_SOLUTIONS_LIMIT);
  return rows.map(({ solution, name, problemUrl, platform }) => ({
    id: solution.id,
    questionName: name,
    problemUrl,
    platform,
    language: solution.language,
    code: solution.code,
    version: solution.version,
    acceptedAt: solution.acceptedAt.toISOString(),
  }));
}
