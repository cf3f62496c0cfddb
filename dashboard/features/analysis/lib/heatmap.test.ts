import { describe, expect, it } from 'vitest';
import { heatmapWeeks, levelOf, monthLabels, streaks } from './heatmap';

const activity = { from: '2024-06-13', to: '2025-06-12', days: { '2025-06-10': 2, '2025-06-11': 1, '2025-06-12': 8, '2025-01-01': 4 }, total: 15 };

describe('activity heatmap', () => {
  it('lays the year out in whole weeks, Sunday first, with every day once', () => {
    const weeks = heatmapWeeks(activity);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    const days = weeks.flat().filter((c) => c.day);
    expect(days).toHaveLength(365);
    expect(days[0]?.day).toBe('2024-06-13');
    expect(days.at(-1)).toEqual({ day: '2025-06-12', count: 8, level: 4 });
    // 13 June 2024 was a Thursday: four empty cells before it.
    expect(weeks[0]?.slice(0, 4).every((c) => c.day === null)).toBe(true);
    expect(monthLabels(weeks).map((m) => m.label).slice(0, 3)).toEqual(['Jun', 'Jul', 'Aug']);
  });

  it('grades counts into five levels', () => {
    expect([0, 1, 2, 3, 4, 6, 7, 30].map(levelOf)).toEqual([0, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('counts streaks and the best day', () => {
    expect(streaks(activity)).toEqual({ current: 3, longest: 3, best: 8 });
    expect(streaks({ ...activity, days: { '2025-06-11': 1, '2025-06-10': 1 } }).current).toBe(2); // today not yet
    expect(streaks({ ...activity, days: {} })).toEqual({ current: 0, longest: 0, best: 0 });
  });
});
