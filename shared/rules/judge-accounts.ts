/** Handles as the judges we read allow them: letters, digits, '_', '-' and '.'. */
export const HANDLE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** A user may ask for a refresh of one account this often. */
export const REFRESH_COOLDOWN_SECONDS = 300;

export const JUDGE_ACCOUNT_MESSAGES = {
  handle: 'Enter your handle on the judge (letters, digits, _ - and . only)',
  noSuchUser: (judge: string) => `No such user on ${judge}`,
  unknownJudge: 'This judge has no account reader',
  notLinked: 'No account on this judge is linked',
  judgeDown: (judge: string) => `${judge} did not answer. Please try again later.`,
  couldNotRead: (judge: string) => `Could not read the profile from ${judge}. Please try again later.`,
  refreshTooSoon: 'This account was refreshed a moment ago. Please try again later.',
  refreshQueued: 'Refresh queued',
  linked: 'Account linked',
  unlinked: 'Account removed',
} as const;

export const CALENDAR_MESSAGES = {
  noFeed: 'Calendar feed not found',
  revoked: 'Calendar feed revoked',
  contestNotFound: 'Contest not found',
} as const;
