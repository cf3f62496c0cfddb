import { addDays } from '@shared/dates';
import type { Activity } from '@shared/schemas/analytics';

export interface HeatCell {
  /** yyyy-MM-dd, or null for the padding before the first day and after the last. */
  day: string | null;
  count: number;
  level: 0 | 1 | 2 | 3 | 4;
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

export function levelOf(count: number): HeatCell['level'] {
  if (count <= 0) return 0;
  if (count === 1) return 1;
  if (count <= 3) return 2;
  if (count <= 6) return 3;
  return 4;
}

/** Weeks (Sunday first) of cells from `from` to `to`, padded to whole weeks. */
export function heatmapWeeks(activity: Activity): HeatCell[][] {
  const weeks: HeatCell[][] = [];
  let week: HeatCell[] = Array.from({ length: weekday(activity.from) }, () => ({ day: null, count: 0, level: 0 as const }));
  for (let day = activity.from; day <= activity.to; day = addDays(day, 1)) {
    const count = activity.days[day] ?? 0;
    week.push({ day, count, level: levelOf(count) });
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => ({ day: null, count: 0, level: 0 as const }))]);
  return weeks;
}

/** Month labels with the week column they start in. */
/** Columns a month's short name needs (a column is at least 10 px wide). */
const LABEL_COLUMNS = 3;

/**
 * Each month's short name at the week it starts in, as a grid placement (`area`, CSS grid-column). A name
 * starting in the last columns is placed to end with the grid instead, so it is never cut off.
 */
export function monthLabels(weeks: HeatCell[][]): { column: number; label: string; area: string; end: boolean }[] {
  const out: { column: number; label: string; area: string; end: boolean }[] = [];
  let last = '';
  weeks.forEach((week, column) => {
    const first = week.find((c) => c.day)?.day;
    if (!first) return;
    const month = first.slice(0, 7);
    if (month !== last) {
      last = month;
      const end = column > weeks.length - LABEL_COLUMNS;
      const area = end ? `${Math.max(1, weeks.length - LABEL_COLUMNS + 1)} / -1` : `${column + 1} / span ${LABEL_COLUMNS}`;
      out.push({ column, label: new Date(`${first}T00:00:00Z`).toLocaleString('en', { month: 'short', timeZone: 'UTC' }), area, end });
    }
  });
  // A label squeezed into the first column before a new month would overlap: drop it.
  return out.filter((m, i) => !(i === 0 && out[1] && out[1].column - m.column < LABEL_COLUMNS));
}

/** The current streak (up to today, or yesterday when today has nothing yet), the longest, and the best day. */
export function streaks(activity: Activity): { current: number; longest: number; best: number } {
  let longest = 0;
  let run = 0;
  let best = 0;
  for (let day = activity.from; day <= activity.to; day = addDays(day, 1)) {
    const count = activity.days[day] ?? 0;
    best = Math.max(best, count);
    run = count > 0 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  let current = 0;
  let day = (activity.days[activity.to] ?? 0) > 0 ? activity.to : addDays(activity.to, -1);
  while (day >= activity.from && (activity.days[day] ?? 0) > 0) {
    current++;
    day = addDays(day, -1);
  }
  return { current, longest, best };
}
