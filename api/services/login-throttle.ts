import { and, eq, sql } from 'drizzle-orm';
import { createClient } from 'redis';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';

export interface ThrottleLimits {
  /** Attempts a key may have in one window: those that failed and those being checked right now. */
  maxAttempts: number;
  windowMs: number;
  lockMs: number;
}

/** A reservation: granted (with the window it counts in, to give it back), or refused until `lockedUntil` (epoch ms). */
export type Reservation = { granted: true; window: number } | { granted: false; lockedUntil: number };

/**
 * Counters of sign-in attempts, shared by every API process: in PostgreSQL (the login_throttle table) by
 * default, in Redis when REDIS_URL is set. An attempt is reserved before its password is hashed, in one
 * atomic step, so a burst sent at once is refused past the limit instead of being checked whole; a failure
 * keeps its reservation, a success gives it back (release) or clears the key.
 *
 * One window per key: reaching the limit locks the key for lockMs; a lock that has passed, or a window
 * that has, starts a new one. Giving a reservation back lifts the lock, since a place is then free.
 * Times come from the caller's clock, so both stores behave the same under a test's clock.
 */
export interface ThrottleStore {
  reserve(key: string, limits: ThrottleLimits, now: Date): Promise<Reservation>;
  /** Gives back one granted reservation (an attempt that did not fail); nothing when its window has passed. */
  release(key: string, limits: ThrottleLimits, window: number): Promise<void>;
  /** Forgets a key's attempts; `db` is the transaction the caller is in, when it is in one (PostgreSQL store). */
  clear(key: string, db?: Db): Promise<void>;
  close(): Promise<void>;
}

/** What a reserving statement left in the row: attempts past the limit mean it was refused. */
function reservation(row: { attempts: number; windowStart: number; lockedUntil: number }, limits: ThrottleLimits, now: Date): Reservation {
  if (row.attempts <= limits.maxAttempts) return { granted: true, window: row.windowStart };
  return { granted: false, lockedUntil: row.lockedUntil || now.getTime() + limits.lockMs };
}

export function postgresThrottle(db: Db): ThrottleStore {
  const t = loginThrottle;
  // Dates go into raw SQL as ISO strings: the postgres driver does not serialise Date parameters there.
  const ts = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  return {
    async reserve(key, limits, now) {
      const max = sql`${limits.maxAttempts}::int`;
      const lockUntil = ts(now.getTime() + limits.lockMs);
      const firstLock = limits.maxAttempts <= 1 ? new Date(now.getTime() + limits.lockMs) : null;
      const locked = sql`coalesce(${t.lockedUntil} > ${ts(now.getTime())}, false)`;
      const fresh = sql`(not ${locked} and (${t.windowStart} < ${ts(now.getTime() - limits.windowMs)} or ${t.lockedUntil} is not null))`;
      // One statement: the row is locked while it runs, so concurrent reservations of a key queue up and
      // each sees the count the one before it left. The `failures` column counts attempts; a refusal sets
      // it to limit + 1, which is how RETURNING (new values only) tells a refusal from the last place.
      const [row] = await db
        .insert(t)
        .values({ key, failures: 1, windowStart: now, lockedUntil: firstLock })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            failures: sql`case when ${fresh} then 1 when ${locked} or ${t.failures} >= ${max} then ${max} + 1 else ${t.failures} + 1 end`,
            windowStart: sql`case when ${fresh} then ${ts(now.getTime())} else ${t.windowStart} end`,
            lockedUntil: sql`case when ${fresh} then ${firstLock ? lockUntil : sql`null::timestamptz`} when ${locked} then ${t.lockedUntil} when ${t.failures} + 1 >= ${max} then ${lockUntil} else null end`,
          },
        })
        .returning({ attempts: t.failures, windowStart: t.windowStart, lockedUntil: t.lockedUntil });
      if (!row) throw new Error('login_throttle upsert returned nothing');
      return reservation({ attempts: row.attempts, windowStart: row.windowStart.getTime(), lockedUntil: row.lockedUntil?.getTime() ?? 0 }, limits, now);
    },
    async release(key, limits, window) {
      await db
        .update(t)
        .set({ failures: sql`greatest(least(${t.failures}, ${limits.maxAttempts}::int) - 1, 0)`, lockedUntil: null })
        .where(and(eq(t.key, key), sql`${t.windowStart} = ${ts(window)}`));
    },
    async clear(key, tx = db) {
      await tx.delete(t).where(eq(t.key, key));
    },
    close: async () => {},
  };
}

