import { TZDate, tz } from '@date-fns/tz';
import { addDays as addToDate, format } from 'date-fns';

// Calendar days as yyyy-MM-dd strings, and the day an instant falls on in a time zone.

/** A yyyy-MM-dd day moved by n calendar days. */
export function addDays(day: string, n: number): string {
  const utc = tz('UTC');
  return format(addToDate(`${day}T00:00:00Z`, n, { in: utc }), 'yyyy-MM-dd', { in: utc });
}

/** yyyy-MM-dd of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return format(instant, 'yyyy-MM-dd', { in: tz(timeZone) });
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The instant a wall-clock time in a time zone names, or undefined for a time that is not on any clock
 * (31/02, 25:00) rather than letting Date roll it over. A time skipped by a clock change moves forward.
 */
export function instantOfWallClock(wall: WallClock, timeZone: string): Date | undefined {
  const { year, month, day, hour, minute, second } = wall;
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    Number.isFinite(check.getTime()) &&
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute &&
    check.getUTCSeconds() === second;
  return real ? new Date(new TZDate(year, month - 1, day, hour, minute, second, timeZone).getTime()) : undefined;
}

/** Midnight of a yyyy-MM-dd day in a time zone, as an instant. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [year = Number.NaN, month = Number.NaN, date = Number.NaN] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date, 0, 0, 0, timeZone).getTime());
}
