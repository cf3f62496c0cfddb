import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { GROUP_LIMITS, GROUP_MESSAGES as M, type GridCell, type GroupPeriod } from '../../shared/rules/groups';
import { parseProblemUrl } from '../../shared/platforms/index';
import { inSheetOrder } from '../../shared/rules/sheet';
import type { Assignment, CreateAssignmentBody, DueAssignment, Grid, GroupLeaderboard } from '../../shared/schemas/group';
import { isUuid } from '../../shared/schemas/note';
import { queryRows, type Db } from '../db/client';
import { groupAssignments, groupMembers, groups, mappings, questions, sheets, userQuestions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { MemoryCaches, TaggedCache } from '../lib/memory-cache';
import type { UserRow } from './auth';
import { sheetAccess } from './access';
import { groupIdsOf, groupMembersOf, membershipOf, requireStaff } from './groups';
import { SOLVED } from './records';

type AssignmentRow = typeof groupAssignments.$inferSelect;

/** Assignments past due by more than this leave a member's list of what is due. */
const DUE_LIST_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
const dueListSince = (clock: Clock) => new Date(clock.now().getTime() - DUE_LIST_GRACE_MS);

/**
 * Creates an assignment (owner and mentors): a sheet the members can read, whole or the chosen questions
 * of it, in the sheet's order.
 */
export async function createAssignment(db: Db, user: UserRow, groupId: string, body: CreateAssignmentBody): Promise<Assignment> {
  requireStaff(await membershipOf(db, groupId, user.id));
  let sheet;
  try {
    const access = await sheetAccess(db, { id: body.sheetId }, user);
    if (access.sheet.visibility !== 'public' && !access.canEdit) throw badRequest(M.sheetNotReadable);
    sheet = access.sheet;
  } catch (err) {
    if (err instanceof AppError && err.code === 404) throw badRequest(M.sheetNotReadable);
    throw err;
  }
  if (sheet.premium) throw badRequest(M.sheetPremium);
  const placed = await db
    .select({ id: mappings.id, questionId: mappings.questionId, topic: mappings.topic, subTopic: mappings.subTopic })
    .from(mappings)
    .where(eq(mappings.sheetId, sheet.id));
  // The sheet page's order (topics, then subtopics, then the question order), so the grid reads like the sheet.
  let questionIds = inSheetOrder(placed, sheet.config, (p) => p).map((p) => p.questionId);
  if (body.questionIds) {
    const chosen = new Set(body.questionIds);
    const inSheet = new Set(questionIds);
    if ([...chosen].some((id) => !inSheet.has(id))) throw badRequest(M.questionsNotInSheet);
    questionIds = questionIds.filter((id) => chosen.has(id));
  }
  if (questionIds.length === 0) throw badRequest(M.emptyAssignment);
  if (questionIds.length > GROUP_LIMITS.questionsPerAssignment) throw badRequest(M.tooManyQuestions);
  const row = await db.transaction(async (tx) => {
    // The group's row is the lock that keeps the limit across processes.
    await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    const [n] = await tx.select({ n: count() }).from(groupAssignments).where(eq(groupAssignments.groupId, groupId));
    if ((n?.n ?? 0) >= GROUP_LIMITS.assignmentsPerGroup) throw badRequest(M.tooManyAssignments);
    const [inserted] = await tx.insert(groupAssignments).values({ groupId, sheetId: sheet.id, questionIds, dueAt: new Date(body.dueAt), createdBy: user.id }).returning();
    if (!inserted) throw new Error('insert returned nothing');
    return inserted;
  });
  return toAssignment(row, sheet, { solved: 0, late: 0 });
}

function toAssignment(row: AssignmentRow, sheet: { name: string; slug: string }, own: { solved: number; late: number }): Assignment {
  return {
    id: row.id,
    groupId: row.groupId,
    sheetId: row.sheetId,
    sheetName: sheet.name,
    sheetSlug: sheet.slug,
    dueAt: row.dueAt.toISOString(),
    questionCount: row.questionIds.length,
    createdAt: row.createdAt.toISOString(),
    ...own,
  };
}

/** The caller's own progress on each assignment: solved by its due date, and solved after it. */
async function ownProgress(db: Db, userId: string, rows: AssignmentRow[]): Promise<Map<string, { solved: number; late: number }>> {
  const out = new Map<string, { solved: number; late: number }>();
  if (rows.length === 0) return out;
  const ids = [...new Set(rows.flatMap((r) => r.questionIds))];
  const solvedAt = new Map<string, Date | null>();
  for (const r of await db
    .select({ questionId: userQuestions.questionId, solvedAt: userQuestions.solvedAt })
    .from(userQuestions)
    .where(and(eq(userQuestions.userId, userId), inArray(userQuestions.questionId, ids), SOLVED))) {
    solvedAt.set(r.questionId, r.solvedAt);
  }
  for (const row of rows) {
    let solved = 0;
    let late = 0;
    for (const q of row.questionIds) {
      if (!solvedAt.has(q)) continue;
      const at = solvedAt.get(q);
      if (at && at > row.dueAt) late++;
      else solved++;
    }
    out.set(row.id, { solved, late });
  }
  return out;
}

async function withSheets(db: Db, rows: AssignmentRow[]): Promise<Map<string, { name: string; slug: string }>> {
  const ids = [...new Set(rows.map((r) => r.sheetId))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: sheets.id, name: sheets.name, slug: sheets.slug }).from(sheets).where(inArray(sheets.id, ids));
  return new Map(found.map((s) => [s.id, s]));
}

