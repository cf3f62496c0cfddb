import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler, Next } from 'hono';

const decoder = new TextDecoder();

/** A request's media type, lower case without parameters ('application/json'); '' when it names none. */
export const mediaType = (c: Context): string => (c.req.header('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';

/**
 * Limits a request's body to `maxBytes`, answering `tooLarge` past it. Under the Node server a JSON body
 * is read straight from the request stream and handed to Hono's own readers (c.req.text, c.req.json, the
 * validators) through the request's body cache: reaching it through `c.req.raw` would make the adapter
 * build a whole WHATWG Request and stream for every write, a quarter of a millisecond of CPU each. Any
 * other body (a form, a request not from the Node server) goes through `fallback`, Hono's bodyLimit.
 */
export function limitJsonBody(maxBytes: number, tooLarge: (c: Context) => Response, fallback: MiddlewareHandler): MiddlewareHandler {
  return async (c, next: Next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || mediaType(c) !== 'application/json') return fallback(c, next);
    if (Number(c.req.header('content-length') ?? 0) > maxBytes) return tooLarge(c);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of incoming as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) return tooLarge(c);
      chunks.push(chunk);
    }
    // Decoded as Request.text() decodes: UTF-8, a leading byte-order mark dropped, bad bytes replaced.
    const text = decoder.decode(Buffer.concat(chunks, size));
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    await next();
  };
}
