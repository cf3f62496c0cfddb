import { describe, expect, it } from 'vitest';
import { addDays, dayIn, instantOfWallClock, startOfDayIn } from './dates';

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

describe('wall clocks in a time zone', () => {
  const wall = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) => ({ year, month, day, hour, minute, second });
  it('names the instant of a local time, across clock changes', () => {
    expect(instantOfWallClock(wall(2026, 3, 7, 12), 'America/New_York')?.toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(instantOfWallClock(wall(2026, 3, 8, 12), 'America/New_York')?.toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(instantOfWallClock(wall(2025, 7, 23, 8, 33, 27), 'Asia/Kolkata')?.toISOString()).toBe('2025-07-23T03:03:27.000Z');
  });
  it('moves a time skipped by a clock change forward, and refuses a time on no clock', () => {
    expect(instantOfWallClock(wall(2026, 3, 8, 2, 30), 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(instantOfWallClock(wall(2026, 2, 31), 'UTC')).toBeUndefined();
    expect(instantOfWallClock(wall(2026, 1, 1, 25), 'UTC')).toBeUndefined();
  });
  it('finds midnight of a day, on a day that starts at a clock change too', () => {
    expect(startOfDayIn('2026-03-29', 'Asia/Kolkata').toISOString()).toBe('2026-03-28T18:30:00.000Z');
    expect(startOfDayIn('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    // Santiago's clocks go from 23:59:59 to 01:00 on this day: the day starts at 01:00.
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});
