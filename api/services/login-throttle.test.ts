import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing';
import { postgresThrottle, redisThrottle, type ThrottleStore } from './login-throttle';

const limits = { maxFailures: 3, windowMs: 60_000, lockMs: 120_000 };
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const redisUrl = process.env.TEST_REDIS_URL;

/** Both stores count the same way; Redis runs when TEST_REDIS_URL names a server. */
describe.each([
  { name: 'PostgreSQL', run: true },
  { name: 'Redis', run: !!redisUrl },
])('login throttle in $name', ({ name, run }) => {
  let database: Database | null = null;
  let store: ThrottleStore;
  let n = 0;
  const key = () => `account:${++n}-${randomBytes(4).toString('hex')}@example.com`;

  beforeAll(async () => {
    if (!run) return;
    if (name === 'Redis') store = await redisThrottle(redisUrl!, `test:${randomBytes(6).toString('hex')}:`);
    else {
      database = await openTestDatabase();
      store = postgresThrottle(database.db);
    }
  });
  afterAll(async () => {
    await store?.close();
    await database?.close();
  });

  it.runIf(run)('locks a key on the limit-th failure within the window, until the lock ends', async () => {
    const k = key();
    await store.recordFailure(k, limits, at(0));
    await store.recordFailure(k, limits, at(1_000));
    expect(await store.lockedUntil([k])).toBe(0);
    await store.recordFailure(k, limits, at(2_000));
    expect(await store.lockedUntil([k])).toBe(at(2_000 + limits.lockMs).getTime());
  });

  it.runIf(run)('starts a new window when the old one has passed', async () => {
    const k = key();
    await store.recordFailure(k, limits, at(0));
    await store.recordFailure(k, limits, at(1_000));
    await store.recordFailure(k, limits, at(limits.windowMs + 5_000)); // the first window is over: counts as one
    await store.recordFailure(k, limits, at(limits.windowMs + 6_000));
    expect(await store.lockedUntil([k])).toBe(0);
    await store.recordFailure(k, limits, at(limits.windowMs + 7_000));
    expect(await store.lockedUntil([k])).toBe(at(limits.windowMs + 7_000 + limits.lockMs).getTime());
  });

  it.runIf(run)('answers the latest lock among several keys, and forgets a cleared key', async () => {
    const a = key();
    const b = key();
    for (let i = 0; i < 3; i++) await store.recordFailure(a, limits, at(i));
    for (let i = 0; i < 3; i++) await store.recordFailure(b, limits, at(10_000 + i));
    expect(await store.lockedUntil([a, b, key()])).toBe(at(10_002 + limits.lockMs).getTime());
    await store.clear(b);
    expect(await store.lockedUntil([b])).toBe(0);
    expect(await store.lockedUntil([a])).toBe(at(2 + limits.lockMs).getTime());
  });

  it.runIf(run)('counts every one of many concurrent failures', async () => {
    const k = key();
    const wide = { maxFailures: 40, windowMs: 60_000, lockMs: 60_000 };
    await Promise.all(Array.from({ length: 39 }, (_, i) => store.recordFailure(k, wide, at(i))));
    expect(await store.lockedUntil([k])).toBe(0);
    await store.recordFailure(k, wide, at(100));
    expect(await store.lockedUntil([k])).toBe(at(100 + wide.lockMs).getTime());
  });
});
