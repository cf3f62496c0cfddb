import type { Clock } from './clock';

/**
 * A clock the browser tests can move (TEST_CLOCK=1 only, refused in production): the review queue's
 * "comes back in a few days" is shown by moving time, not by waiting. Served outside the app, so no route
 * of the API knows of it.
 */
export interface TestClock extends Clock {
  /** Answers POST /__test/clock { days } (added to the offset) or { reset: true }; null for any other request. */
  handle(request: Request): Promise<Response | null>;
}

export const TEST_CLOCK_PATH = '/__test/clock';

export function createTestClock(env: Record<string, string | undefined> = process.env): TestClock | null {
  if (env.TEST_CLOCK !== '1') return null;
  if (env.NODE_ENV === 'production') throw new Error('TEST_CLOCK is for tests only and cannot be used in production.');
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    async handle(request) {
      if (new URL(request.url).pathname !== TEST_CLOCK_PATH) return null;
      if (request.method !== 'POST') return new Response(null, { status: 405 });
      const body = (await request.json().catch(() => ({}))) as { days?: unknown; reset?: unknown };
      if (body.reset === true) offset = 0;
      else if (typeof body.days === 'number' && Number.isFinite(body.days)) offset += body.days * 86_400_000;
      else return new Response(JSON.stringify({ error: 'Send { days } or { reset: true }' }), { status: 400 });
      return new Response(JSON.stringify({ now: new Date(Date.now() + offset).toISOString() }), { headers: { 'content-type': 'application/json' } });
    },
  };
}
