import { describe, expect, it } from 'vitest';
import { dateFromSeconds, dateFromString, plausibleDate } from './untrusted';

describe('judges’ dates', () => {
  it('reads seconds and date strings within the plausible years', () => {
    expect(dateFromSeconds(1_700_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(dateFromSeconds('1700000000')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(dateFromString('2025-07-23T08:33:27+05:30')?.toISOString()).toBe('2025-07-23T03:03:27.000Z');
  });
  it('refuses a count in a date’s place, milliseconds for seconds, and text that is no date', () => {
    expect(dateFromSeconds(42)).toBeUndefined();
    expect(dateFromSeconds(1_700_000_000_000)).toBeUndefined();
    expect(dateFromSeconds('soon')).toBeUndefined();
    expect(dateFromString('1970-01-01T00:00:00Z')).toBeUndefined();
    expect(dateFromString('not a date')).toBeUndefined();
    expect(dateFromString(20250723)).toBeUndefined();
    expect(plausibleDate(Number.NaN)).toBeUndefined();
  });
});
