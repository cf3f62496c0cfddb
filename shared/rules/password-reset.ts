/** How long a reset link works, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/**
 * Reset requests allowed per e-mail and per client address. Counted whether or not the account exists,
 * so the limit itself tells nothing about which e-mails are registered.
 */
export const RESET_THROTTLE = {
  email: { maxAttempts: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
  address: { maxAttempts: 20, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
} as const;

/** Invite e-mails one user may cause per hour; past it the invite is still made, without an e-mail. */
export const INVITE_MAIL_THROTTLE = { maxAttempts: 30, windowMs: 60 * 60_000, lockMs: 60 * 60_000 } as const;

export const RESET_MESSAGES = {
  emailSent: 'If an account exists for this email, a reset link is on its way. It works once, within an hour.',
  askAdministrator: 'E-mail is not set up on this server. Ask its administrator for a reset link.',
  throttled: 'Too many reset requests. Please try again later.',
  invalidLink: 'This reset link is invalid, expired or already used. Ask for a new one.',
  done: 'Password reset. Other devices have been signed out.',
  missingToken: 'This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.',
} as const;
