import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, MAX_WAIT_MS, retryAdvice, retryAfterMs } from './retry';

const now = new Date('2024-01-06T12:00:00.000Z');
const codeforces = { delayMs: 2000 };

describe('retry advice', () => {
  it('backs off exponentially from the reader’s own pause on 429, 5xx, a call limit or no answer', () => {
    expect(retryAdvice(codeforces, { status: 429, attempt: 1, now })).toEqual({ retry: true, waitMs: 4000 });
    expect(retryAdvice(codeforces, { status: 429, attempt: 2, now })).toEqual({ retry: true, waitMs: 8000 });
    expect(retryAdvice(codeforces, { status: 502, attempt: 3, now })).toEqual({ retry: true, waitMs: 16000 });
    expect(retryAdvice(codeforces, { status: 503, rateLimited: true, attempt: 1, now })).toEqual({ retry: true, waitMs: 4000 });
    expect(retryAdvice(codeforces, { status: 0, attempt: 1, now })).toEqual({ retry: true, waitMs: 4000 });
  });

  it('waits at least what Retry-After asks, in seconds or as a date, and never past the cap', () => {
    expect(retryAdvice(codeforces, { status: 429, attempt: 1, retryAfter: '30', now })).toEqual({ retry: true, waitMs: 30_000 });
    expect(retryAdvice(codeforces, { status: 429, attempt: 1, retryAfter: 'Sat, 06 Jan 2024 12:01:00 GMT', now })).toEqual({ retry: true, waitMs: 60_000 });
    expect(retryAdvice(codeforces, { status: 429, attempt: 1, retryAfter: '86400', now })).toEqual({ retry: true, waitMs: MAX_WAIT_MS });
  });

  it('does not retry other failures, nor past the last attempt', () => {
    expect(retryAdvice(codeforces, { status: 400, attempt: 1, now })).toEqual({ retry: false, waitMs: 0 });
    expect(retryAdvice(codeforces, { status: 403, attempt: 1, now })).toEqual({ retry: false, waitMs: 0 });
    expect(retryAdvice(codeforces, { status: 429, attempt: MAX_ATTEMPTS, now })).toEqual({ retry: false, waitMs: 0 });
  });
});

describe('Retry-After', () => {
  it('reads whole seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 7 ', now)).toBe(7000);
    expect(retryAfterMs('Sat, 06 Jan 2024 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sat, 06 Jan 2024 11:59:00 GMT', now)).toBeNull();
    expect(retryAfterMs('0', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
