import { describe, expect, it } from 'vitest';
import { dayName, goalProgress, loadLevel } from './progress';

const today = (reviews: number, newProblems: number, met = false) => ({ day: '2026-03-15', reviews, newProblems, met });

describe('daily goal progress', () => {
  it('counts each part of the goal up to its own target', () => {
    expect(goalProgress({ goal: { reviews: 5, newProblems: 1 }, today: today(2, 0) })).toEqual({ done: 2, target: 6, percent: 33 });
    // Ten reviews do not make up for the missing new problem.
    expect(goalProgress({ goal: { reviews: 5, newProblems: 1 }, today: today(10, 0) })).toEqual({ done: 5, target: 6, percent: 83 });
    expect(goalProgress({ goal: { reviews: 5, newProblems: 1 }, today: today(5, 3, true) }).percent).toBe(100);
  });
  it('treats a goal of nothing as met by doing anything', () => {
    expect(goalProgress({ goal: { reviews: 0, newProblems: 0 }, today: today(0, 0) }).percent).toBe(0);
    expect(goalProgress({ goal: { reviews: 0, newProblems: 0 }, today: today(1, 0, true) }).percent).toBe(100);
  });
});

describe('upcoming strip', () => {
  it('names a day of the viewer’s calendar', () => {
    expect(dayName('2026-03-14')).toBe('Sat 14 Mar');
  });
  it('grades a day’s load against the busiest day', () => {
    expect([0, 1, 2, 3, 4, 8].map((n) => loadLevel(n, 8))).toEqual([0, 1, 1, 2, 2, 4]);
    expect(loadLevel(3, 0)).toBe(0);
  });
});
