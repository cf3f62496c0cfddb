import { describe, expect, it } from 'vitest';
import { dueLabel, isTimeZone } from './groups';

describe('dueLabel', () => {
  const now = new Date('2030-03-06T12:00:00Z'); // a Wednesday
  it('names the day within the week, the date beyond it, and says when it is past', () => {
    expect(dueLabel('2030-03-06T20:00:00Z', now, 'UTC')).toBe('due today');
    expect(dueLabel('2030-03-07T09:00:00Z', now, 'UTC')).toBe('due tomorrow');
    expect(dueLabel('2030-03-08T17:00:00Z', now, 'UTC')).toBe('due Friday');
    expect(dueLabel('2030-03-20T00:00:00Z', now, 'UTC')).toBe('due 20 Mar');
    expect(dueLabel('2030-03-03T00:00:00Z', now, 'UTC')).toBe('overdue since 3 Mar');
  });
  it('counts days in the reader’s time zone', () => {
    // 23:30 UTC on Wednesday is already Thursday morning in Tokyo, and "now" is Wednesday night there.
    expect(dueLabel('2030-03-06T23:30:00Z', now, 'Asia/Tokyo')).toBe('due tomorrow');
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
