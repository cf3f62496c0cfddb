import { eq, inArray, sql } from 'drizzle-orm';
import { createClient } from 'redis';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';

export interface ThrottleLimits {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Counters of failed sign-ins, shared by every API process: in PostgreSQL (the login_throttle table) by
 * default, in Redis when REDIS_URL is set. A failure in a window counts; reaching the limit locks the key.
 * Times come from the caller's clock, so both stores behave the same under a test's clock.
 */
export interface ThrottleStore {
  /** The latest lock among the keys, in epoch ms (0 when none is locked). */
  lockedUntil(keys: readonly string[]): Promise<number>;
  recordFailure(key: string, limits: ThrottleLimits, now: Date): Promise<void>;
  /** Forgets a key's failures; `db` is the transaction the caller is in, when it is in one (PostgreSQL store). */
  clear(key: string, db?: Db): Promise<void>;
  close(): Promise<void>;
}

export function postgresThrottle(db: Db): ThrottleStore {
  return {
    async lockedUntil(keys) {
      const rows = await db
        .select({ lockedUntil: loginThrottle.lockedUntil })
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, [...keys]));
      return Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
    },
    async recordFailure(key, limits, now) {
      // Dates go into raw SQL as ISO strings: the postgres driver does not serialise Date parameters there.
      const nowTs = sql`${now.toISOString()}::timestamptz`;
      const windowStart = sql`${new Date(now.getTime() - limits.windowMs).toISOString()}::timestamptz`;
      const lockUntil = sql`${new Date(now.getTime() + limits.lockMs).toISOString()}::timestamptz`;
      const inWindow = sql`${loginThrottle.windowStart} >= ${windowStart}`;
      // One statement, so concurrent failures all count.
      await db
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStart: now })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${inWindow} then ${loginThrottle.failures} + 1 else 1 end`,
            windowStart: sql`case when ${inWindow} then ${loginThrottle.windowStart} else ${nowTs} end`,
            lockedUntil: sql`case when ${inWindow} and ${loginThrottle.failures} + 1 >= ${limits.maxFailures} then ${lockUntil} else ${loginThrottle.lockedUntil} end`,
          },
        });
    },
    async clear(key, tx = db) {
      await tx.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },
    close: async () => {},
  };
}

/**
 * The same counting as the PostgreSQL statement above, as one script Redis runs atomically. The hash
 * expires (in Redis's time) once neither its window nor its lock can matter any more.
 */
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local maxFailures = tonumber(ARGV[3])
local lockMs = tonumber(ARGV[4])
local held = redis.call('HMGET', KEYS[1], 'failures', 'windowStart', 'lockedUntil')
if not held[1] then
  redis.call('HSET', KEYS[1], 'failures', 1, 'windowStart', now)
else
  local failures = tonumber(held[1])
  local windowStart = tonumber(held[2])
  if windowStart >= now - windowMs then
    failures = failures + 1
    redis.call('HSET', KEYS[1], 'failures', failures)
    if failures >= maxFailures then redis.call('HSET', KEYS[1], 'lockedUntil', now + lockMs) end
  else
    redis.call('HSET', KEYS[1], 'failures', 1, 'windowStart', now)
  end
end
redis.call('PEXPIRE', KEYS[1], windowMs + lockMs + 60000)
return 1
`;

/** Login throttling in Redis (REDIS_URL). Keys are prefixed, so several deployments or test runs can share one server. */
export async function redisThrottle(url: string, prefix: string): Promise<ThrottleStore> {
  const client = createClient({ url });
  client.on('error', () => {
    // Reconnects by itself; a command made meanwhile fails, and the sign-in with it.
  });
  await client.connect();
  return {
    async lockedUntil(keys) {
      const values = await Promise.all(keys.map((key) => client.hGet(prefix + key, 'lockedUntil')));
      return Math.max(0, ...values.map((v) => Number(v ?? 0)));
    },
    async recordFailure(key, limits, now) {
      await client.eval(RECORD_FAILURE, {
        keys: [prefix + key],
        arguments: [String(now.getTime()), String(limits.windowMs), String(limits.maxFailures), String(limits.lockMs)],
      });
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
