import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import { badRequest } from './errors';

/** PostgreSQL text cannot hold a NUL character: such input is refused up front instead of failing in the database. */
export const NUL_MESSAGE = 'Text cannot contain NUL characters';
/**
 * A UTF-16 surrogate without its partner is not Unicode text: PostgreSQL's jsonb refuses it (the write
 * would fail) and its text columns would store U+FFFD in its place, so it is refused up front as well.
 */
export const SURROGATE_MESSAGE = 'Text cannot contain unpaired surrogates (invalid Unicode)';

/** One UTF-16 surrogate code unit without its partner. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * A surrogate code point percent-encoded the way UTF-8 would encode it (ED A0..BF xx): how a URL spells
 * one. Decoding leaves it as the literal text, which would then be stored as typed.
 */
const ENCODED_SURROGATE = /%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i;
/** The JSON escapes that can put a NUL or a surrogate into a decoded body (raw bytes cannot: decoding replaces invalid ones). */
const RISKY_ESCAPE = /\\u(0000|d[89a-f])/i;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

function valueProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return textProblem(value);
  if (depth > 200 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = valueProblem(v, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const found = textProblem(k) ?? valueProblem(v, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses text PostgreSQL cannot store as given, in the path, the query string or a JSON body: a NUL
 * (as a raw byte or a \u0000 escape) and an unpaired surrogate (a \uD800 escape, or its percent-encoding).
 */
export function refuseNul(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const rest = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    if (/%00/i.test(rest) || rest.includes('\u0000')) throw badRequest(NUL_MESSAGE);
    // A request URL cannot hold a raw surrogate: one can only arrive percent-encoded.
    if (ENCODED_SURROGATE.test(rest)) throw badRequest(SURROGATE_MESSAGE);
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (type.startsWith('application/json') && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      // Read once here; Hono keeps the text, so the validator parses the same body without reading it again.
      const text = await c.req.text();
      if (text.includes('\u0000')) throw badRequest(NUL_MESSAGE);
      if (RISKY_ESCAPE.test(text)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined; // not JSON: the validator answers that
        }
        const found = valueProblem(parsed);
        if (found) throw badRequest(found);
      }
    }
    await next();
  };
}
