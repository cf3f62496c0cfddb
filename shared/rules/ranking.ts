/**
 * The leaderboard's metrics (spec: c_score 1, total_questions 2, leetcode_rating 3, codeforces_rating 4) and
 * the one definition of c_score. Every figure is computed from a user's PUBLIC judge accounts only, so the
 * leaderboard never shows more than the public profile does.
 */
export const RANKING_METRICS = ['c_score', 'total_questions', 'leetcode_rating', 'codeforces_rating'] as const;
export type RankingMetric = (typeof RANKING_METRICS)[number];

/** Rows per leaderboard page. */
export const LEADERBOARD_PAGE_SIZE = 50;

/**
 * Points per solved problem by the judge's difficulty name (lower-cased). A judge that gives no split,
 * or a name not listed here, counts DEFAULT_SOLVED_WEIGHT per problem.
 */
export const DIFFICULTY_WEIGHTS: Readonly<Record<string, number>> = { school: 0.5, basic: 1, easy: 1, medium: 2, hard: 4 };
const DEFAULT_SOLVED_WEIGHT = 1;

/**
 * A contest rating adds (rating - floor) / 10 points, never fewer than none: the floor is about where a
 * newcomer starts on that judge, so only progress beyond it counts.
 */
export const RATING_FLOORS: Readonly<Record<string, number>> = { codeforces: 800, leetcode: 1200, codechef: 1000, atcoder: 0 };
export const RATING_DIVISOR = 10;

export interface RankedAccount {
  platform: string;
  rating: number | null;
  solved: number | null;
  solvedByDifficulty: Record<string, number> | null;
}

function solvedPoints(a: RankedAccount): number {
  const split = a.solvedByDifficulty;
  if (split && Object.keys(split).length > 0) {
    let points = 0;
    for (const [name, n] of Object.entries(split)) points += (DIFFICULTY_WEIGHTS[name.toLowerCase()] ?? DEFAULT_SOLVED_WEIGHT) * Math.max(0, n);
    return points;
  }
  return (a.solved ?? 0) * DEFAULT_SOLVED_WEIGHT;
}

function ratingPoints(a: RankedAccount): number {
  if (a.rating === null) return 0;
  const floor = RATING_FLOORS[a.platform];
  return floor === undefined ? 0 : Math.max(0, a.rating - floor) / RATING_DIVISOR;
}

/** c_score: solved problems weighted by difficulty plus contest ratings beyond each judge's floor, rounded. */
export function cScore(accounts: readonly RankedAccount[]): number {
  return Math.round(accounts.reduce((sum, a) => sum + solvedPoints(a) + ratingPoints(a), 0));
}

/** All four figures of one user from their public accounts. */
export function rankingFigures(accounts: readonly RankedAccount[]): Record<RankingMetric, number | null> {
  const rating = (p: string) => accounts.find((a) => a.platform === p)?.rating ?? null;
  return {
    c_score: cScore(accounts),
    total_questions: accounts.reduce((sum, a) => sum + Math.max(0, a.solved ?? 0), 0),
    leetcode_rating: rating('leetcode'),
    codeforces_rating: rating('codeforces'),
  };
}
