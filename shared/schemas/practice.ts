import { z } from 'zod';
import { PRACTICE_BANDS, PRACTICE_MESSAGES, PRACTICE_PLATFORMS } from '../rules/practice';

export const practiceBandSchema = z.enum(PRACTICE_BANDS, { error: PRACTICE_MESSAGES.unknownBand });
export const practicePlatformSchema = z.enum(PRACTICE_PLATFORMS, { error: PRACTICE_MESSAGES.unknownPlatform });

/** GET /user/recommendations */
export const recommendationsQuerySchema = z.object({
  platform: practicePlatformSchema,
  band: practiceBandSchema.default('moderate'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const recommendationSchema = z.object({
  platform: z.string(),
  /** The judge's own key of the problem (what a dismissal names). */
  key: z.string(),
  url: z.string(),
  name: z.string(),
  difficulty: z.number(),
  /** The difficulty is the list's estimate, not the judge's rating. */
  estimated: z.boolean(),
  solveProbability: z.number(),
  band: practiceBandSchema,
  topics: z.array(z.string()),
  /** The catalogue's question, when the problem is in it (a new one is added by its URL). */
  questionId: z.string().nullable(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationsResponseSchema = z.object({
  platform: z.string(),
  /** Null when there is no rating to recommend from (see note). */
  rating: z.number().nullable(),
  ratingSource: z.enum(['account', 'estimated']).nullable(),
  /** Rated problems solved on the judge. */
  ratedSolves: z.number(),
  /** What the screen says about the rating: how it was estimated, or why there is none. */
  note: z.string().nullable(),
  items: z.array(recommendationSchema),
});
export type RecommendationsResponse = z.infer<typeof recommendationsResponseSchema>;

/** POST /user/practice/dismissals: "not interested". */
export const dismissalBodySchema = z.object({ platform: practicePlatformSchema, key: z.string().min(1).max(100) });
export const dismissalResponseSchema = z.object({ platform: z.string(), key: z.string(), dismissed: z.boolean() });

/** GET /user/next */
export const nextQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export const nextItemSchema = z.object({
  questionId: z.string(),
  name: z.string(),
  url: z.string(),
  platform: z.string(),
  difficulty: z.string(),
  sheet: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  topic: z.string(),
  /** Share of the topic's questions in this sheet the user solved, 0..1. */
  topicSolvedShare: z.number(),
});
export type NextItem = z.infer<typeof nextItemSchema>;
export const nextResponseSchema = z.object({ items: z.array(nextItemSchema) });

/** GET /user/upsolve */
export const upsolveStatusSchema = z.enum(['solved', 'upsolved', 'unsolved']);
export const upsolveProblemSchema = z.object({
  index: z.string(),
  name: z.string(),
  url: z.string(),
  difficulty: z.number().nullable(),
  status: upsolveStatusSchema,
  solvedAt: z.string().nullable(),
});
export const upsolveContestSchema = z.object({
  platform: z.string(),
  contestId: z.string(),
  name: z.string(),
  endedAt: z.string(),
  done: z.boolean(),
  problems: z.array(upsolveProblemSchema),
});
export type UpsolveContest = z.infer<typeof upsolveContestSchema>;
export const upsolveResponseSchema = z.object({
  contests: z.array(upsolveContestSchema),
  /** The judges whose contests can be read. */
  platforms: z.array(z.string()),
});
