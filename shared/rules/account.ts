export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const RULE_MESSAGES = {
  email: 'Please enter a valid email address',
  passwordLength: `Password must be between ${PASSWORD_MIN} and ${PASSWORD_MAX} characters`,
  firstName: 'First name is required',
  wrongCredentials: 'Incorrect email or password',
  duplicateEmail: 'An account with this email already exists',
  throttled: 'Too many failed sign-in attempts. Please try again later.',
  signupThrottled: 'Too many sign-ups from this network. Please try again later.',
  busy: 'Too many sign-ins at once. Please try again in a moment.',
  sessionExpired: 'Please sign in to continue',
  wrongCurrentPassword: 'Your current password is incorrect',
  samePassword: 'The new password must be different from the current one',
  passwordChanged: 'Password changed. Other devices have been signed out.',
  wrongPassword: 'Incorrect password',
  sheetChoiceMissing: 'Choose what happens to every sheet you created',
  sheetChoiceUnknown: 'A choice names a sheet you did not create',
  sheetChoiceTwice: 'Each sheet can have only one choice',
  notACollaborator: 'A sheet can only be handed to one of its collaborators',
  transferNameTaken: 'The collaborator already has a sheet with this name; rename it or choose another action',
  accountDeleted: 'Your account has been deleted',
  passwordMismatch: 'The new passwords do not match',
  sheetChoiceRequired: 'Choose what happens to this sheet',
} as const;

/** Failed sign-ins allowed per account, and per client address (higher: many people can share one address). */
export const LOGIN_THROTTLE = {
  account: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  address: { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
} as const;

/**
 * Sign-ups allowed per client address (successful or not: each one tells whether an e-mail is taken, and
 * costs a password hash). The number is the default of SIGNUP_LIMIT_PER_ADDRESS.
 */
export const SIGNUP_THROTTLE = { maxAttempts: 20, windowMs: 60 * 60_000, lockMs: 60 * 60_000 } as const;

/** Derives a profile name from a person's name: lower-case letters and digits joined by hyphens. */
export function profileNameBase(firstName: string, secondName: string): string {
  const base = `${firstName} ${secondName}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return base || 'user';
}
