import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { VERIFY_MAIL_THROTTLE, VERIFY_MESSAGES, VERIFY_TOKEN_TTL_MS } from '../../shared/rules/email-verification';
import type { ResendVerificationResult, VerifyEmailResult } from '../../shared/schemas/email-verification';
import type { Db } from '../db/client';
import { emailVerifications, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError, badRequest, forbidden } from '../lib/errors';
import type { Mailer } from '../lib/mail';
import { hashToken } from './auth';
import type { ThrottleStore } from './login-throttle';

/** The dashboard's verification page; the token follows in the query. */
const VERIFY_PATH = '/verify-email';

interface VerifyDeps {
  db: Db;
  clock: Clock;
  throttle: ThrottleStore;
  mailer: Mailer;
}

/**
 * Refuses a user whose address is not verified, when e-mail is set up (without it there is no way to
 * verify, and every account is taken at its word). Every kind of invite calls this before accepting:
 * an invite names an address, and only its owner may take what it grants.
 */
export async function requireVerifiedAddress(deps: { db: Db; mailer: Mailer }, userId: string): Promise<void> {
  if (!deps.mailer.enabled) return;
  // Read fresh: a cached session user predates a link followed a moment ago.
  const [row] = await deps.db.select({ email: users.email, verifiedEmail: users.verifiedEmail }).from(users).where(eq(users.id, userId));
  if (!row || row.verifiedEmail !== row.email) throw forbidden(VERIFY_MESSAGES.unverified);
}

/**
 * Mails a one-time link that verifies the user's current address. The token is 32 random bytes; only its
 * SHA-256 is stored. Counted per user, so neither sign-up nor resends can flood an address.
 */
export async function sendVerificationMail(deps: VerifyDeps, user: { id: string; email: string }, origin: string): Promise<boolean> {
  if (!deps.mailer.enabled) return false;
  const now = deps.clock.now();
  const reserved = await deps.throttle.reserve(`verify-mail:${user.id}`, VERIFY_MAIL_THROTTLE, now);
  if (!reserved.granted) {
    const retryAfter = Math.max(1, Math.ceil((reserved.lockedUntil - now.getTime()) / 1000));
    throw new AppError(429, 'TooManyRequests', VERIFY_MESSAGES.throttled, retryAfter);
  }
  await deps.db
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.userId, user.id), or(isNotNull(emailVerifications.usedAt), lte(emailVerifications.expiresAt, now))));
  const token = randomBytes(32).toString('base64url');
  await deps.db
    .insert(emailVerifications)
    .values({ userId: user.id, email: user.email, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS) });
  deps.mailer.send({
    to: user.email,
    subject: 'Verify your Practice Tracker e-mail address',
    text: [
      'Confirm that this address is yours, so that invites sent to it can be accepted from your account:',
      `${origin}${VERIFY_PATH}?token=${token}`,
      '',
      'The link works once, within a day. If you did not create a Practice Tracker account, ignore this e-mail.',
    ].join('\n'),
  });
  return true;
}

/** A signed-in user's "send the link again". */
export async function resendVerification(deps: VerifyDeps, userId: string, origin: string): Promise<ResendVerificationResult> {
  if (!deps.mailer.enabled) throw badRequest(VERIFY_MESSAGES.noMail);
  const [row] = await deps.db.select({ id: users.id, email: users.email, verifiedEmail: users.verifiedEmail }).from(users).where(eq(users.id, userId));
  if (!row) throw badRequest(VERIFY_MESSAGES.noMail);
  if (row.verifiedEmail === row.email) return { sent: false };
  await sendVerificationMail(deps, row, origin);
  return { sent: true };
}

/**
 * Follows a verification link: claims the token (used_at) and marks the address it was sent to as
 * verified, in one transaction, so a link works once even when two requests race.
 */
export async function verifyEmail(deps: { db: Db; clock: Clock }, token: string): Promise<VerifyEmailResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(and(eq(emailVerifications.tokenHash, hashToken(token)), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!claimed) throw badRequest(VERIFY_MESSAGES.invalidLink);
    // An address changed since the link was sent stays unverified: only the mailed one is confirmed.
    await tx.update(users).set({ verifiedEmail: claimed.email, updatedAt: now }).where(and(eq(users.id, claimed.userId), eq(users.email, claimed.email)));
    return { email: claimed.email };
  });
}
