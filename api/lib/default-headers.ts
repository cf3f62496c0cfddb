import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * Sets a header that the answer carries unless its handler sets one of the same name (`c.header` wins).
 *
 * Under the Node server it goes straight onto the response that the socket writes, and Node merges it with
 * the answer's own headers as it writes them. Through `c.header` it would go into a WHATWG Headers object,
 * which checks each value as it is set and is sorted and copied again when the answer is written: about a
 * microsecond a header, and every answer carries a dozen of these.
 */
export function defaultHeader(c: Context, name: string, value: string): void {
  defaultHeaders(c, [[name, value]]);
}

/** defaultHeader for several headers, the response looked up once. */
export function defaultHeaders(c: Context, headers: Iterable<readonly [string, string]>): void {
  const outgoing = nodeResponse(c);
  for (const [name, value] of headers) {
    if (outgoing) outgoing.setHeader(name, value);
    else c.header(name, value);
  }
}

/**
 * Adds to the answer's Vary, wherever it was set: as a default (above), or by the handlers before (the
 * cross-origin middleware's).
 */
export function varyAlso(c: Context, value: string): void {
  const outgoing = nodeResponse(c);
  const base = outgoing?.getHeader('vary');
  if (outgoing && typeof base === 'string') outgoing.setHeader('Vary', `${base}, ${value}`);
  else c.header('Vary', value, { append: true });
}

function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && !outgoing.headersSent ? outgoing : undefined;
}
