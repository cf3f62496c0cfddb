import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing';
import { postgresThrottle, redisThrottle, type Reservation, type ThrottleStore } from './login-throttle';

const limits = { maxAttempts: 3, windowMs: 60_000, lockMs: 120_000 };
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
    if (!run) return;
    await store.close();
    await database?.close();
  });

  const granted = (r: Reservation) => r.granted;
  const lockedUntil = (r: Reservation) => (r.granted ? 0 : r.lockedUntil);

  it.runIf(run)('grants the limit, locks on the last place until the lock ends, and starts afresh after it', async () => {
    const k = key();
    expect(granted(await store.reserve(k, limits, at(0)))).toBe(true);
    expect(granted(await store.reserve(k, limits, at(1_000)))).toBe(true);
    expect(granted(await store.reserve(k, limits, at(2_000)))).toBe(true);
    const refused = await store.reserve(k, limits, at(3_000));
    expect(lockedUntil(refused)).toBe(at(2_000 + limits.lockMs).getTime());
    // Refusals do not move the lock.
    expect(lockedUntil(await store.reserve(k, limits, at(4_000)))).toBe(at(2_000 + limits.lockMs).getTime());
    expect(granted(await store.reserve(k, limits, at(2_000 + limits.lockMs + 1)))).toBe(true);
    expect(granted(await store.reserve(k, limits, at(2_000 + limits.lockMs + 2)))).toBe(true);
  });

  it.runIf(run)('starts a new window when the old one has passed', async () => {
    const k = key();
    await store.reserve(k, limits, at(0));
    await store.reserve(k, limits, at(1_000));
    expect(granted(await store.reserve(k, limits, at(limits.windowMs + 5_000)))).toBe(true); // counts as the first
    expect(granted(await store.reserve(k, limits, at(limits.windowMs + 6_000)))).toBe(true);
    expect(granted(await store.reserve(k, limits, at(limits.windowMs + 7_000)))).toBe(true);
    expect(lockedUntil(await store.reserve(k, limits, at(limits.windowMs + 8_000)))).toBe(at(limits.windowMs + 7_000 + limits.lockMs).getTime());
  });

  it.runIf(run)('gives one place back on release, lifting the lock; a release from a past window does nothing', async () => {
    const k = key();
    const first = await store.reserve(k, limits, at(0));
    await store.reserve(k, limits, at(1));
    const last = await store.reserve(k, limits, at(2));
    expect(granted(await store.reserve(k, limits, at(3)))).toBe(false);
    if (!last.granted || !first.granted) throw new Error('expected granted reservations');
    await store.release(k, limits, last.window);
    // Exactly one place: the refusal before it did not use one up.
    expect(granted(await store.reserve(k, limits, at(4)))).toBe(true);
    expect(granted(await store.reserve(k, limits, at(5)))).toBe(false);

    const later = at(limits.windowMs + 10 * limits.lockMs);
    expect(granted(await store.reserve(k, limits, later))).toBe(true);
    await store.release(k, limits, first.window); // the first window's: ignored
    expect(granted(await store.reserve(k, limits, at(limits.windowMs + 10 * limits.lockMs + 1)))).toBe(true);
    expect(granted(await store.reserve(k, limits, at(limits.windowMs + 10 * limits.lockMs + 2)))).toBe(true);
    expect(granted(await store.reserve(k, limits, at(limits.windowMs + 10 * limits.lockMs + 3)))).toBe(false);
  });

  it.runIf(run)('forgets a cleared key, and keeps keys apart', async () => {
    const a = key();
    const b = key();
    for (let i = 0; i < 3; i++) await store.reserve(a, limits, at(i));
    for (let i = 0; i < 3; i++) await store.reserve(b, limits, at(i));
    await store.clear(b);
    expect(granted(await store.reserve(b, limits, at(10)))).toBe(true);
    expect(granted(await store.reserve(a, limits, at(10)))).toBe(false);
  });

  it.runIf(run)('grants exactly the limit among many reservations made at once', async () => {
    const k = key();
    const wide = { maxAttempts: 7, windowMs: 60_000, lockMs: 60_000 };
    const all = await Promise.all(Array.from({ length: 60 }, (_, i) => store.reserve(k, wide, at(i))));
    expect(all.filter(granted)).toHaveLength(wide.maxAttempts);
    // Every refusal names the one lock, set by the last place granted.
    expect(new Set(all.filter((r) => !r.granted).map(lockedUntil)).size).toBe(1);
  });
});
