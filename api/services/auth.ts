import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { profileNameBase, RULE_MESSAGES } from '../../shared/rules/account';
import type { User } from '../../shared/schemas/user';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { loginThrottle, sessions, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError, conflict, isUniqueViolation, unauthorized } from '../lib/errors';
import { dummyHash, hashPassword, verifyPassword } from './passwords';

export type UserRow = typeof users.$inferSelect;

export interface AuthDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

export const THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.firstName,
    secondName: row.secondName,
    profileName: row.profileName,
    imageUrl: row.imageUrl,
    purchaseStatus: row.purchaseStatus,
  };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function issueSession(deps: AuthDeps, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.clock.now().getTime() + deps.config.sessionTtlMs);
  await deps.db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  return token;
}

export async function signup(
  deps: AuthDeps,
  input: { email: string; password: string; firstName: string; secondName: string },
): Promise<{ token: string; user: User }> {
  const passwordHash = await hashPassword(input.password, deps.config.scryptN);
  const base = profileNameBase(input.firstName, input.secondName);
  for (let attempt = 0; attempt < 8; attempt++) {
    const profileName = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    try {
      const [row] = await deps.db
        .insert(users)
        .values({ email: input.email, passwordHash, firstName: input.firstName, secondName: input.secondName, profileName })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return { token: await issueSession(deps, row.id), user: toUser(row) };
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_unique')) throw conflict(RULE_MESSAGES.duplicateEmail);
      if (!isUniqueViolation(err, 'users_profile_name_unique')) throw err;
    }
  }
  throw new Error('could not find a free profile name');
}

async function checkThrottle(deps: AuthDeps, key: string): Promise<void> {
  const [row] = await deps.db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  const now = deps.clock.now().getTime();
  if (row?.lockedUntil && row.lockedUntil.getTime() > now) {
    const retryAfter = Math.ceil((row.lockedUntil.getTime() - now) / 1000);
    throw new AppError(429, 'TooManyRequests', RULE_MESSAGES.throttled, { 'Retry-After': String(retryAfter) });
  }
}

async function recordFailure(deps: AuthDeps, key: string): Promise<void> {
  const now = deps.clock.now();
  // Dates go into raw SQL as ISO strings: the postgres driver does not serialise Date parameters there.
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - THROTTLE.windowMs).toISOString()}::timestamptz`;
  const lockUntil = sql`${new Date(now.getTime() + THROTTLE.lockMs).toISOString()}::timestamptz`;
  const inWindow = sql`${loginThrottle.windowStart} >= ${windowStart}`;
  // One statement, so concurrent failures all count.
  await deps.db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${inWindow} then ${loginThrottle.failures} + 1 else 1 end`,
        windowStart: sql`case when ${inWindow} then ${loginThrottle.windowStart} else ${nowTs} end`,
        lockedUntil: sql`case when ${inWindow} and ${loginThrottle.failures} + 1 >= ${THROTTLE.maxFailures} then ${lockUntil} else ${loginThrottle.lockedUntil} end`,
      },
    });
}

export async function login(deps: AuthDeps, input: { email: string; password: string }): Promise<{ token: string; user: User }> {
  const key = `account:${input.email}`;
  await checkThrottle(deps, key);
  const [row] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const good = await verifyPassword(input.password, row?.passwordHash ?? (await dummyHash(deps.config.scryptN)));
  if (!row || !good) {
    await recordFailure(deps, key);
    throw unauthorized(RULE_MESSAGES.wrongCredentials);
  }
  await deps.db.delete(loginThrottle).where(eq(loginThrottle.key, key));
  return { token: await issueSession(deps, row.id), user: toUser(row) };
}

/** The user behind a bearer token, or null when the token is unknown or expired. */
export async function userForToken(deps: AuthDeps, token: string): Promise<UserRow | null> {
  const rows = await deps.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, deps.clock.now())))
    .limit(1);
  return rows[0]?.user ?? null;
}

export async function logout(deps: AuthDeps, token: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
