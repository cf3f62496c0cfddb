import { and, eq, sql } from 'drizzle-orm';
import { platformById } from '../../shared/platforms/index';
import { bandDifficulties, bandMiddle, bandOf, estimateRating, PRACTICE_MESSAGES, solveProbability, type PracticeBand } from '../../shared/rules/practice';
import type { Recommendation, RecommendationsResponse } from '../../shared/schemas/practice';
import { queryRows, type Db } from '../db/client';
import { judgeAccounts, practiceDismissals, problemRatings } from '../db/schema';
import { notFound } from '../lib/errors';

/** What the user solved on a judge: keys, with the list's difficulty and topics where the problem is rated. */
interface SolvedRow {
  key: string;
  difficulty: number | null;
  topics: string[] | null;
}

/**
 * The problems a user solved on a judge: ticked records (which synced history writes too) and the judge's
 * own accepted list of a linked account, joined to the judge's rated list.
 */
async function solvedOn(db: Db, userId: string, platform: string): Promise<SolvedRow[]> {
  return queryRows<SolvedRow>(
    db,
    sql`with solved as (
          select q.key from user_questions uq join questions q on q.id = uq.question_id
          where uq.user_id = ${userId} and uq.checked and q.platform = ${platform}
          union all
          select key from judge_solves where user_id = ${userId} and platform = ${platform}
        )
        select distinct on (s.key) s.key, pr.difficulty, pr.topics
        from solved s left join problem_ratings pr on pr.platform = ${platform} and pr.key = s.key`,
  );
}

/** Keys never to recommend besides the solved ones: suspended in review, or dismissed. */
async function setAside(db: Db, userId: string, platform: string): Promise<Set<string>> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select q.key from review_cards c join questions q on q.id = c.question_id
        where c.user_id = ${userId} and c.suspended and q.platform = ${platform}
        union
        select key from practice_dismissals where user_id = ${userId} and platform = ${platform}`,
  );
  return new Set(rows.map((r) => r.key));
}

/** The user's rating on a judge: the linked account's, else an estimate from the rated problems solved there. */
function ratingOf(accountRating: number | null, solved: readonly SolvedRow[], judge: string) {
  const rated = solved.flatMap((s) => (s.difficulty === null ? [] : [s.difficulty]));
  if (accountRating !== null) return { rating: accountRating, ratingSource: 'account' as const, ratedSolves: rated.length, note: null };
  const estimate = estimateRating(rated);
  if (estimate === null) return { rating: null, ratingSource: null, ratedSolves: rated.length, note: PRACTICE_MESSAGES.tooFewSolves(rated.length, judge) };
  return { rating: estimate, ratingSource: 'estimated' as const, ratedSolves: rated.length, note: PRACTICE_MESSAGES.estimated(rated.length) };
}

/**
 * Unsolved rated problems of one band for the user, the closest to the band's middle chance first; among
 * equal chances, problems of the topics the user solved least come first.
 */
export async function recommendations(db: Db, userId: string, query: { platform: string; band: PracticeBand; limit: number }): Promise<RecommendationsResponse> {
  const { platform, band, limit } = query;
  const judge = platformById(platform)?.name ?? platform;
  const [solved, aside, [account]] = await Promise.all([
    solvedOn(db, userId, platform),
    setAside(db, userId, platform),
    db.select({ rating: judgeAccounts.rating }).from(judgeAccounts).where(and(eq(judgeAccounts.userId, userId), eq(judgeAccounts.platform, platform))),
  ]);
  const rating = ratingOf(account?.rating ?? null, solved, judge);
  if (rating.rating === null) return { platform, ...rating, items: [] };
  const R = rating.rating;

  const [low, high] = bandDifficulties(band, R);
  // The band's edges are inclusive on the curve, so the cut is a little wide and bandOf decides.
  const candidates = await queryRows<{ key: string; name: string; url: string; difficulty: number; estimated: boolean; topics: string[]; question_id: string | null }>(
    db,
    sql`select pr.key, pr.name, pr.url, pr.difficulty, pr.estimated, pr.topics, q.id as question_id
        from problem_ratings pr left join questions q on q.platform = pr.platform and q.key = pr.key
        where pr.platform = ${platform} and pr.difficulty is not null
          and pr.difficulty >= ${Number.isFinite(low) ? Math.floor(low) : -1_000_000} and pr.difficulty <= ${Math.ceil(high)}`,
  );

  const skip = new Set(solved.map((s) => s.key));
  for (const k of aside) skip.add(k);
  const topicSolves = new Map<string, number>();
  for (const s of solved) for (const t of s.topics ?? []) topicSolves.set(t, (topicSolves.get(t) ?? 0) + 1);
  const leastSolved = (topics: readonly string[]) => (topics.length ? Math.min(...topics.map((t) => topicSolves.get(t) ?? 0)) : Infinity);

  const middle = bandMiddle(band);
  const ranked: { item: Recommendation; key: string; distance: number; topicSolves: number }[] = [];
  for (const c of candidates) {
    if (skip.has(c.key)) continue;
    const p = solveProbability(c.difficulty, R);
    if (bandOf(p) !== band) continue;
    const item = { platform, key: c.key, url: c.url, name: c.name, difficulty: c.difficulty, estimated: c.estimated, solveProbability: p, band, topics: c.topics, questionId: c.question_id };
    ranked.push({ item, key: c.key, distance: Math.abs(p - middle), topicSolves: leastSolved(c.topics) });
  }
  ranked.sort((a, b) => a.distance - b.distance || a.topicSolves - b.topicSolves || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const items = ranked.slice(0, limit).map((r) => r.item);
  return { platform, ...rating, items };
}

/** "Not interested": the problem is never recommended until the dismissal is undone. */
export async function dismiss(db: Db, userId: string, platform: string, key: string, now: Date) {
  const [rated] = await db.select({ key: problemRatings.key }).from(problemRatings).where(and(eq(problemRatings.platform, platform), eq(problemRatings.key, key)));
  if (!rated) throw notFound(PRACTICE_MESSAGES.notRated);
  await db.insert(practiceDismissals).values({ userId, platform, key, createdAt: now }).onConflictDoNothing();
  return { platform, key, dismissed: true };
}

/** Undoes a dismissal (a problem that was not dismissed answers the same). */
export async function undismiss(db: Db, userId: string, platform: string, key: string) {
  await db.delete(practiceDismissals).where(and(eq(practiceDismissals.userId, userId), eq(practiceDismissals.platform, platform), eq(practiceDismissals.key, key)));
  return { platform, key, dismissed: false };
}
