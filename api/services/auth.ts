import { randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import { LOGIN_THROTTLE, profileNameBase, RULE_MESSAGES, SIGNUP_THROTTLE } from '../../shared/rules/account';
import type { User } from '../../shared/schemas/user';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { addressBlock } from '../lib/client-address';
import type { Clock } from '../lib/clock';
import { hashToken, type SessionUser, type UserRow } from '../lib/session-user';
import { AppError, badRequest, conflict, isUniqueViolation, unauthorized } from '../lib/errors';
import type { ThrottleLimits, ThrottleStore } from './login-throttle';
import type { PasswordHasher } from './passwords';

export { hashToken };
export type { SessionUser, UserRow };

/** The user's columns but records_version (see UserRow). */
const userColumns = (() => {
  const columns: Partial<typeof users._.columns> = { ...getTableColumns(users) };
  delete columns.recordsVersion;
  return columns as Omit<typeof users._.columns, 'recordsVersion'>;
})();

export interface AuthDeps {
  db: Db;
  config: Config;
  clock: Clock;
  throttle: ThrottleStore;
  /** The app's password hasher, with its bounded queue (services/passwords). */
  passwords: PasswordHasher;
}

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
export async function issueSession(deps: AuthDeps, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.clock.now().getTime() + deps.config.sessionTtlMs);
  await deps.db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  return token;
}

/**
 * Creates an account. Sign-ups are counted per client address (when it is known), taken e-mails too: the
 * 409 tells whether an e-mail is registered, and each sign-up costs a password hash (see docs/architecture.md's
 * security section for why the 409 stays).
 */
export async function signup(
  deps: AuthDeps,
  input: { email: string; password: string; firstName: string; secondName: string },
  address: string | null = null,
): Promise<{ token: string; user: User }> {
  const limits = { ...SIGNUP_THROTTLE, maxAttempts: deps.config.signupLimitPerAddress };
  const keys: ThrottleKey[] = address ? [{ key: `signup:${addressBlock(address)}`, limits }] : [];
  const held = await reserveAttempts(deps, keys, RULE_MESSAGES.signupThrottled);
  const passwordHash = await unlessItFails(deps, held, () => deps.passwords.hash(input.password));
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

export interface ThrottleKey {
  key: string;
  limits: ThrottleLimits;
}

/** A granted reservation, to give back when the attempt did not fail. */
interface Held extends ThrottleKey {
  window: number;
}

const fromRule = (rule: { maxFailures: number; windowMs: number; lockMs: number }): ThrottleLimits => ({
  maxAttempts: rule.maxFailures,
  windowMs: rule.windowMs,
  lockMs: rule.lockMs,
});

/** The counters a sign-in attempt is held against: the account always, the client address (an IPv6 one by its /64) when it is known. */
function throttleKeys(email: string, address: string | null): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: accountThrottleKey(email), limits: fromRule(LOGIN_THROTTLE.account) }];
  if (address) keys.push({ key: `address:${addressBlock(address)}`, limits: fromRule(LOGIN_THROTTLE.address) });
  return keys;
}

/**
 * Reserves one attempt on every key before any password is hashed, or refuses with 429 (giving back
 * those already taken): a burst gets no more checks than the limit, whatever arrives at once.
 */
export async function reserveAttempts(deps: AuthDeps, keys: ThrottleKey[], message: string = RULE_MESSAGES.throttled): Promise<Held[]> {
  const held: Held[] = [];
  for (const k of keys) {
    const r = await deps.throttle.reserve(k.key, k.limits, deps.clock.now());
    if (!r.granted) {
      await releaseAttempts(deps, held);
      const retryAfter = Math.max(1, Math.ceil((r.lockedUntil - deps.clock.now().getTime()) / 1000));
      throw new AppError(429, 'TooManyRequests', message, retryAfter);
    }
    held.push({ ...k, window: r.window });
  }
  return held;
}

async function releaseAttempts(deps: AuthDeps, held: Held[]): Promise<void> {
  for (const h of held) await deps.throttle.release(h.key, h.limits, h.window);
}

/** Runs the check; if it throws (the hashing queue is full, the database failed), the attempt was never made: give it back. */
async function unlessItFails<T>(deps: AuthDeps, held: Held[], check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    await releaseAttempts(deps, held);
    throw err;
  }
}

/**
 * Signs in. An attempt is counted against the account and against the client address (`null` when it is
 * not known, as under app.fetch without a socket) before the password is checked; a failure keeps it.
 * Success clears the account's counter but gives back only its own place on the address's: clearing that
 * too would let one valid account reset the count between guesses at others.
 */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string },
  address: string | null = null,
): Promise<{ token: string; user: User }> {
  const keys = throttleKeys(input.email, address);
  const held = await reserveAttempts(deps, keys);
  const { row, good } = await unlessItFails(deps, held, async () => {
    const [row] = await deps.db.select().from(users).where(eq(users.email, input.email));
    return { row, good: await deps.passwords.verify(input.password, row?.passwordHash ?? null) };
  });
  if (!row || !good) throw unauthorized(RULE_MESSAGES.wrongCredentials);
  await deps.throttle.clear(accountThrottleKey(input.email));
  await releaseAttempts(deps, held.slice(1));
  return { token: await issueSession(deps, row.id), user: toUser(row) };
}

/**
 * Re-checks a signed-in user's password before a sensitive change (new password, account deletion).
 * A wrong password counts as a failed sign-in, so a stolen session cannot guess the password without
 * limit; it answers 400, not 401, because the session itself is still good.
 */
export async function confirmPassword(deps: AuthDeps, user: UserRow, password: string, address: string | null, message: string): Promise<void> {
  const held = await reserveAttempts(deps, throttleKeys(user.email, address));
  if (!(await unlessItFails(deps, held, () => deps.passwords.verify(password, user.passwordHash)))) throw badRequest(message);
  await releaseAttempts(deps, held);
}

const sessionUserQuery = (db: Db, name: string) =>
  db
    .select({ user: userColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare(name);

/** The user behind a bearer token and when the session ends, or null when the token is unknown or expired. */
export async function sessionForToken(deps: AuthDeps, tokenHash: string): Promise<SessionUser | null> {
  const rows = await prepared(deps.db, 'session_user', sessionUserQuery).execute({ hash: tokenHash, now: deps.clock.now().toISOString() });
  return rows[0] ?? null;
}

export async function logout(deps: AuthDeps, token: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
