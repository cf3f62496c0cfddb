/**
 * When to ask a judge (or the tracker) again after it failed or asked to slow down: the API's judge client
 * and the extension's history sync both read Retry-After and back off by these rules.
 *
 * A rule, not a retry loop: p-retry waits on a timer inside one call, while the extension's sync keeps each
 * wait in storage so that a stopped service worker resumes it, and the API's judge client never retries in
 * the request (it keeps the old figures, and the job queue tries later). Both need the wait as a value.
 */

/** Tries of one request before the caller gives up and reports the failure. */
export const MAX_ATTEMPTS = 5;
/** No single wait is longer than this. */
export const MAX_WAIT_MS = 5 * 60_000;

/**
 * Milliseconds a Retry-After header asks for: whole seconds or an HTTP date. Null when there is none, it
 * cannot be read, or it asks for no wait at all.
 */
export function retryAfterMs(value: string | null | undefined, now: Date): number | null {
  const text = value?.trim();
  if (!text) return null;
  const ms = /^\d+(?:\.\d+)?$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now.getTime();
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

export interface Failure {
  /** HTTP status of the failed answer (0: no answer at all). */
  status: number;
  /** The answer said to slow down in its own words (Codeforces' "Call limit exceeded" inside a 503). */
  rateLimited?: boolean;
  /** The answer's Retry-After header. */
  retryAfter?: string | null;
  /** How many times this same request has failed so far, 1 after the first failure. */
  attempt: number;
  now: Date;
}

export interface RetryAdvice {
  retry: boolean;
  /** How long to wait before sending the same request again. */
  waitMs: number;
}

/** True for the failures worth trying again: slow down (429 or the judge's own words), 5xx, no answer. */
function isRetryableFailure(failure: Pick<Failure, 'status' | 'rateLimited'>): boolean {
  const { status, rateLimited } = failure;
  return rateLimited === true || status === 429 || status === 0 || status >= 500;
}

/**
 * Whether to send a failed request again, and after how long: the wait doubles from twice the polite pause
 * (`paceMs`, the least time between two requests) with each try, is never shorter than Retry-After, and
 * never longer than MAX_WAIT_MS; after MAX_ATTEMPTS failures, no more.
 */
export function retryAdvice(pace: { delayMs: number }, failure: Failure): RetryAdvice {
  if (!isRetryableFailure(failure) || failure.attempt >= MAX_ATTEMPTS) return { retry: false, waitMs: 0 };
  const backoff = pace.delayMs * 2 ** failure.attempt;
  const asked = retryAfterMs(failure.retryAfter, failure.now) ?? 0;
  return { retry: true, waitMs: Math.min(MAX_WAIT_MS, Math.max(backoff, asked)) };
}
