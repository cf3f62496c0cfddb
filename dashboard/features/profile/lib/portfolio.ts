import type { PortfolioCard } from '@shared/schemas/profile';

export type RatingPoint = PortfolioCard['history'][number];

/**
 * Questions solved across judges without counting one twice: on a judge with a public account the larger
 * of what the judge reports and what the workspace tracks there (most tracked questions were solved on
 * that judge), plus everything tracked on judges without an account.
 */
export function totalSolved(byPlatform: Readonly<Record<string, number>>, cards: readonly Pick<PortfolioCard, 'platform' | 'solved'>[]): number {
  const linked = new Map(cards.map((a) => [a.platform, a.solved ?? 0]));
  let total = 0;
  for (const [platform, n] of Object.entries(byPlatform)) total += Math.max(n, linked.get(platform) ?? 0);
  for (const [platform, n] of linked) if (!(platform in byPlatform)) total += n;
  return total;
}

/** Rating points oldest first, at most `limit` of them (the most recent), for a chart that stays quick. */
export function chartPoints(history: readonly RatingPoint[], limit = 500): { t: number; rating: number; contest: string }[] {
  return history
    .map((p) => ({ t: Date.parse(p.at), rating: p.rating, contest: p.contest }))
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.rating))
    .sort((a, b) => a.t - b.t)
    .slice(-limit);
}

export interface ContestResult {
  platform: string;
  judge: string;
  contest: string;
  at: string;
  rating: number;
  /** Against the judge's previous rated contest; null for the first. */
  change: number | null;
}

/** The latest rated contests across judges, newest first, each with its rating change. */
export function recentContests(cards: readonly Pick<PortfolioCard, 'platform' | 'name' | 'history'>[], limit = 8): ContestResult[] {
  const all: ContestResult[] = [];
  for (const card of cards) {
    const points = chartPoints(card.history);
    points.forEach((p, i) => {
      const before = points[i - 1];
      all.push({ platform: card.platform, judge: card.name, contest: p.contest, at: new Date(p.t).toISOString(), rating: p.rating, change: before ? p.rating - before.rating : null });
    });
  }
  return all.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, limit);
}
