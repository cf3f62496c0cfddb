import { describe, expect, it } from 'vitest';
import { contestPhase, formatCountdown, formatDuration, formatStart, isHttpUrl, unreachableMessage } from './contests';

describe('contest times', () => {
  it('formats durations as people read them', () => {
    expect(formatDuration(90 * 60)).toBe('1 h 30 min');
    expect(formatDuration(2 * 3600)).toBe('2 h');
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(10 * 86_400)).toBe('10 days');
  });
  it('counts down to the second, with days in front beyond a day, never below zero', () => {
    expect(formatCountdown((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toBe('2d 03:04:05');
    expect(formatCountdown((3 * 3600 + 4 * 60 + 5) * 1000)).toBe('03:04:05');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });
  it('tells upcoming, running and finished contests apart', () => {
    const start = '2026-01-01T10:00:00Z';
    const at = (iso: string) => Date.parse(iso);
    expect(contestPhase(start, 7200, at('2026-01-01T09:59:59Z'))).toBe('upcoming');
    expect(contestPhase(start, 7200, at('2026-01-01T11:59:59Z'))).toBe('running');
    expect(contestPhase(start, 7200, at('2026-01-01T12:00:00Z'))).toBe('over');
  });
  it('shows the start in the given time zone', () => {
    expect(formatStart('2026-01-01T10:00:00Z', 'Asia/Kolkata')).toMatch(/15:30|3:30/);
    expect(formatStart('2026-01-01T10:00:00Z', 'UTC')).toMatch(/10:00/);
  });
  it('lets only web addresses through as links', () => {
    expect(isHttpUrl('https://codeforces.com/contests/2000')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:text/html,<b>x</b>')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
  });
});

describe('a judge that could not be reached', () => {
  it('says when, in the reader’s clock, and that the list is what was known', () => {
    const at = new Date(2026, 11, 6, 10, 42).toISOString();
    expect(unreachableMessage('LeetCode', at, 'en-GB')).toBe('LeetCode could not be reached at 10:42; showing what was known');
  });
});
