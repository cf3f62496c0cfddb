import { describe, expect, it } from 'vitest';
import { bandDifficulties, bandMiddle, bandOf, estimateRating, MIN_RATED_SOLVES, solveProbability } from './practice';

describe('chance to solve', () => {
  it.each([
    // [difficulty, rating, p]
    [1500, 1500, 0.5],
    [1100, 1500, 1 / (1 + 10 ** -1)],
    [1900, 1500, 1 / (1 + 10)],
    [2300, 1500, 1 / (1 + 100)],
    [800, 2400, 1 / (1 + 10 ** -4)],
  ])('D %i against R %i is %f', (d, r, p) => {
    expect(solveProbability(d, r)).toBeCloseTo(p, 10);
  });

  it.each([
    [1.0, 'easy'],
    [0.8, 'easy'],
    [0.7999, 'moderate'],
    [0.5, 'moderate'],
    [0.4999, 'hard'],
    [0.2, 'hard'],
    [0.1999, null],
    [0, null],
  ] as const)('p %f is in band %s', (p, band) => {
    expect(bandOf(p)).toBe(band);
  });

  it.each([
    // Rating 1500: easy up to 1500 − 400·log10(4) ≈ 1259, moderate to 1500, hard to ≈ 1741.
    [1500, 1250, 'easy'],
    [1500, 1270, 'moderate'],
    [1500, 1500, 'moderate'],
    [1500, 1510, 'hard'],
    [1500, 1740, 'hard'],
    [1500, 1750, null],
    [2000, 1700, 'easy'],
    [2000, 2200, 'hard'],
  ] as const)('R %i, D %i: %s', (r, d, band) => {
    expect(bandOf(solveProbability(d, r))).toBe(band);
  });

  it('inverts each band to the difficulties it covers', () => {
    const [lo, hi] = bandDifficulties('moderate', 1500);
    expect(hi).toBe(1500);
    expect(lo).toBeCloseTo(1500 - 400 * Math.log10(4), 6);
    expect(solveProbability(lo, 1500)).toBeCloseTo(0.8, 10);
    expect(bandDifficulties('easy', 1500)[0]).toBe(-Infinity);
    expect(solveProbability(bandDifficulties('hard', 1500)[1], 1500)).toBeCloseTo(0.2, 10);
    expect(bandMiddle('easy')).toBe(0.9);
    expect(bandMiddle('moderate')).toBe(0.65);
    expect(bandMiddle('hard')).toBe(0.35);
  });
});

describe('rating estimated from solves', () => {
  it('needs at least ten rated solves', () => {
    expect(estimateRating(Array.from({ length: MIN_RATED_SOLVES - 1 }, () => 1500))).toBeNull();
    expect(estimateRating([])).toBeNull();
    expect(estimateRating([1200, 1300, Number.NaN, 1400, 1500, 1500, 1600, 1700, 1800, 1900])).toBeNull();
  });
  it.each([
    // Ten solves: the 8th smallest.
    [[800, 900, 1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700], 1500],
    // The order given does not matter; the hardest two are outliers left out.
    [[3500, 1200, 1200, 1200, 1200, 1200, 1200, 1200, 1200, 3400], 1200],
    // Twenty solves: the 16th smallest, rounded to 10.
    [Array.from({ length: 20 }, (_, i) => 1003 + i * 50), 1750],
  ])('%j gives %i', (solves, r) => {
    expect(estimateRating(solves)).toBe(r);
  });
});
