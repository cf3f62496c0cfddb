import type { Retention } from '@shared/schemas/review';
import { formatNumber } from '@shared/format-number';

/** The retention card's three figures as shown: a dash where there is nothing to measure yet. */
export function retentionFigures(r: Retention): { reviews: string; recalled: string; interval: string } {
  const days = r.averageInterval;
  return {
    reviews: formatNumber(r.reviews),
    recalled: r.recalled === null ? '—' : `${Math.round(r.recalled * 100)}%`,
    interval: days === null ? '—' : `${Number.isInteger(days) ? days : days.toFixed(1)} ${days === 1 ? 'day' : 'days'}`,
  };
}
