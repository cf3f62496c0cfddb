import { tz } from '@date-fns/tz';
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
