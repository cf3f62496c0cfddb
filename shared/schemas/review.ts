import { z } from 'zod';
import { REVIEW_RATINGS } from '../rules/review';

// The ratings and their labels live in shared/rules/review.ts (zod-free, for the extension's content script).
export { RATING_LABELS, REVIEW_RATINGS, type ReviewRating } from '../rules/review';
export const reviewRatingSchema = z.enum(REVIEW_RATINGS);

/** How many days the Upcoming strip covers after today. */
export const UPCOMING_DAYS = 14;
/** The due list answers at most this many questions (overdue first). */
export const DUE_LIST_LIMIT = 200;

export const REVIEW_MESSAGES = {
  title: 'Review',
  empty: 'Nothing to review yet',
  emptyHint:
    'Questions you solve come here to be revised: each is scheduled when you tick it (in a sheet, the workspace or by the extension on an Accepted verdict), and starring a question puts it here at once.',
  allDone: 'All caught up for today',
  rated: 'Review saved',
  rateFailed: 'Failed to save the review',
  suspended: 'Question will not be reviewed',
  resumed: 'Question is back in the review queue',
  goalSaved: 'Daily goal saved',
  notFound: 'Question not found',
  timeZoneInvalid: 'Unknown time zone',
  goalInvalid: 'Daily goal must be between 0 and 500',
} as const;

/** A time zone the runtime knows ("Europe/Paris"); UTC when not given. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, REVIEW_MESSAGES.timeZoneInvalid);

const csvList = z
  .string()
  .max(2000)
  .optional()
  .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []));

/** GET /review/due: filters and the viewer's time zone. */
export const dueQuerySchema = z.object({
  tz: timeZoneSchema.default('UTC'),
  sheet: z.string().max(64).optional(),
  platform: csvList,
  topic: csvList,
  difficulty: csvList,
});
export type DueQuery = z.input<typeof dueQuerySchema>;

export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;

/** A question's review card as the API shows it. */
export const reviewCardSchema = z.object({
  due: z.string(),
  state: z.enum(CARD_STATES),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: z.string().nullable(),
  /** Days between the last review and due. */
  scheduledDays: z.number(),
  suspended: z.boolean(),
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

/** The due date each rating would give now. */
export const nextDuesSchema = z.object({ again: z.string(), hard: z.string(), good: z.string(), easy: z.string() });
export type NextDues = z.infer<typeof nextDuesSchema>;

export const dueQuestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  platform: z.string(),
  difficulty: z.string(),
  problemUrl: z.string(),
  topics: z.array(z.string()),
  /** The sheets the viewer follows, edits or owns that hold this question. */
  sheets: z.array(z.object({ _id: z.string(), name: z.string(), slug: z.string() })),
  solvedAt: z.string().nullable(),
  /** Ratings given so far. */
  reviews: z.number().int(),
  /** The latest kept solution's wrong attempts and time spent, which suggest a rating (shared/rules/solutions); null when unknown. */
  attempts: z.number().int().nullable(),
  timeSpentSec: z.number().int().nullable(),
  overdue: z.boolean(),
  card: reviewCardSchema,
  next: nextDuesSchema,
});
export type DueQuestion = z.infer<typeof dueQuestionSchema>;

export const dueAnswerSchema = z.object({
  questions: z.array(dueQuestionSchema),
  counts: z.object({ due: z.number().int(), overdue: z.number().int(), upcoming: z.number().int() }),
  /** The next UPCOMING_DAYS days after today (yyyy-MM-dd in the viewer's zone), each with its count. */
  upcoming: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** The server's time of this answer: `next` was computed for it, so intervals count from it, whatever the viewer's clock says. */
  now: z.string(),
});
export type DueAnswer = z.infer<typeof dueAnswerSchema>;

/** `id`: the client's own id for this rating, so that a repeated submit (a retry, a double click) rates once. */
export const rateBodySchema = z.object({ rating: reviewRatingSchema, id: z.uuid().optional() });
export const rateAnswerSchema = z.object({ card: reviewCardSchema, next: nextDuesSchema });
export type RateAnswer = z.infer<typeof rateAnswerSchema>;

const goalNumber = z.number({ error: REVIEW_MESSAGES.goalInvalid }).int(REVIEW_MESSAGES.goalInvalid).min(0, REVIEW_MESSAGES.goalInvalid).max(500, REVIEW_MESSAGES.goalInvalid);
/** A day's goal: reviews plus new problems solved. */
export const goalSchema = z.object({ reviews: goalNumber, newProblems: goalNumber });
export type Goal = z.infer<typeof goalSchema>;
export const DEFAULT_GOAL: Goal = { reviews: 5, newProblems: 1 };

export const streakQuerySchema = z.object({ tz: timeZoneSchema.default('UTC') });
export const streakAnswerSchema = z.object({
  goal: goalSchema,
  today: z.object({ day: z.string(), reviews: z.number().int(), newProblems: z.number().int(), met: z.boolean() }),
  /** Days in a row meeting the goal, up to today (today counts once met; an unmet today does not break it). */
  current: z.number().int(),
  best: z.number().int(),
});
export type StreakAnswer = z.infer<typeof streakAnswerSchema>;

/** The Analysis tab's retention card. */
export const retentionSchema = z.object({
  reviews: z.number().int(),
  /** Share of reviews rated Good or Easy, 0..1; null before any review. */
  recalled: z.number().nullable(),
  /** Mean days between reviews over the cards in review; null when none. */
  averageInterval: z.number().nullable(),
});
export type Retention = z.infer<typeof retentionSchema>;
