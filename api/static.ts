import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from './lib/env';
import { acceptedCodings, type Coding } from './lib/content-coding';
import { varyAlso } from './lib/default-headers';
import { readPagePolicy } from './lib/page-policy';
import { contentSecurityPolicy } from './lib/security-headers';

/** Client-side routes of the dashboard: they all answer with index.html. */
const SPA_ROUTES = ['/', '/question-tracker', '/question-tracker/*', '/profile/*', '/account', '/reset-password', '/verify-email'];
/** The API's own paths under the dashboard's: an unknown one is a missing route (JSON 404), not a page. */
const API_PATH = /^\/question-tracker\/v\d+(\/|$)/;

/** Where the build writes each coding's copy of a file (scripts/precompress.ts). */
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz', identity: '' };

/** Vite's output names: a content hash before the extension, so a name never changes meaning. */
const HASHED = /-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;
/** One file directly under assets/: no dot first, no separator, not one of the compressed copies. */
const ASSET_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function readIfThere(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw err;
  }
}

/**
 * One built file in the best coding the request accepts of those written at build time
 * (scripts/precompress.ts writes `.br` and `.gz` copies beside each text file), or null when the file
 * is not there.
 */
async function builtFile(path: string, acceptEncoding: string | undefined): Promise<{ body: Buffer; coding: Coding } | null> {
  for (const coding of acceptedCodings(acceptEncoding)) {
    const body = await readIfThere(path + SUFFIX[coding]);
    if (body) return { body, coding };
  }
  return null;
}

/** A Buffer's bytes as the body type Hono takes; a file's Buffer is never backed by shared memory. */
const bytes = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/** Headers of a file answer; every one may differ by Accept-Encoding, so caches must key on it. */
function fileHeaders(c: Context, type: string, coding: Coding, length: number, cacheControl: string): void {
  c.header('Content-Type', type);
  c.header('Content-Length', String(length));
  if (coding !== 'identity') c.header('Content-Encoding', coding);
  varyAlso(c, 'Accept-Encoding');
  c.header('Cache-Control', cacheControl);
}

/** index.html with its policy and its compressed forms, worked out again only when the file changes. */
interface Page {
  /** The file's identity on disk when it was read: a rebuild changes it. */
  stamp: string;
  csp: string;
  bodies: Record<Coding, Buffer>;
}

const stampOf = (path: string) => {
  const st = statSync(path, { bigint: true });
  return `${st.ino}:${st.size}:${st.mtimeNs}`;
};

/** The page as built, its inline scripts allowed by the hashes the build wrote (lib/page-policy.ts). */
function loadPage(dir: string, stamp: string): Page {
  const { html: raw, scriptSources } = readPagePolicy(dir);
  return {
    stamp,
    csp: contentSecurityPolicy(scriptSources),
    bodies: {
      identity: raw,
      br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
      gzip: gzipSync(raw, { level: 9 }),
    },
  };
}

/**
 * Serves the built dashboard from `dir` on the same port as the API.
 *
 * Not @hono/node-server's serveStatic with `precompressed`: it matches Accept-Encoding tokens whole
 * (`br;q=1` gets no brotli) rather than by the weights content-coding.ts reads, has no per-name
 * Cache-Control, and the page itself is served from memory with the policy its build wrote.
 */
export function mountDashboard(app: Hono<AppEnv>, dir: string): void {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) return;
  const assets = join(dir, 'assets');
  // Read from disk on each request (the OS keeps them in its page cache), so a rebuild is served
  // without a restart; a hashed name always means the same bytes, so a browser keeps it for good.
  app.get('/assets/:name', async (c, next) => {
    const name = c.req.param('name');
    if (!ASSET_NAME.test(name) || /\.(br|gz)$/.test(name)) return next();
    const file = await builtFile(join(assets, name), c.req.header('accept-encoding'));
    if (!file) return next();
    fileHeaders(c, getMimeType(name) ?? 'application/octet-stream', file.coding, file.body.byteLength, HASHED.test(name) ? IMMUTABLE : 'no-cache');
    return c.body(bytes(file.body), 200);
  });
  app.get('/favicon.svg', async (c, next) => {
    const file = await builtFile(join(dir, 'favicon.svg'), c.req.header('accept-encoding'));
    if (!file) return next();
    fileHeaders(c, 'image/svg+xml', file.coding, file.body.byteLength, 'no-cache');
    return c.body(bytes(file.body), 200);
  });
  // Read now, so that a page without its policy stops the server at start rather than being served
  // with a policy that blocks its own script.
  let page = loadPage(dir, stampOf(indexPath));
  const servePage = (c: Context, status: 200 | 404) => {
    // A rebuild is served without a restart: only the file's stat is looked at on each request. Until
    // the rebuilt page's policy is there too, this throws (an error answer), and the next request tries again.
    const stamp = stampOf(indexPath);
    if (stamp !== page.stamp) page = loadPage(dir, stamp);
    const coding = acceptedCodings(c.req.header('accept-encoding'))[0] ?? 'identity';
    const body = page.bodies[coding];
    // Never immutable: its name stays while the files it names change with each build.
    fileHeaders(c, 'text/html; charset=UTF-8', coding, body.byteLength, 'no-cache');
    c.header('Content-Security-Policy', page.csp);
    return c.body(bytes(body), status);
  };
  for (const route of SPA_ROUTES) {
    app.get(route, (c) => (API_PATH.test(c.req.path) ? c.notFound() : servePage(c, 200)));
  }
  // Registered after every route: only an address nothing else answers reaches it.
  app.get('*', (c) => (isPageNavigation(c.req.path, c.req.header('accept')) ? servePage(c, 404) : c.notFound()));
}

/** API prefixes and files: an unknown one is always the JSON 404, never the page. */
const NOT_A_PAGE = /^\/(auth|healthz|assets|downloads|question-tracker\/v\d+)(\/|$)|\.[a-z0-9]+$/i;

/**
 * Whether a request for an unknown address is a person's browser opening it: it asks for HTML and the
 * path is not the API's. The dashboard then draws its 'Oops! Something Went Wrong' screen (status 404).
 */
function isPageNavigation(path: string, accept: string | undefined): boolean {
  return (accept ?? '').includes('text/html') && !NOT_A_PAGE.test(path);
}
