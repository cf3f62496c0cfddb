/** The bands of a recommendation, easiest first. */
export type PracticeBand = 'easy' | 'moderate' | 'hard';

/** The chance to solve each band covers: [lowest p, highest p) (easy includes 1). */
const BAND_RANGES: Record<PracticeBand, readonly [number, number]> = {
  easy: [0.8, 1],
  moderate: [0.5, 0.8],
  hard: [0.2, 0.5],
};

/** Rated solves needed before a rating is estimated from them. */
export const MIN_RATED_SOLVES = 10;

/**
 * The chance that someone rated R solves a problem of difficulty D, on the judge's own scale (the Elo
 * curve Codeforces and AtCoder Problems use): p = 1 / (1 + 10^((D − R) / 400)).
 */
export function solveProbability(difficulty: number, rating: number): number {
  return 1 / (1 + 10 ** ((difficulty - rating) / 400));
}

/** The band a chance falls in, or null below 0.2 (too hard to recommend). */
export function bandOf(p: number): PracticeBand | null {
  if (p >= BAND_RANGES.easy[0]) return 'easy';
  if (p >= BAND_RANGES.moderate[0]) return 'moderate';
  if (p >= BAND_RANGES.hard[0]) return 'hard';
  return null;
}

/** The chance at the middle of a band: recommendations are sorted by their distance from it. */
export function bandMiddle(band: PracticeBand): number {
  const [low, high] = BAND_RANGES[band];
  return (low + high) / 2;
}

/**
 * The difficulties a band covers for someone rated R: [lowest, highest], inverted from the curve, so a
 * list sorted by difficulty can be cut to the band before any chance is computed.
 */
export function bandDifficulties(band: PracticeBand, rating: number): [number, number] {
  const [low, high] = BAND_RANGES[band];
  // D = R + 400·log10(1/p − 1); p = 1 gives −∞ (every easier problem is in the easy band).
  const at = (p: number) => (p >= 1 ? -Infinity : rating + 400 * Math.log10(1 / p - 1));
  return [at(high), at(low)];
}

/**
 * A rating estimated from the difficulties of the problems someone solved on a judge, or null with fewer
 * than MIN_RATED_SOLVES. The estimate is the 80th percentile (nearest rank) of those difficulties,
 * rounded to 10: people solve mostly at or below their level, so the upper part of what they solved sits
 * near it, while the few hardest solves (an editorial read, a lucky idea) are left out.
 */
export function estimateRating(difficulties: readonly number[]): number | null {
  const rated = difficulties.filter((d) => Number.isFinite(d)).sort((a, b) => a - b);
  if (rated.length < MIN_RATED_SOLVES) return null;
  const at = rated[Math.ceil(0.8 * rated.length) - 1] ?? 0;
  return Math.round(at / 10) * 10;
}

/** The bands, as the screens list them. */
export const PRACTICE_BANDS = ['easy', 'moderate', 'hard'] as const satisfies readonly PracticeBand[];

/** The judges whose problems are rated (api/judges/problem-sources.ts reads one list each). */
export const PRACTICE_PLATFORMS = ['codeforces', 'atcoder', 'leetcode', 'codechef'] as const;
export type PracticePlatform = (typeof PRACTICE_PLATFORMS)[number];

export const PRACTICE_MESSAGES = {
  unknownPlatform: 'No problem ratings for that judge',
  unknownBand: 'Choose a band: easy, moderate or hard',
  dismissed: 'Problem hidden from your recommendations',
  restored: 'Problem is back in your recommendations',
  notRated: 'That problem is not in the judge’s rated list',
  /** Shown beside an estimated rating. */
  estimated: (solved: number) => `estimated from ${solved} solved problems`,
  /** Why a judge has no recommendation yet. */
  tooFewSolves: (solved: number, judge: string) =>
    `Solve at least ${MIN_RATED_SOLVES} rated problems on ${judge} or link your ${judge} account to get recommendations (${solved} so far)`,
} as const;
