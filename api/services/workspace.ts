import { and, arrayOverlaps, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../shared/schemas/note';
import Papa from 'papaparse';
import { neutraliseRow } from '../../shared/rules/spreadsheet-safety';
import {
  EXPORT_COLUMNS,
  MAX_EXPORT_ROWS,
  WORKSPACE_MESSAGES,
  type ExportResult,
  type ExportRow,
  type WorkspaceFilterOptions,
  type WorkspaceFilters,
  type WorkspaceListQuery,
  type WorkspacePage,
  type WorkspaceQuestion,
} from '../../shared/schemas/workspace';
import type { solveQuestionBodySchema, updateCustomQuestionBodySchema, updateRecordBodySchema } from '../../shared/schemas/workspace';
import type { z } from 'zod';
import { queryRows, type Db } from '../db/client';
import { customQuestions, questions, userQuestions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError, forbidden, notFound } from '../lib/errors';
import { createNote } from './notes';
import { ownCustom, ownCustomJoin, saveCustomData, seenColumns } from './custom-questions';
import { ensureQuestion, toQuestion, type QuestionRow } from './questions';
import { findRecord, markRecord, toRecord, upsertRecord, type RecordRow } from './records';
import { NO_SOLUTION, latestSolutionColumn, solutionStats, type SolutionStats } from './solutions';
import { ATTEMPT_BUCKETS, TIME_BUCKETS } from '../../shared/rules/solutions';

export interface WorkspaceDeps {
  db: Db;
  clock: Clock;
}


/** A record with its question as the user sees it (seenColumns), and what its latest kept solution says. */
export function toWorkspaceQuestion(record: RecordRow, question: QuestionRow, stats: SolutionStats = NO_SOLUTION): WorkspaceQuestion {
  return {
    ...toRecord(record),
    // A custom question's name and difficulty are the user's own, so they may edit them.
    editable: !question.verified,
    question: toQuestion(question),
    ...stats,
  };
}

/** A record with its solution figures read for it (one record's answer after a change). */
async function withStats(db: Db, userId: string, record: RecordRow, question: QuestionRow): Promise<WorkspaceQuestion> {
  const stats = await solutionStats(db, userId, [question.id]);
  return toWorkspaceQuestion(record, question, stats.get(question.id));
}

/** Any of the buckets chosen, on the latest kept solution's figure (a question with none matches none). */
function bucketCondition(column: SQL, chosen: readonly string[], all: readonly { id: string; min: number; max: number | null }[]): SQL | undefined {
  const ranges = all.filter((b) => chosen.includes(b.id)).map((b) => (b.max === null ? sql`${column} >= ${b.min}` : sql`${column} between ${b.min} and ${b.max}`));
  return ranges.length ? sql`(${sql.join(ranges, sql` or `)})` : undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL conditions of a filter set; always restricted to the user's own records. */
function filterConditions(userId: string, f: WorkspaceFilters): SQL[] {
  const conds: (SQL | undefined)[] = [eq(userQuestions.userId, userId)];
  if (f.search) conds.push(sql`lower(${seenColumns.name}) like ${`%${escapeLike(f.search.toLowerCase())}%`}`);
  if (f.difficulty.length) conds.push(inArray(seenColumns.difficulty, f.difficulty));
  if (f.platform.length) conds.push(inArray(questions.platform, f.platform));
  if (f.topic.length) conds.push(sql`${seenColumns.topics} && ${sql.param(f.topic, questions.topics)}`);
  if (f.tag.length) conds.push(arrayOverlaps(userQuestions.customTags, f.tag));
  if (f.starred) conds.push(eq(userQuestions.starred, true));
  if (f.status) conds.push(eq(userQuestions.checked, f.status === 'marked'));
  if (f.attempts.length) conds.push(bucketCondition(latestSolutionColumn(userId, 'attempts'), f.attempts, ATTEMPT_BUCKETS));
  if (f.time.length) conds.push(bucketCondition(latestSolutionColumn(userId, 'time_spent_sec'), f.time, TIME_BUCKETS));
  const dateColumn = sortColumn(f);
  if (f.from) conds.push(gte(dateColumn, new Date(f.from)));
  if (f.to) conds.push(lt(dateColumn, new Date(f.to)));
  return conds.filter((c): c is SQL => c !== undefined);
}

const sortColumn = (f: WorkspaceFilters) => (f.sortBy === 'updatedAt' ? userQuestions.updatedAt : userQuestions.createdAt);

function ordering(f: WorkspaceFilters) {
  const dir = f.order === 'oldest' ? asc : desc;
  // The id breaks ties (an import writes many records in the same millisecond), so pages never overlap.
  return [dir(sortColumn(f)), dir(userQuestions.id)];
}

/** Filters on the question itself need the join; the others are answered from the user's index alone. */
const needsQuestion = (f: WorkspaceFilters) => !!f.search || f.difficulty.length > 0 || f.platform.length > 0 || f.topic.length > 0;

/**
 * One page of the workspace: filtered, sorted and paged in the database, with the total count. The page's
 * ids come first (an index range of the user's records), then only those rows are joined to their questions.
 */
export async function listWorkspace(db: Db, userId: string, query: WorkspaceListQuery): Promise<WorkspacePage> {
  const where = and(...filterConditions(userId, query));
  const join = needsQuestion(query);
  const counting = db.select({ total: count() }).from(userQuestions);
  const [totalRow] = await (
    join ? counting.innerJoin(questions, eq(questions.id, userQuestions.questionId)).leftJoin(customQuestions, ownCustom(userId)) : counting
  ).where(where);
  const paging = db.select({ id: userQuestions.id }).from(userQuestions);
  const ids = (
    await (join ? paging.innerJoin(questions, eq(questions.id, userQuestions.questionId)).leftJoin(customQuestions, ownCustom(userId)) : paging)
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
  ).map((r) => r.id);
  const rows = ids.length
    ? await db
        .select({ record: userQuestions, question: seenColumns })
        .from(userQuestions)
        .innerJoin(questions, eq(questions.id, userQuestions.questionId))
        .leftJoin(customQuestions, ownCustom(userId))
        .where(and(eq(userQuestions.userId, userId), inArray(userQuestions.id, ids)))
    : [];
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.record.id) ?? 0) - (position.get(b.record.id) ?? 0));
  const stats = await solutionStats(db, userId, rows.map((r) => r.question.id));
  return {
    questions: rows.map((r) => toWorkspaceQuestion(r.record, r.question, stats.get(r.question.id))),
    total: totalRow?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The values present in the user's workspace, for the filter menus. */
export async function filterOptions(db: Db, userId: string): Promise<WorkspaceFilterOptions> {
  // One statement and one pass over the user's records: a grouping set per menu, so tag and topic lists
  // are unnested once per distinct list rather than once per record. grouping() sets a bit for each
  // column a set leaves out (difficulty the highest), which tells the sets apart.
  const rows = await queryRows<{ menu: keyof WorkspaceFilterOptions; value: string | null }>(
    db,
    sql`with g as (
          select coalesce(cq.difficulty, q.difficulty) as difficulty, q.platform, coalesce(cq.topics, q.topics) as topics, uq.custom_tags,
            grouping(coalesce(cq.difficulty, q.difficulty), q.platform, coalesce(cq.topics, q.topics), uq.custom_tags) as set
          from user_questions uq join questions q on q.id = uq.question_id ${ownCustomJoin(sql`uq.user_id`)}
          where uq.user_id = ${userId}
          group by grouping sets ((coalesce(cq.difficulty, q.difficulty)), (q.platform), (coalesce(cq.topics, q.topics)), (uq.custom_tags))
        )
        select 'difficulties' as menu, difficulty as value from g where set = ${sql.raw(String(0b0111))}
        union all select 'platforms', platform from g where set = ${sql.raw(String(0b1011))}
        union all select distinct 'topics', unnest(topics) from g where set = ${sql.raw(String(0b1101))}
        union all select distinct 'customTags', unnest(custom_tags) from g where set = ${sql.raw(String(0b1110))}`,
  );
  const menu = (name: keyof WorkspaceFilterOptions) =>
    rows
      .filter((r): r is { menu: typeof name; value: string } => r.menu === name && r.value !== null && r.value !== '')
      .map((r) => r.value)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return { difficulties: menu('difficulties'), platforms: menu('platforms'), topics: menu('topics'), customTags: menu('customTags') };
}

async function ownRecord(db: Db, userId: string, recordId: string) {
  if (!isUuid(recordId)) throw notFound(WORKSPACE_MESSAGES.recordNotFound);
  const [row] = await db
    .select({ record: userQuestions, question: seenColumns, catalogue: questions })
    .from(userQuestions)
    .innerJoin(questions, eq(questions.id, userQuestions.questionId))
    .leftJoin(customQuestions, ownCustom(userId))
    .where(and(eq(userQuestions.id, recordId), eq(userQuestions.userId, userId)));
  // Another person's record answers exactly like a missing one.
  if (!row) throw notFound(WORKSPACE_MESSAGES.recordNotFound);
  return row;
}

/** Tick, star or retag a record of the workspace. */
export async function updateRecord(deps: WorkspaceDeps, userId: string, recordId: string, change: z.output<typeof updateRecordBodySchema>) {
  const { question } = await ownRecord(deps.db, userId, recordId);
  // One statement with the review card it schedules, shared with the changes that arrive meanwhile (see markRecord).
  const record = await markRecord(deps.db, deps.clock, userId, question.id, change);
  return withStats(deps.db, userId, record, question);
}

/** Renames or re-rates a custom (unverified) question: the user's own data for it, seen by no one else. */
export async function updateCustomQuestion(deps: WorkspaceDeps, userId: string, recordId: string, body: z.output<typeof updateCustomQuestionBodySchema>) {
  const { record, question, catalogue } = await ownRecord(deps.db, userId, recordId);
  if (question.verified) throw forbidden(WORKSPACE_MESSAGES.verifiedNotEditable);
  // Starting from what the user sees, so a first edit of the difficulty keeps the name they see.
  const saved = await saveCustomData(deps.db, deps.clock, userId, catalogue, { name: body.name ?? question.name, difficulty: body.difficulty ?? question.difficulty, topics: question.topics }, 'replace');
  if (!saved) throw forbidden(WORKSPACE_MESSAGES.verifiedNotEditable);
  return withStats(deps.db, userId, record, { ...question, ...saved });
}

export async function removeRecord(db: Db, userId: string, recordId: string) {
  if (!isUuid(recordId)) throw notFound(WORKSPACE_MESSAGES.recordNotFound);
  const gone = await db
    .delete(userQuestions)
    .where(and(eq(userQuestions.id, recordId), eq(userQuestions.userId, userId)))
    .returning({ id: userQuestions.id });
  if (!gone.length) throw notFound(WORKSPACE_MESSAGES.recordNotFound);
  return { _id: recordId };
}

function toExportRow(w: WorkspaceQuestion): ExportRow {
  return {
    problemUrl: w.question.problemUrl,
    solved: w.checked,
    name: w.question.name,
    platform: w.question.platform,
    difficulty: w.question.difficulty,
    starred: w.starred,
    customTags: w.customTags.join(', '),
    topics: w.question.topics.join(', '),
    addedAt: w.createdAt,
    updatedAt: w.updatedAt,
  };
}

/** CSV text of export rows, every formula-like cell neutralised. */
function exportCsv(rows: ExportRow[]): string {
  return Papa.unparse({
    fields: [...EXPORT_COLUMNS],
    data: rows.map((r) => {
      const safe = neutraliseRow(r);
      return EXPORT_COLUMNS.map((c) => safe[c]);
    }),
  });
}

/** The workspace under the current filters, in their order, as rows and CSV that the progress import reads back. */
export async function exportWorkspace(db: Db, userId: string, filters: WorkspaceFilters): Promise<ExportResult> {
  const rows = await db
    .select({ record: userQuestions, question: seenColumns })
    .from(userQuestions)
    .innerJoin(questions, eq(questions.id, userQuestions.questionId))
    .leftJoin(customQuestions, ownCustom(userId))
    .where(and(...filterConditions(userId, filters)))
    .orderBy(...ordering(filters))
    .limit(MAX_EXPORT_ROWS);
  const out = rows.map((r) => toExportRow(toWorkspaceQuestion(r.record, r.question)));
  return { columns: [...EXPORT_COLUMNS], rows: out, csv: exportCsv(out), total: out.length };
}

/**
 * Adds a question to the workspace (spec §7 solve-question): a catalogue question by id, or a custom
 * one by URL (created unverified when the catalogue does not know it), with the first note, in one transaction.
 */
export async function solveQuestion(deps: WorkspaceDeps, userId: string, body: z.output<typeof solveQuestionBodySchema>) {
  return deps.db.transaction(async (tx) => {
    let question: QuestionRow | undefined;
    if (body.questionId) {
      if (isUuid(body.questionId)) [question] = await tx.select().from(questions).where(eq(questions.id, body.questionId));
      if (!question) throw notFound(WORKSPACE_MESSAGES.questionNotFound);
    } else if (body.custom) {
      const { problemUrl, name, difficulty, topics } = body.custom;
      question = await ensureQuestion(tx, problemUrl, userId);
      const own = await saveCustomData(tx, deps.clock, userId, question, { name, difficulty, topics }, 'replace');
      if (own) question = { ...question, ...own };
    } else {
      throw new AppError(400, 'ValidationError', WORKSPACE_MESSAGES.questionRequired);
    }
    const before = await findRecord(tx, userId, question.id);
    const record = await upsertRecord(tx, deps.clock, userId, question.id, { checked: body.checked, starred: body.starred, customTags: body.customTags });
    // The notes feature's writer: it sanitises the HTML and nests as a savepoint in this transaction.
    const saved = body.note ? [await createNote({ db: tx, clock: deps.clock }, userId, { ...body.note, questionId: question.id })] : [];
    return { question: await withStats(tx, userId, record, question), notes: saved, created: !before };
  });
}

