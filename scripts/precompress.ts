/**
 * Brotli and gzip copies of the built dashboard's text files, written next to each one (`x.js.br`,
 * `x.js.gz`), so the server sends compressed bytes without compressing on the request path
 * (api/static.ts). Compressed once at build time, at the strongest settings: a build is rare and
 * every first visit pays for each byte on the wire.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Files worth compressing: text formats (images and fonts are compressed formats already). Not
 * index.html: the server reads it on each request, to follow a rebuild, and compresses it itself.
 */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|map|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

interface Precompressed {
  file: string;
  raw: number;
  br: number;
  gzip: number;
}

function compressOne(path: string, file: string): Precompressed | null {
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  // A copy that is not smaller would only cost the reader a decompression.
  const out = { file, raw: raw.byteLength, br: 0, gzip: 0 };
  if (br.byteLength < raw.byteLength) {
    writeFileSync(`${path}.br`, br);
    out.br = br.byteLength;
  }
  if (gz.byteLength < raw.byteLength) {
    writeFileSync(`${path}.gz`, gz);
    out.gzip = gz.byteLength;
  }
  return out.br || out.gzip ? out : null;
}

/** Writes the compressed copies for every compressible file under `dir` (recursively). */
export function precompressDir(dir: string, under = ''): Precompressed[] {
  const done: Precompressed[] = [];
  for (const name of readdirSync(join(dir, under))) {
    const file = under ? `${under}/${name}` : name;
    const path = join(dir, file);
    const st = statSync(path);
    if (st.isDirectory()) done.push(...precompressDir(dir, file));
    else if (COMPRESSIBLE.test(name) && st.size >= MIN_BYTES) {
      const one = compressOne(path, file);
      if (one) done.push(one);
    }
  }
  return done;
}
