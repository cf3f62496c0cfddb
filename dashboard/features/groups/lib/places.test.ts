import { describe, expect, it } from 'vitest';
import { parsePlaces } from './places';

describe('parsePlaces', () => {
  it('reads places and ranges, in order, once each', () => {
    expect(parsePlaces('3, 1-2, 2')).toEqual([1, 2, 3]);
    expect(parsePlaces(' 10 - 12 ')).toEqual([10, 11, 12]);
  });
  it('refuses anything else', () => {
    for (const bad of ['', 'a', '0', '5-2', '1,,x', '-3']) expect(parsePlaces(bad)).toBeNull();
  });
});
