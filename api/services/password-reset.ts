import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte, ne, or, isNotNull } from 'drizzle-orm';
import { RESET_MESSAGES, RESET_THROTTLE, RESET_TOKEN_TTL_MS } from '../../shared/rules/password-reset';
import type { ForgotPasswordResult } from '../../shared/schemas/password-reset';
import type { User } from '../../shared/schemas/user';
import type { Db } from '../db/client';
import { passwordResets, sessions, users } from '../db/schema';
import { addressBlock } from '../lib/client-address';
import type { Clock } from '../lib/clock';
import { badRequest } from '../lib/errors';
import type { Mailer } from '../lib/mail';
import { accountThrottleKey, hashToken, issueSession, reserveAttempts, toUser, type AuthDeps, type ThrottleKey } from './auth';

/** The dashboard's reset page; the token follows in the query. */
const RESET_PATH = '/reset-password';

export interface ResetLink {
  email: string;
  link: string;
  expiresAt: Date;
}

/**
 * Makes a one-time reset link for the account with this e-mail, or null when there is none. The token is
 * 32 random bytes; only its SHA-256 is stored. The user's used and expired links are pruned on the way.
 */
export async function createResetLink(deps: { db: Db; clock: Clock }, email: string, origin: string): Promise<ResetLink | null> {
  const [user] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) return null;
  const now = deps.clock.now();
  await deps.db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), or(isNotNull(passwordResets.usedAt), lte(passwordResets.expiresAt, now))));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  await deps.db.insert(passwordResets).values({ userId: user.id, tokenHash: hashToken(token), expiresAt });
  return { email: user.email, link: `${origin}${RESET_PATH}?token=${token}`, expiresAt };
}

function resetMail(link: ResetLink) {
  return {
    to: link.email,
    subject: 'Reset your Practice Tracker password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Practice Tracker account.',
      '',
      'Choose a new password here:',
      link.link,
      '',
      'The link works once, within an hour. Resetting signs out every device signed in to your account.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * A "forgot password" request. The answer depends only on whether e-mail is set up, never on whether
 * the account exists; requests are counted per e-mail and per client address either way.
 */
export async function requestPasswordReset(
  deps: AuthDeps & { mailer: Mailer },
  email: string,
  origin: string,
  address: string | null,
): Promise<ForgotPasswordResult> {
  if (!deps.mailer.enabled) return { delivery: 'administrator' };
  const keys: ThrottleKey[] = [{ key: `reset:${email}`, limits: RESET_THROTTLE.email }];
  if (address) keys.push({ key: `reset-address:${addressBlock(address)}`, limits: RESET_THROTTLE.address });
  await reserveAttempts(deps, keys, RESET_MESSAGES.throttled);
  const link = await createResetLink(deps, email, origin);
  if (link) deps.mailer.send(resetMail(link));
  return { delivery: 'email' };
}

/**
 * Sets a new password with a reset token. The token is claimed (used_at) in the same transaction that
 * changes the password, ends every session of the user and drops the user's other reset links, so it
 * works once even when two requests race. The caller is then signed in with a new session.
 */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }): Promise<{ token: string; user: User }> {
  const tokenHash = hashToken(input.token);
  const live = () => and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, deps.clock.now()));
  // Checked before hashing, so a made-up token costs no password hash.
  const [found] = await deps.db.select({ id: passwordResets.id }).from(passwordResets).where(live());
  if (!found) throw badRequest(RESET_MESSAGES.invalidLink);
  const passwordHash = await deps.passwords.hash(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx.update(passwordResets).set({ usedAt: deps.clock.now() }).where(live()).returning({ id: passwordResets.id, userId: passwordResets.userId });
    if (!claimed) throw badRequest(RESET_MESSAGES.invalidLink);
    const [row] = await tx.update(users).set({ passwordHash, updatedAt: deps.clock.now() }).where(eq(users.id, claimed.userId)).returning();
    if (!row) throw badRequest(RESET_MESSAGES.invalidLink);
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, row.id), ne(passwordResets.id, claimed.id)));
    // Whoever holds the link can read the account's e-mail: a lock from failed sign-ins is lifted.
    await deps.throttle.clear(accountThrottleKey(row.email), tx);
    return row;
  });
  return { token: await issueSession(deps, user.id), user: toUser(user) };
}
