import { describe, expect, it } from 'vitest';
import { QueueFullError, Semaphore } from './semaphore';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Semaphore', () => {
  it('runs at most `size` tasks at once, queues `queue` more in order, and refuses the rest at once', async () => {
    const gate = new Semaphore(2, 3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      order.push(i);
      running--;
      return i;
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => gate.run(task(i))));
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([0, 1, 2, 3, 4]);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    expect(refused.every((r) => r.reason instanceof QueueFullError)).toBe(true);
    expect(order.slice(2)).toEqual([2, 3, 4]);
    // Once drained, it takes work again, and a failing task frees its place too.
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await Promise.all([gate.run(task(8)), gate.run(task(9))])).toEqual([8, 9]);
  });

  it('estimates when a place frees up from how long tasks have taken', async () => {
    const gate = new Semaphore(1, 0);
    await gate.run(() => new Promise((r) => setTimeout(r, 20)));
    const slow = gate.run(() => new Promise((r) => setTimeout(r, 20)));
    const refused = await gate.run(() => Promise.resolve(0)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(QueueFullError);
    expect((refused as QueueFullError).retryAfterMs).toBeGreaterThan(10);
    await slow;
  });
});
