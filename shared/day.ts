/**
 * A day in milliseconds, apart from shared/dates.ts: the content scripts need only this number, and
 * date-fns's time-zone code would not be left out of their bundles.
 */
export const DAY_MS = 86_400_000;
