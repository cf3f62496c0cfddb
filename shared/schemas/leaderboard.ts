import { z } from 'zod';
import { RANKING_METRICS } from '../rules/ranking';

export const leaderboardQuerySchema = z.object({
  metric: z.enum(RANKING_METRICS).default('c_score'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** A sheet's slug or id: only its author, collaborators and followers. */
  sheet: z.string().min(1).max(200).optional(),
});

export const leaderboardRowSchema = z.object({ rank: z.number(), profileName: z.string(), value: z.number() });
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardResponseSchema = z.object({
  metric: z.enum(RANKING_METRICS),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(leaderboardRowSchema),
  /** The viewer's own row, or null when signed out, not opted in or without that figure. */
  me: leaderboardRowSchema.nullable(),
  total: z.number(),
});
export type Leaderboard = z.infer<typeof leaderboardResponseSchema>;