/** A group's assignments, latest due first, each with the caller's own progress. */
export async function listAssignments(db: Db, user: UserRow, groupId: string): Promise<Assignment[]> {
  await membershipOf(db, groupId, user.id);
  const rows = await db.select().from(groupAssignments).where(eq(groupAssignments.groupId, groupId)).orderBy(desc(groupAssignments.dueAt), groupAssignments.id);
  const [names, own] = await Promise.all([withSheets(db, rows), ownProgress(db, user.id, rows)]);
  return rows.map((r) => toAssignment(r, names.get(r.sheetId) ?? { name: '', slug: '' }, own.get(r.id) ?? { solved: 0, late: 0 }));
}

export async function deleteAssignment(db: Db, user: UserRow, groupId: string, assignmentId: string): Promise<void> {
  requireStaff(await membershipOf(db, groupId, user.id));
  if (!isUuid(assignmentId)) throw notFound(M.assignmentNotFound);
  const gone = await db.delete(groupAssignments).where(and(eq(groupAssignments.id, assignmentId), eq(groupAssignments.groupId, groupId))).returning({ id: groupAssignments.id });
  if (gone.length === 0) throw notFound(M.assignmentNotFound);
}

/** The caller's assignments in every group they are in, soonest due first, leaving out those past due by more than a week. */
export async function myAssignments(db: Db, clock: Clock, user: UserRow): Promise<DueAssignment[]> {
  const mine = await groupIdsOf(db, user.id);
  if (mine.size === 0) return [];
  const rows = await db
    .select()
    .from(groupAssignments)
    .where(and(inArray(groupAssignments.groupId, [...mine.keys()]), gte(groupAssignments.dueAt, dueListSince(clock))))
    .orderBy(asc(groupAssignments.dueAt), groupAssignments.id);
  const [names, own] = await Promise.all([withSheets(db, rows), ownProgress(db, user.id, rows)]);
  return rows.map((r) => ({
    ...toAssignment(r, names.get(r.sheetId) ?? { name: '', slug: '' }, own.get(r.id) ?? { solved: 0, late: 0 }),
    groupName: mine.get(r.groupId)?.name ?? '',
  }));
}

/**
 * Of the caller's assignments that myAssignments lists, those that hold one problem (a problem page's URL),
 * in the same order: one query over the caller's memberships, for the extension's popup on every page.
 */
