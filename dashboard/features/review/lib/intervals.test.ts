import { describe, expect, it } from 'vitest';
import { formatInterval, intervalDays, intervalWords, ratingChoices } from './intervals';

const NOW = Date.parse('2026-03-15T10:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW + days * DAY).toISOString();

describe('rating intervals', () => {
  it('counts whole days from now to the due date, at least one', () => {
    expect(intervalDays(at(6), NOW)).toBe(6);
    expect(intervalDays(at(1), NOW)).toBe(1);
    // A few seconds later than the list was fetched is still the same day count.
    expect(intervalDays(at(6), NOW + 5_000)).toBe(6);
    expect(intervalDays(at(0.2), NOW)).toBe(1);
    expect(intervalDays(at(-3), NOW)).toBe(1);
    expect(intervalDays('not a date', NOW)).toBe(1);
  });

  it('writes short intervals in days, long ones in months and years', () => {
    expect([1, 6, 45, 99].map(formatInterval)).toEqual(['1d', '6d', '45d', '99d']);
    expect(formatInterval(120)).toBe('4mo');
    expect(formatInterval(365)).toBe('1y');
    expect(formatInterval(548)).toBe('1.5y');
    expect([1, 2].map(intervalWords)).toEqual(['1 day', '2 days']);
  });

  it('gives the four buttons in order, each with its interval', () => {
    const choices = ratingChoices({ again: at(1), hard: at(3), good: at(6), easy: at(15) }, NOW);
    expect(choices.map((c) => c.text)).toEqual(['Again · 1d', 'Hard · 3d', 'Good · 6d', 'Easy · 15d']);
    expect(choices.map((c) => c.rating)).toEqual(['again', 'hard', 'good', 'easy']);
    expect(choices[2]).toMatchObject({ label: 'Good', days: 6 });
  });
});
