import { and, count, desc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../shared/schemas/note';
import { LEADERBOARD_PAGE_SIZE, type RankingMetric } from '../../shared/rules/ranking';
import type { Leaderboard, LeaderboardRow } from '../../shared/schemas/leaderboard';
import type { Db } from '../db/client';
import type { MemoryCaches, TaggedCache } from '../lib/memory-cache';
import { collaborators, sheetFollows, userRankings, users } from '../db/schema';
import type { UserRow } from './auth';
import { sheetAccess } from './access';

const COLUMNS = {
  c_score: userRankings.cScore,
  total_questions: userRankings.totalQuestions,
  leetcode_rating: userRankings.leetcodeRating,
  codeforces_rating: userRankings.codeforcesRating,
} as const;

/** One metric's whole board, highest first: what a page, a rank and the total are cut from. */
export interface Board {
  values: Int32Array;
  ids: string[];
  position: Map<string, number>;
}

/** Roughly what a board holds in memory: a value, an id string and a map entry per user. */
export const boardBytes = (board: Board) => board.ids.length * 160;

/** The change-feed tag of every board: user_rankings announces each change to it (migration 0014). */
const BOARD_TAG = 'leaderboard';

async function readBoard(db: Db, metric: RankingMetric): Promise<Board> {
  const column = COLUMNS[metric];
  const rows = await db
    .select({ userId: userRankings.userId, value: column })
    .from(userRankings)
    .where(and(eq(userRankings.optedIn, true), isNotNull(column)))
    .orderBy(desc(column), userRankings.userId);
  const values = new Int32Array(rows.length);
  const ids: string[] = new Array<string>(rows.length);
  const position = new Map<string, number>();
  rows.forEach((r, i) => {
    values[i] = r.value ?? 0;
    ids[i] = r.userId;
    position.set(r.userId, i);
  });
  return { values, ids, position };
}

/** What the leaderboard needs of the app: the database, and the whole-site boards it keeps in memory. */
interface LeaderboardDeps {
  db: Db;
  caches: MemoryCaches;
  kept: { boards: TaggedCache<Board> };
}

const reading = new WeakMap<LeaderboardDeps, Map<RankingMetric, Promise<Board>>>();

/**
 * The whole-site board of a metric, kept in memory until user_rankings changes (in any process: the
 * change feed drops it): a page of 100,000 users is then a slice and two binary searches instead of
 * counting index ranges (a deep page would count them all). Readers that miss together share one read.
 */
function boardFor(deps: LeaderboardDeps, metric: RankingMetric): Promise<Board> {
  const kept = deps.kept.boards.get(metric);
  if (kept) return Promise.resolve(kept);
  let pending = reading.get(deps);
  if (!pending) reading.set(deps, (pending = new Map<RankingMetric, Promise<Board>>()));
  const inFlight = pending.get(metric);
  if (inFlight) return inFlight;
  const ticket = deps.caches.ticket();
  const board = readBoard(deps.db, metric).then((b) => {
    deps.kept.boards.set(ticket, metric, b, [BOARD_TAG]);
    return b;
  });
  pending.set(metric, board);
  void board.catch(() => undefined).finally(() => pending.delete(metric));
  return board;
}

/** How many values of a descending array are greater than v. */
function countAbove(values: Int32Array, v: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? 0) > v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

async function wholeBoard(deps: LeaderboardDeps, viewer: UserRow | null, metric: RankingMetric, page: number): Promise<Leaderboard> {
  const { db } = deps;
  const board = await boardFor(deps, metric);
  const offset = (page - 1) * LEADERBOARD_PAGE_SIZE;
  const ids = board.ids.slice(offset, offset + LEADERBOARD_PAGE_SIZE);
  const names = ids.length ? await db.select({ id: users.id, profileName: users.profileName }).from(users).where(inArray(users.id, ids)) : [];
  const nameOf = new Map(names.map((n) => [n.id, n.profileName]));
  const rows: LeaderboardRow[] = [];
  ids.forEach((id, i) => {
    const profileName = nameOf.get(id);
    const value = board.values[offset + i] ?? 0;
    // A user deleted since the board was read has no name: left out.
    if (profileName !== undefined) rows.push({ rank: countAbove(board.values, value) + 1, profileName, value });
  });
  const at = viewer ? board.position.get(viewer.id) : undefined;
  const own = at === undefined ? undefined : board.values[at];
  const me = viewer && own !== undefined ? { rank: countAbove(board.values, own) + 1, profileName: viewer.profileName, value: own } : null;
  return { metric, page, pageSize: LEADERBOARD_PAGE_SIZE, rows, me, total: board.ids.length };
}

/**
 * One page of the leaderboard: opted-in users with that figure, highest first (ties share a rank, the
 * next rank skips: 1, 2, 2, 4), with the viewer's own row wherever it falls. `sheet` narrows it to the
 * sheet's creator, collaborators and followers (a private sheet only for its members).
 */
export async function leaderboard(deps: LeaderboardDeps, viewer: UserRow | null, query: { metric: RankingMetric; page: number; sheet?: string | undefined }): Promise<Leaderboard> {
  if (!query.sheet) return wholeBoard(deps, viewer, query.metric, query.page);
  const { db } = deps;
  const column = COLUMNS[query.metric];
  let scope: SQL | undefined;
  if (query.sheet) {
    const access = await sheetAccess(db, isUuid(query.sheet) ? { id: query.sheet } : { slug: query.sheet }, viewer);
    const id = access.sheet.id;
    scope = inArray(
      userRankings.userId,
      sql`(select ${access.sheet.authorId}::uuid union all select ${collaborators.userId} from ${collaborators} where ${collaborators.sheetId} = ${id} union all select ${sheetFollows.userId} from ${sheetFollows} where ${sheetFollows.sheetId} = ${id})`,
    );
  }
  // The same predicate as the metric's partial index, so every read below is one index range.
  const ranked = and(eq(userRankings.optedIn, true), isNotNull(column), scope);
  const offset = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
  const pageRows = db
    .select({ userId: userRankings.userId, value: sql<number>`${column}`.as('value') })
    .from(userRankings)
    .where(ranked)
    .orderBy(desc(column), userRankings.userId)
    .limit(LEADERBOARD_PAGE_SIZE)
    .offset(offset)
    .as('page_rows');

  const [page, [{ total } = { total: 0 }], mine] = await Promise.all([
    // The page is cut from the index alone; only its 50 rows are joined to their names.
    db
      .select({ value: pageRows.value, profileName: users.profileName })
      .from(pageRows)
      .innerJoin(users, eq(users.id, pageRows.userId))
      .orderBy(desc(pageRows.value), pageRows.userId),
    db.select({ total: count() }).from(userRankings).where(ranked),
    viewer ? db.select({ value: column }).from(userRankings).where(and(ranked, eq(userRankings.userId, viewer.id))) : Promise.resolve([]),
  ]);

  const above = async (value: number) => (await db.select({ n: count() }).from(userRankings).where(and(ranked, gt(column, value))))[0]?.n ?? 0;
  const first = page[0]?.value;
  const own = viewer ? mine[0]?.value : undefined;
  // Both counts at once: each is one index range above a value.
  const [firstAbove, ownAbove] = await Promise.all([
    first === undefined ? 0 : above(first),
    own === undefined || own === null ? 0 : above(own),
  ]);
  const rows: LeaderboardRow[] = [];
  let rank = firstAbove + 1;
  page.forEach((r, i) => {
    if (i > 0 && r.value !== page[i - 1]?.value) rank = offset + i + 1;
    rows.push({ rank, profileName: r.profileName, value: r.value });
  });
  const me: LeaderboardRow | null = viewer && own !== undefined && own !== null ? { rank: ownAbove + 1, profileName: viewer.profileName, value: own } : null;
  return { metric: query.metric, page: query.page, pageSize: LEADERBOARD_PAGE_SIZE, rows, me, total };
}
