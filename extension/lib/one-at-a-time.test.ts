import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('oneAtATime', () => {
  it('runs one key’s work in turn, after a failure too, and other keys alongside', async () => {
    const serial = oneAtATime();
    const a = {};
    const b = {};
    const seen: string[] = [];
    const step = (name: string, fail = false) => async () => {
      seen.push(`${name} start`);
      await tick();
      seen.push(`${name} end`);
      if (fail) throw new Error(name);
      return name;
    };
    const first = serial(a, step('a1', true));
    const second = serial(a, step('a2'));
    const other = serial(b, step('b1'));
    await expect(first).rejects.toThrow('a1');
    expect(await second).toBe('a2');
    expect(await other).toBe('b1');
    expect(seen.indexOf('a2 start')).toBeGreaterThan(seen.indexOf('a1 end'));
    expect(seen.indexOf('b1 start')).toBeLessThan(seen.indexOf('a1 end'));
  });
});
