import { and, count, desc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../shared/schemas/note';
import { LEADERBOARD_PAGE_SIZE, type RankingMetric } from '../../shared/rules/ranking';
import type { Leaderboard, LeaderboardRow } from '../../shared/schemas/leaderboard';
import type { Db } from '../db/client';
import { collaborators, sheetFollows, userRankings, users } from '../db/schema';
import type { UserRow } from './auth';
import { sheetAccess } from './access';

const COLUMNS = {
  c_score: userRankings.cScore,
  total_questions: userRankings.totalQuestions,
  leetcode_rating: userRankings.leetcodeRating,
  codeforces_rating: userRankings.codeforcesRating,
} as const;

/**
 * One page of the leaderboard: opted-in users with that figure, highest first (ties share a rank, the
 * next rank skips: 1, 2, 2, 4), with the viewer's own row wherever it falls. `sheet` narrows it to the
 * sheet's creator, collaborators and followers (a private sheet only for its members).
 */
export async function leaderboard(db: Db, viewer: UserRow | null, query: { metric: RankingMetric; page: number; sheet?: string | undefined }): Promise<Leaderboard> {
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
  return { metric: query.metric, page: query.page, pageSize: LEADERBOARD_PAGE_SIZE, rows, me, total: Number(total) };
}
