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

/** Profile names: the address of a public profile (/profile/{name}), kept in lower case. */
export const PROFILE_NAME_MIN = 3;
export const PROFILE_NAME_MAX = 40;
export const PROFILE_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Avatars: the largest upload accepted, and the square every avatar is re-encoded to. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 256;
/** The images an avatar may be made from, recognised by their bytes (never by name or declared type). */
export const AVATAR_TYPES = ['png', 'jpg', 'gif', 'bmp'] as const;
/** A larger image is refused before decoding: its pixels, not its file size, decide the memory it needs. */
export const AVATAR_MAX_PIXELS = 25_000_000;

export const PROFILE_MESSAGES = {
  profileNameLength: `Profile name must be between ${PROFILE_NAME_MIN} and ${PROFILE_NAME_MAX} characters`,
  profileNameFormat: 'Profile name can only contain letters, numbers and hyphens, and cannot start or end with a hyphen',
  profileNameTaken: 'This profile name is already taken',
  secondNameLength: 'Second name must be at most 60 characters',
  saved: 'Profile updated',
  avatarRequired: 'Please choose an image',
  avatarTooLarge: 'The image must be 2 MB or smaller',
  avatarType: 'The file is not a PNG, JPEG, GIF or BMP image',
  avatarDimensions: 'The image has too many pixels; use one under 25 megapixels',
  avatarUnreadable: 'The image could not be read; try another file',
  avatarSaved: 'Avatar updated',
  avatarRemoved: 'Avatar removed',
} as const;

/** Lower-cases a typed profile name (names are case-insensitive) and trims it; the pattern then decides. */
export const normalizeProfileName = (raw: string) => raw.trim().toLowerCase();
