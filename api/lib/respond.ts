import { createHash } from 'node:crypto';
import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { chosenCoding, compressAnswer } from './content-coding';
import { AppError, badRequest } from './errors';
import { varyAlso } from './default-headers';

/** A success envelope with an explicit status. */
export function ok<T, S extends 200 | 201>(c: Context, data: T, code: S, message = 'OK') {
  return c.json({ status: { code, success: true, error: null, message }, data }, code);
}

/**
 * Validates one part of the request with a shared zod schema; the first problem becomes a 400 message. A
 * problem with the `tooLarge` message, wherever it is among them, is a size limit: 413 with that message.
 */
export function valid<S extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: S, options: { tooLarge?: string } = {}) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      if (options.tooLarge !== undefined && result.error.issues.some((i) => i.message === options.tooLarge)) throw new AppError(413, 'PayloadTooLarge', options.tooLarge);
      const issue = result.error.issues[0];
      const where = issue && issue.path.length ? issue.path.join('.') : target;
      const message = issue?.message && !issue.message.startsWith('Invalid input') ? issue.message : `Invalid ${where}`;
      throw badRequest(message);
    }
  });
}


const encoder = new TextEncoder();
/** An empty run of an answer (no shared part). */
export const NO_BYTES = new Uint8Array(0);
const ENVELOPE = '{"status":{"code":200,"success":true,"error":null,"message":"OK"},"data":';

/**
 * A 200 answer ready to send: its body as three runs of bytes, and the weak ETag that names it. The middle
 * run may be shared by many answers (a sheet's question list, encoded once), so nothing writes into it.
 */
export interface EncodedAnswer {
  etag: string;
  head: Uint8Array<ArrayBuffer>;
  shared: Uint8Array<ArrayBuffer>;
  tail: Uint8Array<ArrayBuffer>;
}

/**
 * A 200 envelope around `head`, `shared` and `tail` (JSON text once joined), with a weak ETag derived from
 * `identity`, the caller's exact description of what the answer contains. The head may come in pieces, some
 * of them encoded already (a part kept as bytes is copied, not encoded again).
 */
export function encodeAnswer(identity: string, head: string | readonly (string | Uint8Array)[], shared: Uint8Array<ArrayBuffer> = NO_BYTES, tail = ''): EncodedAnswer {
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`;
  const headBytes =
    typeof head === 'string' ? encoder.encode(ENVELOPE + head) : Buffer.concat([encoder.encode(ENVELOPE), ...head.map((part) => (typeof part === 'string' ? encoder.encode(part) : part))]);
  return { etag, head: headBytes, shared, tail: encoder.encode(`${tail}}`) };
}

/** An answer's body in one piece, as the socket and the compressors take it. */
export function answerBody({ head, shared, tail }: Pick<EncodedAnswer, 'head' | 'shared' | 'tail'>): Uint8Array<ArrayBuffer> {
  return Buffer.concat([head, shared, tail], head.byteLength + shared.byteLength + tail.byteLength);
}

/**
 * The body as sent uncompressed: its runs written one after another, so a first read joins nothing and
 * leaves no joined copy behind for the collector (the shared run is only read).
 */
function bodyStream({ head, shared, tail }: EncodedAnswer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of [head, shared, tail]) if (part.byteLength) controller.enqueue(part);
      controller.close();
    },
  });
}

/**
 * Sends an encoded answer, or 304 without a body when If-None-Match names its ETag; compressed when the
 * client accepts it (so the answer varies by Accept-Encoding as well as by Origin). The caller types it as
 * the `OkAnswer` it encodes, so the RPC client sees the same shape as from `ok`.
 */
export async function sendAnswer(c: Context, answer: EncodedAnswer): Promise<Response> {
  varyAlso(c, 'Accept-Encoding');
  if (isCurrent(c.req.header('if-none-match'), answer.etag)) {
    return c.body(null, 304, { ETag: answer.etag });
  }
  const byteLength = answer.head.byteLength + answer.shared.byteLength + answer.tail.byteLength;
  const headers = { 'Content-Type': 'application/json', ETag: answer.etag };
  if (chosenCoding(c.req.header('accept-encoding'), byteLength) === 'identity') {
    return c.body(bodyStream(answer), 200, { ...headers, 'Content-Length': String(byteLength) });
  }
  const sent = await compressAnswer(c.req.header('accept-encoding'), answerBody(answer));
  return c.body(sent.body, 200, { ...headers, 'Content-Encoding': sent.coding });
}

/** What `ok(c, data, 200)` answers for data of type T. */
export type OkAnswer<T> = ReturnType<typeof ok<T, 200>>;

/** Whether an If-None-Match header names this ETag (weakly: with or without its W/ prefix). */
export function isCurrent(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === etag.slice(2));
}
