import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import { badRequest } from './errors';

/** PostgreSQL text cannot hold a NUL character: such input is refused up front instead of failing in the database. */
export const NUL_MESSAGE = 'Text cannot contain NUL characters';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 200 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/** Refuses a NUL in the path, the query string or a JSON body (as a raw byte or a \u0000 escape). */
export function refuseNul(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const rest = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    if (/%00/i.test(rest) || rest.includes('\u0000')) throw badRequest(NUL_MESSAGE);
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (type.startsWith('application/json') && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      // Read once here; Hono keeps the text, so the validator parses the same body without reading it again.
      const text = await c.req.text();
      if (text.includes('\u0000')) throw badRequest(NUL_MESSAGE);
      if (/\\u0000/i.test(text)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined; // not JSON: the validator answers that
        }
        if (hasNul(parsed)) throw badRequest(NUL_MESSAGE);
      }
    }
    await next();
  };
}
