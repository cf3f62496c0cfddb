import { describe, expect, it } from 'vitest';
import { addDays, dayIn } from './dates';

describe('calendar days', () => {
  it('moves a day across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-08', 364)).toBe('2027-03-07');
  });
  it('names the day an instant falls on in a time zone', () => {
    const at = new Date('2026-03-14T23:30:00Z');
    expect(dayIn(at, 'UTC')).toBe('2026-03-14');
    expect(dayIn(at, 'Asia/Kolkata')).toBe('2026-03-15');
    expect(dayIn(at, 'America/Los_Angeles')).toBe('2026-03-14');
  });
});