/** The same reservation as the PostgreSQL statement above, as one script Redis runs atomically. */
const RESERVE = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local lockMs = tonumber(ARGV[4])
local held = redis.call('HMGET', KEYS[1], 'failures', 'windowStart', 'lockedUntil')
local attempts = tonumber(held[1])
local windowStart = tonumber(held[2])
local lockedUntil = tonumber(held[3])
local locked = lockedUntil ~= nil and lockedUntil > now
if not locked and (attempts == nil or windowStart < now - windowMs or lockedUntil ~= nil) then
  attempts = 0
  windowStart = now
  lockedUntil = nil
end
if locked or attempts >= max then
  attempts = max + 1
  if not locked then lockedUntil = now + lockMs end
else
  attempts = attempts + 1
  if attempts >= max then lockedUntil = now + lockMs end
end
redis.call('HSET', KEYS[1], 'failures', attempts, 'windowStart', windowStart)
if lockedUntil then redis.call('HSET', KEYS[1], 'lockedUntil', lockedUntil) else redis.call('HDEL', KEYS[1], 'lockedUntil') end
redis.call('PEXPIRE', KEYS[1], windowMs + lockMs + 60000)
return {attempts, windowStart, lockedUntil or 0}
`;

const RELEASE = `
local held = redis.call('HMGET', KEYS[1], 'failures', 'windowStart')
if held[1] and tonumber(held[2]) == tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'failures', math.max(math.min(tonumber(held[1]), tonumber(ARGV[2])) - 1, 0))
  redis.call('HDEL', KEYS[1], 'lockedUntil')
end
return 1
`;

/** Login throttling in Redis (REDIS_URL). Keys are prefixed, so several deployments or test runs can share one server. The hash expires (in Redis's time) once neither its window nor its lock can matter any more. */
export async function redisThrottle(url: string, prefix: string): Promise<ThrottleStore> {
  const client = createClient({ url });
  client.on('error', () => {
    // Reconnects by itself; a command made meanwhile fails, and the sign-in with it.
  });
  await client.connect();
  return {
    async reserve(key, limits, now) {
      const reply = await client.eval(RESERVE, {
        keys: [prefix + key],
        arguments: [String(now.getTime()), String(limits.windowMs), String(limits.maxAttempts), String(limits.lockMs)],
      });
      const [attempts, windowStart, lockedUntil] = (Array.isArray(reply) ? reply : []).map(Number);
      if (attempts === undefined || windowStart === undefined || lockedUntil === undefined) throw new Error('unexpected reply from the throttle script');
      return reservation({ attempts, windowStart, lockedUntil }, limits, now);
    },
    async release(key, limits, window) {
      await client.eval(RELEASE, { keys: [prefix + key], arguments: [String(window), String(limits.maxAttempts)] });
    },
    async clear(key) {
      await client.del(prefix + key);
    },
    async close() {
      await client.close().catch(() => {});
    },
  };
}

/** The store the configuration names: Redis with REDIS_URL, else the database. */
export function openThrottle(config: { redisUrl: string | undefined; redisPrefix: string }, db: Db): Promise<ThrottleStore> {
  return config.redisUrl ? redisThrottle(config.redisUrl, `${config.redisPrefix}throttle:`) : Promise.resolve(postgresThrottle(db));
}
