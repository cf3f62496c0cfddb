import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { LOGIN_THROTTLE, profileNameBase, RULE_MESSAGES } from '../../shared/rules/account';
import type { User } from '../../shared/schemas/user';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { addressBlock } from '../lib/client-address';
import type { Clock } from '../lib/clock';
import { AppError, badRequest, conflict, isUniqueViolation, unauthorized } from '../lib/errors';
import type { ThrottleStore } from './login-throttle';
import { dummyHash, hashPassword, verifyPassword } from './passwords';

export type UserRow = typeof users.$inferSelect;

export interface AuthDeps {
  db: Db;
  config: Config;
  clock: Clock;
  throttle: ThrottleStore;
}

/** The per-account limits (kept under this name for existing callers). */
export const THROTTLE = LOGIN_THROTTLE.account;

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

/** The login_throttle key of an account's failed sign-ins. */
export const accountThrottleKey = (email: string) => `account:${email}`;

/** One-shot hashing: it runs on every signed-in request, and is several times cheaper than a Hash object. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export async function issueSession(deps: AuthDeps, userId: string): Promise<string> {
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

interface ThrottleKey {
  key: string;
  limits: { maxFailures: number; windowMs: number; lockMs: number };
}

/** The counters a sign-in attempt is held against: the account always, the client address (an IPv6 one by its /64) when it is known. */
function throttleKeys(email: string, address: string | null): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: accountThrottleKey(email), limits: LOGIN_THROTTLE.account }];
  if (address) keys.push({ key: `address:${addressBlock(address)}`, limits: LOGIN_THROTTLE.address });
  return keys;
}

async function checkThrottle(deps: AuthDeps, keys: ThrottleKey[]): Promise<void> {
  const lockedUntil = await deps.throttle.lockedUntil(keys.map((k) => k.key));
  const now = deps.clock.now().getTime();
  if (lockedUntil > now) {
    const retryAfter = Math.ceil((lockedUntil - now) / 1000);
    throw new AppError(429, 'TooManyRequests', RULE_MESSAGES.throttled, { 'Retry-After': String(retryAfter) });
  }
}

async function recordFailures(deps: AuthDeps, keys: ThrottleKey[]): Promise<void> {
  for (const { key, limits } of keys) await deps.throttle.recordFailure(key, limits, deps.clock.now());
}

/**
 * Signs in. A failure counts against the account and against the client address (`null` when it is
 * not known, as under app.fetch without a socket). Success clears the account's counter only: clearing
 * the address's too would let one valid account reset the count between guesses at others.
 */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string },
  address: string | null = null,
): Promise<{ token: string; user: User }> {
  const keys = throttleKeys(input.email, address);
  await checkThrottle(deps, keys);
  const [row] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const good = await verifyPassword(input.password, row?.passwordHash ?? (await dummyHash(deps.config.scryptN)));
  if (!row || !good) {
    await recordFailures(deps, keys);
    throw unauthorized(RULE_MESSAGES.wrongCredentials);
  }
  await deps.throttle.clear(keys[0]!.key);
  return { token: await issueSession(deps, row.id), user: toUser(row) };
}

/**
 * Re-checks a signed-in user's password before a sensitive change (new password, account deletion).
 * A wrong password counts as a failed sign-in, so a stolen session cannot guess the password without
 * limit; it answers 400, not 401, because the session itself is still good.
 */
export async function confirmPassword(deps: AuthDeps, user: UserRow, password: string, address: string | null, message: string): Promise<void> {
  const keys = throttleKeys(user.email, address);
  await checkThrottle(deps, keys);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordFailures(deps, keys);
    throw badRequest(message);
  }
}

const sessionUserQuery = (db: Db, name: string) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare(name);

export interface SessionUser {
  user: UserRow;
  expiresAt: Date;
}

/** The user behind a bearer token and when the session ends, or null when the token is unknown or expired. */
export async function sessionForToken(deps: AuthDeps, tokenHash: string): Promise<SessionUser | null> {
  const rows = await prepared(deps.db, 'session_user', sessionUserQuery).execute({ hash: tokenHash, now: deps.clock.now().toISOString() });
  return rows[0] ?? null;
}

export async function logout(deps: AuthDeps, token: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
