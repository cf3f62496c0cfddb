import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** A content coding the server can send, best first: brotli is the smallest, then gzip. */
export type Coding = 'br' | 'gzip' | 'identity';
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity'];

/**
 * The codings an Accept-Encoding header allows, in the server's order of preference (br, gzip,
 * identity). A coding the header does not name is refused unless `*` allows it; `q=0` refuses;
 * identity is always allowed, as a last resort, since every client can read it.
 */
export function acceptedCodings(header: string | undefined): Coding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const weight = params.find((p) => p.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  const weightOf = (coding: Coding) => q.get(coding) ?? q.get('*') ?? 0;
  return PREFERENCE.filter((coding) => coding === 'identity' || weightOf(coding) > 0);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this a compressed answer saves less than a packet. */
const MIN_BYTES = 1024;

/** The best coding the client accepts for a body of this size (identity for one too small to gain). */
export function chosenCoding(acceptEncoding: string | undefined, byteLength: number): Coding {
  if (byteLength < MIN_BYTES) return 'identity';
  return acceptedCodings(acceptEncoding)[0] ?? 'identity';
}

/**
 * An answer's body in the best coding the client accepts, compressed now (on libuv's thread pool, off
 * the event loop). The fastest settings: on JSON of this kind a low quality compresses nearly as well
 * as a higher one at a fraction of the time, and a repeated read is a 304 anyway, so only a first read
 * or one after a change pays for it.
 */
export async function compressAnswer(acceptEncoding: string | undefined, body: Uint8Array<ArrayBuffer>): Promise<{ body: Uint8Array<ArrayBuffer>; coding: Coding }> {
  const coding = chosenCoding(acceptEncoding, body.byteLength);
  if (coding === 'identity') return { body, coding };
  const packed =
    coding === 'br'
      ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : await gzipAsync(body, { level: 1 });
  return { body: new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength), coding };
}
