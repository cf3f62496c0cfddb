export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const RULE_MESSAGES = {
  email: 'Please enter a valid email address',
  passwordLength: `Password must be between ${PASSWORD_MIN} and ${PASSWORD_MAX} characters`,
  firstName: 'First name is required',
  wrongCredentials: 'Incorrect email or password',
  duplicateEmail: 'An account with this email already exists',
  throttled: 'Too many failed sign-in attempts. Please try again later.',
  sessionExpired: 'Please sign in to continue',
} as const;

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
