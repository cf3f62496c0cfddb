import { describe, expect, it } from 'vitest';
import { retentionFigures } from './retention';

describe('retention card figures', () => {
  it('shows the share recalled as a whole percentage and the interval in days', () => {
    expect(retentionFigures({ reviews: 1234, recalled: 2 / 3, averageInterval: 6.5 })).toEqual({ reviews: '1,234', recalled: '67%', interval: '6.5 days' });
    expect(retentionFigures({ reviews: 3, recalled: 1, averageInterval: 1 })).toEqual({ reviews: '3', recalled: '100%', interval: '1 day' });
    expect(retentionFigures({ reviews: 2, recalled: 0, averageInterval: 12 }).interval).toBe('12 days');
  });
  it('shows a dash before there is anything to measure', () => {
    expect(retentionFigures({ reviews: 0, recalled: null, averageInterval: null })).toEqual({ reviews: '0', recalled: '—', interval: '—' });
  });
});
