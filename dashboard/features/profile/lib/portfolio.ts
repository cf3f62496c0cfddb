import { z } from 'zod';

/**
 * The public judge accounts of a profile, read leniently from the profile answer: a profile without
 * them (an older server, nobody linked) is simply a profile with no accounts.
 */
const ratingPointSchema = z.object({ contest: z.string(), at: z.string(), rating: z.number() });
const portfolioAccountSchema = z.object({
  platform: z.string(),
  handle: z.string(),
  rating: z.number().nullable(),
  maxRating: z.number().nullable(),
  rank: z.string().nullable(),
  solved: z.number().nullable(),
  contests: z.number().nullable(),
  profileUrl: z.string(),
  refreshedAt: z.string().nullable().optional(),
  history: z.array(ratingPointSchema).optional(),
});
const portfolioSchema = z.object({ accounts: z.array(portfolioAccountSchema) });

export type PortfolioAccount = z.infer<typeof portfolioAccountSchema>;
export type RatingPoint = z.infer<typeof ratingPointSchema>;

export function portfolioAccounts(profile: unknown): PortfolioAccount[] {
  const parsed = portfolioSchema.safeParse(profile);
  return parsed.success ? parsed.data.accounts : [];
}

/**
 * Questions solved across judges without counting one twice: on a judge with a linked account the larger
 * of what the judge reports and what the workspace tracks there (most tracked questions were solved on
 * that judge), plus everything tracked on judges without an account.
 */
export function totalSolved(byPlatform: Readonly<Record<string, number>>, accounts: readonly PortfolioAccount[]): number {
  const linked = new Map(accounts.map((a) => [a.platform, a.solved ?? 0]));
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
