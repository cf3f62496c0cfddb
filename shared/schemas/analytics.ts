import { z } from 'zod';

export const ANALYTICS_MESSAGES = {
  title: 'Analysis - Based on Solved Questions in My Workspace',
  empty: 'Unlock Your Insights',
  failed: 'Failed to load data.',
} as const;

/** Ratings are counted in buckets of 100 up to this value (spec §9); higher ones join the top bucket. */
export const RATING_BUCKET = 100;
export const RATING_CAP = 5000;
/** The difficulty chart shows this many entries before Show more (spec §9). */
export const DIFFICULTY_INITIAL = 4;
/** The activity view covers this many days up to today. */
export const ACTIVITY_DAYS = 365;

/** days=-1 counts every solved record; days=N those solved in the last N days. */
export const analyticsQuerySchema = z.object({
  days: z
    .string()
    .regex(/^-?\d{1,5}$/, 'days must be -1 or a number of days')
    .optional()
    .transform((v) => (v === undefined ? -1 : Number(v)))
    .refine((n) => n === -1 || (n >= 1 && n <= 36_500), 'days must be -1 or a number of days'),
});

const distribution = z.record(z.string(), z.number().int());
export type Distribution = z.infer<typeof distribution>;

/** Maps of name to count over the solved questions of the workspace (spec §3). */
export const analyticsSchema = z.object({
  topicWiseDistribution: distribution,
  companyWiseDistribution: distribution,
  difficultyWiseDistribution: distribution,
  platformWiseDistribution: distribution,
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const analyticsResultSchema = z.object({ analytics: analyticsSchema, totalSolved: z.number().int() });

/** Solved per day, by the person's time zone, over the last ACTIVITY_DAYS days. */
export const activityQuerySchema = z.object({
  tz: z
    .string()
    .max(64)
    .optional()
    .refine((tz) => tz === undefined || isTimeZone(tz), 'Unknown time zone'),
});

export const activitySchema = z.object({
  /** yyyy-MM-dd of the first and last day shown, in the requested time zone. */
  from: z.string(),
  to: z.string(),
  /** yyyy-MM-dd to number solved that day; days without any are left out. */
  days: distribution,
  total: z.number().int(),
});
export type Activity = z.infer<typeof activitySchema>;

export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
