import { z } from 'zod';
import { activitySchema } from './analytics';
import { sheetCardSchema } from './sheet-list';
import { publishedSolutionSchema } from './solution';

/** One public judge account on a profile: its figures, its link, and its rating after each contest. */
export const portfolioCardSchema = z.strictObject({
  platform: z.string(),
  /** The judge's display name. */
  name: z.string(),
  handle: z.string(),
  rating: z.number().nullable(),
  maxRating: z.number().nullable(),
  rank: z.string().nullable(),
  solved: z.number().nullable(),
  contests: z.number().nullable(),
  profileUrl: z.string(),
  refreshedAt: z.string().nullable(),
  history: z.array(z.strictObject({ contest: z.string(), at: z.string(), rating: z.number() })),
});
export type PortfolioCard = z.infer<typeof portfolioCardSchema>;

/** The owner's public judge accounts only; hidden ones are never part of it. */
export const portfolioSchema = z.strictObject({
  cards: z.array(portfolioCardSchema),
  /** Rated contests taken, across the judges. */
  contestsTaken: z.number(),
  /** Problems solved as the judges count them, across the judges. */
  totalSolved: z.number(),
});

export const profileParamSchema = z.object({ profileName: z.string().min(1).max(100) });

/** A public profile: never the email, never private sheets. */
export const profileSchema = z.strictObject({
  firstName: z.string(),
  secondName: z.string(),
  profileName: z.string(),
  imageUrl: z.string(),
  joinedAt: z.string(),
  solved: z.object({
    total: z.number(),
    /** Difficulty value (Easy, Medium, Hard, N/A, a rating...) to solved count. */
    byDifficulty: z.record(z.string(), z.number()),
    /** Platform id to solved count. */
    byPlatform: z.record(z.string(), z.number()),
  }),
  sheets: z.array(sheetCardSchema),
  /** Solved per day over the last year (UTC days): counts only, never which questions. */
  activity: activitySchema,
  portfolio: portfolioSchema,
  /** Solutions the person published, newest first; never an unpublished one. */
  solutions: z.array(publishedSolutionSchema),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });
