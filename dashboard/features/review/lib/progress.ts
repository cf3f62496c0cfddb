import { format } from 'date-fns';
import type { StreakAnswer } from '@shared/schemas/review';

/**
 * Today's progress toward the daily goal, as a share of the goal's reviews plus new problems (each part
 * counted up to its own target, so ten reviews do not stand in for a new problem). A goal of nothing is
 * met by doing anything.
 */
export function goalProgress(streak: Pick<StreakAnswer, 'goal' | 'today'>): { done: number; target: number; percent: number } {
  const { goal, today } = streak;
  const target = goal.reviews + goal.newProblems;
  const done = Math.min(today.reviews, goal.reviews) + Math.min(today.newProblems, goal.newProblems);
  if (target === 0) return { done: 0, target: 0, percent: today.met ? 100 : 0 };
  return { done, target, percent: Math.round((done / target) * 100) };
}

/** A yyyy-MM-dd day of the viewer's own calendar, as a local date (noon: no zone change moves it). */
export const localDay = (day: string) => new Date(`${day}T12:00:00`);

/** "Fri 14 Mar" for a day of the Upcoming strip. */
export const dayName = (day: string) => format(localDay(day), 'EEE d MMM');

/** A colour level 0..4 for a day's count in the Upcoming strip, relative to the busiest day shown. */
export function loadLevel(count: number, max: number): 0 | 1 | 2 | 3 | 4 {
  if (count <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((count / max) * 4))) as 1 | 2 | 3 | 4;
}
