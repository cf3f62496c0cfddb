/** How long a verification link works, once. */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60_000;

/** Verification e-mails one user may ask for per hour (the one sent at sign-up counts too). */
export const VERIFY_MAIL_THROTTLE = { maxAttempts: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 } as const;

export const VERIFY_MESSAGES = {
  unverified: 'Verify your e-mail address before accepting an invite: open the link we e-mailed you, or ask for a new one.',
  sent: 'Verification link sent. Check your inbox.',
  alreadyVerified: 'Your e-mail address is already verified.',
  noMail: 'E-mail is not set up on this server, so there is no address to verify.',
  throttled: 'Too many verification e-mails. Please try again later.',
  invalidLink: 'This verification link is invalid, expired or already used. Ask for a new one.',
  missingToken: 'This verification link is incomplete. Open the link from the e-mail again, or ask for a new one.',
  done: 'E-mail address verified.',
} as const;
