import type { HistoryReader } from './types';

/** Tries of one request before the sync gives up and reports the failure. */
export const MAX_ATTEMPTS = 5;
/** No single wait is longer than this. */
export const MAX_WAIT_MS = 5 * 60_000;

export interface RetryAdvice {
  retry: boolean;
  /** How long to wait before sending the same request again. */
  waitMs: number;
}

export interface Failure {
  /** HTTP status of the failed answer (0: no answer at all). */
  status: number;
  /** The reader's parse said the judge asked to slow down (Codeforces says so inside a 503). */
  rateLimited?: boolean;
  /** The answer's Retry-After header, in seconds or as an HTTP date. */
  retryAfter?: string | null;
  /** How many times this same request has failed so far, 1 after the first failure. */
  attempt: number;
  now: Date;
}

/** Milliseconds a Retry-After header asks for, or 0. */
function retryAfterMs(value: string | null | undefined, now: Date): number {
  if (!value) return 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now.getTime()) : 0;
}

/**
 * Whether to send a failed request again, and after how long: only when the judge asked to slow down
 * (429, or its own "call limit" answer), failed on its side (5xx) or was not reached (0); the wait doubles
 * from twice the reader's own pause with each try, and is never shorter than the judge's Retry-After.
 */
export function retryAdvice(reader: Pick<HistoryReader, 'delayMs'>, failure: Failure): RetryAdvice {
  const { status, rateLimited, attempt } = failure;
  const retryable = rateLimited === true || status === 429 || status === 0 || status >= 500;
  if (!retryable || attempt >= MAX_ATTEMPTS) return { retry: false, waitMs: 0 };
  const backoff = reader.delayMs * 2 ** attempt;
  return { retry: true, waitMs: Math.min(MAX_WAIT_MS, Math.max(backoff, retryAfterMs(failure.retryAfter, failure.now))) };
}
