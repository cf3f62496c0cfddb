import type { Context, MiddlewareHandler } from 'hono';
import { defaultHeader } from './default-headers';
import type { AppEnv } from './env';

/** What a caller's own request id may look like (the rule of hono's requestId middleware). */
const WELL_FORMED = /^[\w\-=]{1,255}$/;

/** The request's id: the caller's X-Request-Id when it is well formed, else a new UUID. */
export function requestIdOf(c: Context): string {
  const given = c.req.header('x-request-id');
  return given !== undefined && WELL_FORMED.test(given) ? given : crypto.randomUUID();
}

/*
 * Not hono/request-id: its rule is the same, but it exists only as a middleware, while the kept answers
 * (lib/kept-answers) answer before any middleware runs and need the rule as a function; and it sets the
 * header through c.header, where every other default header here goes through defaultHeader.
 */

/**
 * Gives every request an id (the `requestId` variable, for logs and error references) and answers with
 * it in X-Request-Id. Answers sent before this runs (lib/kept-answers) take their id from requestIdOf.
 */
export function requestIds(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const id = requestIdOf(c);
    c.set('requestId', id);
    defaultHeader(c, 'X-Request-Id', id);
    return next();
  };
}
