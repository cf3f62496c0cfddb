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
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing && !outgoing.headersSent) outgoing.setHeader(name, value);
  else c.header(name, value);
}
