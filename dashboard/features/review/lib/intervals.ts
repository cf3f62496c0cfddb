import { daysUntil, formatInterval } from '@shared/rules/review';
import { RATING_LABELS, REVIEW_RATINGS, type NextDues, type ReviewRating } from '@shared/schemas/review';

// The day counts and their wording are the extension popup's too: one copy, in shared/rules/review.
export { daysUntil as intervalDays, dayWords as intervalWords, formatInterval } from '@shared/rules/review';

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
    const days = daysUntil(next[rating], now);
    const label = RATING_LABELS[rating];
    return { rating, label, days, text: `${label} · ${formatInterval(days)}` };
  });
}
