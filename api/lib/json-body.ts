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
    const read = await readWhole(incoming, maxBytes);
    if (read === null) return tooLarge(c);
    // Decoded as Request.text() decodes: UTF-8, a leading byte-order mark dropped, bad bytes replaced.
    const text = decoder.decode(read);
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    await next();
  };
}

/**
 * The request's whole body, or null past `maxBytes` (then the rest is left unread). Read by its events
 * rather than `for await`: an async iterator costs a stream wrapper and a promise per chunk, a tenth of a
 * small write's time in this process.
 */
function readWhole(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        finish();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      finish();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      finish();
      reject(err);
    };
    // A request cut off mid-body ends with 'aborted' and 'close' but no 'end'.
    const onClose = () => {
      finish();
      reject(new Error('The request was closed before its body arrived'));
    };
    function finish() {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      incoming.pause();
    }
    if (incoming.readableEnded) {
      resolve(Buffer.alloc(0));
      return;
    }
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