export async function assignmentsHolding(db: Db, clock: Clock, user: UserRow, problemUrl: string): Promise<DueAssignment[]> {
  const problem = parseProblemUrl(problemUrl);
  if (!problem) return [];
  const found = await db
    .select({ a: groupAssignments, groupName: groups.name, sheetName: sheets.name, sheetSlug: sheets.slug })
    .from(groupMembers)
    .innerJoin(groupAssignments, and(eq(groupAssignments.groupId, groupMembers.groupId), gte(groupAssignments.dueAt, dueListSince(clock))))
    .innerJoin(questions, and(eq(questions.platform, problem.platform), eq(questions.key, problem.key), sql`${questions.id} = any(${groupAssignments.questionIds})`))
    .innerJoin(groups, eq(groups.id, groupAssignments.groupId))
    .innerJoin(sheets, eq(sheets.id, groupAssignments.sheetId))
    .where(eq(groupMembers.userId, user.id))
    .orderBy(asc(groupAssignments.dueAt), groupAssignments.id);
  const own = await ownProgress(db, user.id, found.map((f) => f.a));
  return found.map((f) => ({
    ...toAssignment(f.a, { name: f.sheetName, slug: f.sheetSlug }, own.get(f.a.id) ?? { solved: 0, late: 0 }),
    groupName: f.groupName,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// The class grid

/** What a grid is built around: the assignment's questions and the group's members, kept until either changes. */
export interface GridFrame {
  groupId: string;
  sheetName: string;
  dueAt: Date;
  questions: { id: string; name: string; url: string }[];
  questionIds: string[];
  members: { userId: string; name: string }[];
  memberIds: Set<string>;
}

/** One member's row: a code per question (0 open, 1 solved, 2 late) and the totals. */
export interface GridRow {
  codes: Uint8Array;
  solved: number;
  late: number;
}

export const gridFrameBytes = (f: GridFrame) => 512 + f.questions.length * 200 + f.members.length * 160;
export const gridRowBytes = (r: GridRow) => 96 + r.codes.byteLength;

export interface GridDeps {
  db: Db;
  caches: MemoryCaches;
  kept: { gridFrames: TaggedCache<GridFrame>; gridRows: TaggedCache<GridRow> };
}

const CODES: readonly GridCell[] = ['open', 'solved', 'late'];

async function readFrame(db: Db, groupId: string, assignmentId: string): Promise<{ frame: GridFrame; sheetId: string }> {
  const [row] = await db
    .select({ a: groupAssignments, sheetName: sheets.name })
    .from(groupAssignments)
    .innerJoin(sheets, eq(sheets.id, groupAssignments.sheetId))
    .where(and(eq(groupAssignments.id, assignmentId), eq(groupAssignments.groupId, groupId)));
  if (!row) throw notFound(M.assignmentNotFound);
  const ids = row.a.questionIds;
  // The sheet's own title for each question where it still holds it; the catalogue's name otherwise.
  const named = await db
    .select({ id: questions.id, name: sql<string>`coalesce(${mappings.title}, ${questions.name})`, url: questions.problemUrl })
    .from(questions)
    .leftJoin(mappings, and(eq(mappings.questionId, questions.id), eq(mappings.sheetId, row.a.sheetId)))
    .where(inArray(questions.id, ids));
  const byId = new Map(named.map((q) => [q.id, q]));
  // In the assignment's order; a question gone from the catalogue since is left out.
  const kept = ids.flatMap((id) => {
    const q = byId.get(id);
    return q ? [q] : [];
  });
  const members = (await groupMembersOf(db, groupId)).map((m) => ({ userId: m.userId, name: m.name }));
  return {
    sheetId: row.a.sheetId,
    frame: {
      groupId,
      sheetName: row.sheetName,
      dueAt: row.a.dueAt,
      questions: kept,
      questionIds: kept.map((q) => q.id),
      members,
      memberIds: new Set(members.map((m) => m.userId)),
    },
  };
}

/**
 * Members' rows read in one statement: per member, the places (1-based) of the assignment's questions
 * they solved by the due date and after it. Aggregated in the database, so a 200 × 450 grid comes back
 * as 200 rows of numbers rather than tens of thousands of records.
 */
async function readRows(db: Db, frame: GridFrame, userIds: string[]): Promise<Map<string, GridRow>> {
  const rows = new Map<string, GridRow>();
  for (const id of userIds) rows.set(id, { codes: new Uint8Array(frame.questionIds.length), solved: 0, late: 0 });
  if (userIds.length === 0 || frame.questionIds.length === 0) return rows;
  const due = frame.dueAt.toISOString();
  const read = await queryRows<{ u: string; solved: number[] | string | null; late: number[] | string | null }>(
    db,
    sql`with assigned as (select q, i from unnest(${`{${frame.questionIds.join(',')}}`}::uuid[]) with ordinality as t(q, i))
        select ${userQuestions.userId} as u,
               array_agg(assigned.i) filter (where ${userQuestions.solvedAt} is null or ${userQuestions.solvedAt} <= ${due}::timestamptz) as solved,
               array_agg(assigned.i) filter (where ${userQuestions.solvedAt} > ${due}::timestamptz) as late
          from ${userQuestions} join assigned on assigned.q = ${userQuestions.questionId}
         where ${userQuestions.userId} = any(${`{${userIds.join(',')}}`}::uuid[]) and ${SOLVED}
         group by ${userQuestions.userId}`,
  );
  const places = (v: number[] | string | null): number[] => (v === null ? [] : typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number) : v.map(Number));
  for (const r of read) {
    const row = rows.get(r.u);
    if (!row) continue;
    for (const i of places(r.solved)) {
      row.codes[i - 1] = 1;
      row.solved++;
    }
    for (const i of places(r.late)) {
      row.codes[i - 1] = 2;
      row.late++;
    }
  }
  return rows;
}

/**
 * An assignment's class grid: members down (in the members' order), questions across, each cell solved,
 * late or open. A process keeps the frame (tagged with the group, the sheet and each member's user row)
 * and each member's row (tagged with their records), so a tick re-reads one row, not the grid.
 */
export async function assignmentGrid(deps: GridDeps, user: UserRow, groupId: string, assignmentId: string): Promise<Grid> {
  if (!isUuid(groupId)) throw notFound(M.notFound);
  if (!isUuid(assignmentId)) {
    await membershipOf(deps.db, groupId, user.id);
    throw notFound(M.assignmentNotFound);
  }
  const ticket = deps.caches.ticket();
  let frame = deps.kept.gridFrames.get(assignmentId);
  if (!frame || frame.groupId !== groupId || !frame.memberIds.has(user.id)) {
    // Not kept, or kept without the caller in it: the membership decides (a 404 for anyone not in the group).
    await membershipOf(deps.db, groupId, user.id);
    const read = await readFrame(deps.db, groupId, assignmentId);
    frame = read.frame;
    deps.kept.gridFrames.set(ticket, assignmentId, frame, [`group:${groupId}`, `sheet:${read.sheetId}`, ...frame.members.map((m) => `user:${m.userId}`)]);
  }
  if (!frame.memberIds.has(user.id)) throw notFound(M.notFound);
  const rows = new Map<string, GridRow>();
  const missing: string[] = [];
  for (const m of frame.members) {
    const kept = deps.kept.gridRows.get(`${assignmentId}:${m.userId}`);
    if (kept) rows.set(m.userId, kept);
    else missing.push(m.userId);
  }
  if (missing.length) {
    const read = await readRows(deps.db, frame, missing);
    for (const [userId, row] of read) {
      rows.set(userId, row);
      deps.kept.gridRows.set(ticket, `${assignmentId}:${userId}`, row, [`records:${userId}`, `group:${groupId}`]);
    }
  }
  const cells: GridCell[][] = [];
  const members: Grid['members'] = [];
  for (const m of frame.members) {
    const row = rows.get(m.userId) ?? { codes: new Uint8Array(frame.questionIds.length), solved: 0, late: 0 };
    const line = new Array<GridCell>(row.codes.length);
    row.codes.forEach((code, i) => (line[i] = CODES[code] ?? 'open'));
    cells.push(line);
    members.push({ userId: m.userId, name: m.name, solved: row.solved, late: row.late });
  }
  return { assignment: { id: assignmentId, dueAt: frame.dueAt.toISOString(), sheetName: frame.sheetName }, questions: frame.questions, members, cells };
}

// ---------------------------------------------------------------------------------------------------------
// Leaderboards

/**
 * A group's leaderboard: each member not hidden, by the group's assigned questions solved (this week, in
 * the group's time zone, from Monday; or all time), ties by who got there first. Only assigned questions
 * count: nothing else of a member's records is anyone else's to see.
 */
export async function groupLeaderboard(db: Db, clock: Clock, user: UserRow, groupId: string, period: GroupPeriod): Promise<GroupLeaderboard> {
  const m = await membershipOf(db, groupId, user.id);
  const now = clock.now().toISOString();
  const [start] =
    period === 'week'
      ? await queryRows<{ since: string | Date }>(
          db,
          sql`select (date_trunc('week', ${now}::timestamptz at time zone ${m.group.timeZone}) at time zone ${m.group.timeZone}) as since`,
        )
      : [];
  const since = start ? new Date(start.since).toISOString() : null;
  const counted = await queryRows<{ user_id: string; solved: number | string; last: string | Date | null }>(
    db,
    sql`with assigned as (select distinct unnest(${groupAssignments.questionIds}) as question_id from ${groupAssignments} where ${groupAssignments.groupId} = ${groupId})
        select ${userQuestions.userId} as user_id, count(*) as solved, max(${userQuestions.solvedAt}) as last
          from ${groupMembers}
          join ${userQuestions} on ${userQuestions.userId} = ${groupMembers.userId}
          join assigned on assigned.question_id = ${userQuestions.questionId}
         where ${groupMembers.groupId} = ${groupId} and not ${groupMembers.hideFromLeaderboards} and ${SOLVED}
           ${since ? sql`and ${userQuestions.solvedAt} >= ${since}::timestamptz and ${userQuestions.solvedAt} <= ${now}::timestamptz` : sql``}
         group by ${userQuestions.userId}`,
  );
  const byUser = new Map(counted.map((c) => [c.user_id, { solved: Number(c.solved), last: c.last ? new Date(c.last).getTime() : Infinity }]));
  const members = (await groupMembersOf(db, groupId)).filter((x) => !x.hideFromLeaderboards);
  const ranked = members
    .map((x) => ({ member: x, ...(byUser.get(x.userId) ?? { solved: 0, last: Infinity }) }))
    .sort((a, b) => b.solved - a.solved || a.last - b.last || 0);
  return {
    period,
    since,
    rows: ranked.map((r, i) => ({ rank: i + 1, userId: r.member.userId, name: r.member.name, imageUrl: r.member.imageUrl, solved: r.solved })),
  };
}
