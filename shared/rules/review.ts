import { DAY_MS } from '../day';
import { plural } from '../plural';

/**
 * The four answers to "How was it?", in the order of the buttons, and their labels. Kept apart from the
 * review schemas (no zod here) so that the extension's content script can show them and stay small.
 */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

export const RATING_LABELS: Record<ReviewRating, string> = { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' };


/**
 * Whole days from `now` until a due date, at least 1: the queue has no same-day steps, so the shortest
 * interval any rating gives is tomorrow.
 */
export function daysUntil(due: string, now: number): number {
  const ms = Date.parse(due) - now;
  return Number.isFinite(ms) ? Math.max(1, Math.round(ms / DAY_MS)) : 1;
}

/** "1 day", "6 days". */
export const dayWords = (days: number) => plural(days, 'day');

/** A short interval for a button: 6d, 45d, 4mo, 1.5y. */
export function formatInterval(days: number): string {
  if (days < 100) return `${days}d`;
  if (days < 365) return `${Math.round(days / 30)}mo`;
  return `${Math.round((days / 365) * 10) / 10}y`;
}

/**
 * Old solves (an import, a history sync) whose first interval has already run out are spread over this
 * many days from today, each question on a day of its own, so that a user who brings in 800 solved
 * problems is given about 800/30 a day rather than 800 today.
 */
export const SPREAD_DAYS = 30;

/** Why questions solved together come due on different days (shown beside the upcoming days). */
export const SPREAD_NOTE = `Questions solved together come due on different days on purpose: first reviews of earlier solves are spread over up to ${SPREAD_DAYS} days, so no day gets them all.`;

/** The two streaks, named apart: they count different days, so they may differ on the same day. */
export const STREAKS = {
  practice: { name: 'Practice streak', explain: 'Days in a row with at least one problem solved.' },
  review: { name: 'Review streak', explain: 'Days in a row on which the daily review goal was met.' },
} as const;

/** Today's new problems against the daily goal, said so that more than the goal does not read as an error. */
export const newTodayText = (done: number, goal: number) => `${plural(done, 'new problem')} today (goal ${goal} a day)`;
