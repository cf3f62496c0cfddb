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
