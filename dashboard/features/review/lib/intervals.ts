import { RATING_LABELS, REVIEW_RATINGS, type NextDues, type ReviewRating } from '@shared/schemas/review';

const DAY_MS = 86_400_000;

/**
 * Whole days from `now` until `due`, at least 1: the queue has no same-day steps, so the shortest interval
 * any rating gives is tomorrow, and a due a few seconds less than a day away still reads "1d".
 */
export function intervalDays(due: string, now: number): number {
  const ms = Date.parse(due) - now;
  if (!Number.isFinite(ms)) return 1;
  return Math.max(1, Math.round(ms / DAY_MS));
}

/** A short interval: 6d, 45d, 4mo, 1.5y. */
export function formatInterval(days: number): string {
  if (days < 100) return `${days}d`;
  if (days < 365) return `${Math.round(days / 30)}mo`;
  return `${(Math.round((days / 365) * 10) / 10).toString()}y`;
}

/** The same, in words, for a button's description: "1 day", "6 days". */
export const intervalWords = (days: number) => `${days} day${days === 1 ? '' : 's'}`;

export interface RatingChoice {
  rating: ReviewRating;
  label: string;
  days: number;
  /** What the button shows: "Good · 6d". */
  text: string;
}

/** The four buttons of a due question, in order, each with the interval its rating would give. */
export function ratingChoices(next: NextDues, now: number): RatingChoice[] {
  return REVIEW_RATINGS.map((rating) => {
    const days = intervalDays(next[rating], now);
    const label = RATING_LABELS[rating];
    return { rating, label, days, text: `${label} · ${formatInterval(days)}` };
  });
}
