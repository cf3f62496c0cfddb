import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorName } from '../../shared/schemas/envelope';

/** An error a person can act on; the message goes to the client as status.message. */
export class AppError extends Error {
  constructor(
    readonly code: ContentfulStatusCode,
    readonly error: ErrorName,
    message: string,
    /** How long the client should wait before trying again; the route layer sends it as Retry-After. */
    readonly retryAfterSeconds: number | null = null,
    /** Data sent along with the error, where the spec defines some (a lookup's 404). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, 'ValidationError', message);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, 'Unauthorized', message);
export const forbidden = (message: string) => new AppError(403, 'Forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NotFoundError', message);
export const conflict = (message: string) => new AppError(409, 'Conflict', message);

/** True when a database error is a unique-constraint violation (optionally on a named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint || e.constraint_name === constraint);
}

interface PgErrorLike {
  code?: string;
  constraint?: string;
  constraint_name?: string;
}

function findPgError(err: unknown): PgErrorLike | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as PgErrorLike & { cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    cur = c.cause;
  }
  return undefined;
}

/** The status logged for a request its client abandoned (nginx's "client closed request"); nobody receives it. */
export const CLIENT_CLOSED = 499;

/**
 * Whether the request failed because its client went away before sending all of its body: a normal
 * event on the internet (a closed tab, a cancelled upload), not a fault of the server.
 */
export function clientAborted(c: Context): boolean {
  // Under the Node server, the request stream itself says whether it was cut short.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) return incoming.readableAborted;
  return c.req.raw.signal.aborted;
}
