import { z } from 'zod';

export const contestSchema = z.object({
  id: z.string(),
  platform: z.string(),
  name: z.string(),
  url: z.string(),
  startsAt: z.string(),
  durationSeconds: z.number(),
});
export type Contest = z.infer<typeof contestSchema>;

export const contestsQuerySchema = z.object({ platform: z.string().min(1).max(40).optional() });
/** The contests, and the judges whose latest refresh failed (their lists are what was known before). */
export const contestsResponseSchema = z.object({
  contests: z.array(contestSchema),
  unreachable: z.array(z.object({ platform: z.string(), failedAt: z.string() })),
});
export type ContestsResponse = z.infer<typeof contestsResponseSchema>;

/** PUT /user/calendar-feed: create or rotate the subscribable feed; the token is shown this once. */
export const calendarFeedBodySchema = z.object({ platforms: z.array(z.string().min(1).max(40)).max(20).optional() });
export const calendarFeedSchema = z.object({ platforms: z.array(z.string()), createdAt: z.string() });
export const calendarFeedCreatedSchema = z.object({ feed: calendarFeedSchema, token: z.string(), url: z.string() });
export const calendarFeedResponseSchema = z.object({ feed: calendarFeedSchema.nullable() });
