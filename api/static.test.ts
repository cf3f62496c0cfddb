import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../scripts/precompress';
import { writePagePolicy } from './lib/page-policy';
import { mountDashboard } from './static';
import { createTestApp } from './testing';

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
const page = (code: string, more = '') =>
  `<!doctype html><html><head><script type="module" src="/assets/index.js"></script><script data-src="/assets/a.js">${code}</script >${more}</head><body></body></html>`;
const scriptSrc = (csp: string | null) => / ?script-src ([^;]*)/.exec(csp ?? '')?.[1];
/** A built page: index.html and the policy the build writes beside it. */
const writePage = (dir: string, html: string, scripts: string[]) => {
  writeFileSync(join(dir, 'index.html'), html);
  writePagePolicy(dir, scripts);
};

describe('the dashboard page', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-dashboard-'));
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    writePage(dir, page('(() => { window.early = 1; })();'), ['(() => { window.early = 1; })();']);
    t = await createTestApp({ config: { dashboardDir: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers an unknown path under the API's prefixes with the JSON 404, not the page", async () => {
    for (const path of ['/question-tracker/v1/nope', '/question-tracker/v2/sheet/no-such-route', '/question-tracker/v1', '/auth/v1/nope']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(((await res.json()) as { status: { error: string } }).status.error).toBe('NotFoundError');
    }
    // The dashboard's own pages under the same prefix still are pages.
    expect((await t.app.request('/question-tracker/v1-notes')).status).toBe(200);
    expect((await t.app.request('/question-tracker/sheet/v1')).status).toBe(200);
  });

  it('answers an unknown address with the page (status 404) when a browser opens it, and with the JSON 404 otherwise', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const path of ['/foo', '/foo/bar', '/settings', '/question-tracker-old']) {
      const res = await t.app.request(path, { headers: browser });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(await res.text(), path).toContain('window.early = 1');
      expect(res.headers.get('content-security-policy'), path).toContain('sha256-');
    }
    // A client that does not ask for HTML, an API path and a missing file stay the JSON 404, even from a browser.
    const cases: [string, Record<string, string>][] = [
      ['/foo', {}],
      ['/foo', { accept: 'application/json' }],
      ['/auth/v1/nope', browser],
      ['/question-tracker/v1/nope', browser],
      ['/healthz/nope', browser],
      ['/assets/missing.js', browser],
      ['/robots.txt', browser],
    ];
    for (const [path, headers] of cases) {
      const res = await t.app.request(path, { headers });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), `${path} ${JSON.stringify(headers)}`).toMatch(/application\/json/);
    }
  });

  it('lets its own inline script run, by hash, and no other', async () => {
    const res = await t.app.request('/question-tracker/sheet/blind-75');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('window.early = 1');
    expect(scriptSrc(res.headers.get('content-security-policy'))).toBe(`'self' ${sha256('(() => { window.early = 1; })();')}`);
    // The rest of the policy is the API's own.
    const api = (await t.app.request('/healthz')).headers.get('content-security-policy');
    expect(scriptSrc(api)).toBe("'self'");
    expect(res.headers.get('content-security-policy')?.replace(/ 'sha256-[^']+'/, '')).toBe(api);
  });

  it('follows a rebuilt page without a restart, each inline script by the hash its build wrote, line breaks as a browser reads them', async () => {
    const html = page('window.rebuilt = 2;\r\nwindow.lines = 2;', '<script>window.second = 3;</script>');
    // Until the rebuilt page's policy is written, the page is not served with the old one.
    writeFileSync(join(dir, 'index.html'), html);
    expect((await t.app.request('/question-tracker')).status).toBe(500);
    writePage(dir, html, ['window.rebuilt = 2;\r\nwindow.lines = 2;', 'window.second = 3;']);
    const res = await t.app.request('/question-tracker');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(html);
    expect(scriptSrc(res.headers.get('content-security-policy'))).toBe(`'self' ${sha256('window.rebuilt = 2;\nwindow.lines = 2;')} ${sha256('window.second = 3;')}`);
  });

  it('refuses to start on a page without its policy, or with the policy of another page', () => {
    const bare = mkdtempSync(join(tmpdir(), 'pt-bare-'));
    try {
      writeFileSync(join(bare, 'index.html'), page('window.early = 1;'));
      expect(() => mountDashboard(new Hono(), bare)).toThrow(/index\.csp\.json/);
      writePagePolicy(bare, ['window.early = 1;']);
      writeFileSync(join(bare, 'index.html'), page('window.early = 2;'));
      expect(() => mountDashboard(new Hono(), bare)).toThrow(/written for another index\.html/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('the dashboard on the wire', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-wire-'));
  // Big and repetitive enough that both compressed copies are written and much smaller.
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
  const html = page('window.early = 1;', `<link rel="stylesheet" href="/assets/index-Ab3_x-9Z.css">${'<meta name="filler" content="x">'.repeat(60)}`);
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = (path: string, acceptEncoding?: string, method = 'GET') => t.app.request(path, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
  const bodyOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writePage(dir, html, ['window.early = 1;']);
    writeFileSync(join(dir, 'assets', 'sheet-page-Ab3_x-9Z.js'), script);
    writeFileSync(join(dir, 'assets', 'index-Ab3_x-9Z.css'), `.row{color:red}\n`.repeat(200));
    // Too small to be worth compressing: served as it is whatever the request accepts.
    writeFileSync(join(dir, 'assets', 'tiny-Zz9_x-1A.js'), 'export {};\n');
    writeFileSync(join(dir, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    const written = precompressDir(dir);
    expect(written.map((f) => f.file).sort()).toEqual(['assets/index-Ab3_x-9Z.css', 'assets/sheet-page-Ab3_x-9Z.js', 'favicon.svg']);
    t = await createTestApp({ config: { dashboardDir: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('picks brotli, then gzip, then the file as it is, by Accept-Encoding', async () => {
    const path = '/assets/sheet-page-Ab3_x-9Z.js';
    for (const [accept, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.1, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'br'],
      ['*;q=0, gzip', 'gzip'],
      ['deflate', null],
      ['br;q=0, gzip;q=0', null],
      [undefined, null],
      ['', null],
    ] as const) {
      const res = await get(path, accept);
      const body = await bodyOf(res);
      const label = accept ?? '(none)';
      expect(res.status, label).toBe(200);
      expect(res.headers.get('content-encoding'), label).toBe(coding);
      expect(res.headers.get('content-type'), label).toMatch(/^text\/javascript/);
      expect(res.headers.get('vary'), label).toMatch(/\bAccept-Encoding\b/);
      expect(Number(res.headers.get('content-length')), label).toBe(body.byteLength);
      const text = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
      expect(text.toString('utf8'), label).toBe(script);
      if (coding) expect(body.byteLength, label).toBeLessThan(script.length / 3);
    }
  });

  it('keeps a hashed file for a year as immutable, and the page and unhashed files never', async () => {
    for (const path of ['/assets/sheet-page-Ab3_x-9Z.js', '/assets/index-Ab3_x-9Z.css', '/assets/tiny-Zz9_x-1A.js']) {
      expect((await get(path, 'br')).headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
    }
    for (const path of ['/', '/question-tracker/sheet/blind-75', '/favicon.svg']) {
      const cache = (await get(path, 'br')).headers.get('cache-control') ?? '';
      expect(cache, path).not.toMatch(/immutable|max-age=[1-9]/);
      expect(cache, path).toBe('no-cache');
    }
  });

  it('sends the page compressed, with its policy, and the right types of the rest', async () => {
    const br = await get('/question-tracker', 'gzip, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(br.headers.get('vary')).toMatch(/\bAccept-Encoding\b/);
    const body = await bodyOf(br);
    expect(Number(br.headers.get('content-length'))).toBe(body.byteLength);
    expect(brotliDecompressSync(body).toString('utf8')).toBe(html);
    expect(scriptSrc(br.headers.get('content-security-policy'))).toBe(`'self' ${sha256('window.early = 1;')}`);
    const gz = await get('/question-tracker', 'gzip');
    expect(gunzipSync(await bodyOf(gz)).toString('utf8')).toBe(html);
    const plain = await get('/question-tracker');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);

    const css = await get('/assets/index-Ab3_x-9Z.css', 'gzip');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('content-encoding')).toBe('gzip');
    const svg = await get('/favicon.svg', 'br');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-encoding')).toBe('br');
    const tiny = await get('/assets/tiny-Zz9_x-1A.js', 'br, gzip');
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(tiny.headers.get('vary')).toMatch(/\bAccept-Encoding\b/);
    expect(await tiny.text()).toBe('export {};\n');
  });

  it('answers HEAD with the length of what GET would send, and no body', async () => {
    const head = await get('/assets/sheet-page-Ab3_x-9Z.js', 'br', 'HEAD');
    const full = await get('/assets/sheet-page-Ab3_x-9Z.js', 'br');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves nothing but the built files themselves', async () => {
    for (const path of ['/assets/missing-Ab3_x-9Z.js', '/assets/sheet-page-Ab3_x-9Z.js.br', '/assets/sheet-page-Ab3_x-9Z.js.gz', '/assets/..%2Findex.html', '/assets/.hidden', '/assets/%2e%2e/index.html', '/assets/']) {
      const res = await get(path, 'br, gzip');
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-encoding'), path).toBeNull();
    }
  });

  it('falls back to gzip or the file itself when a brotli copy is missing', async () => {
    rmSync(join(dir, 'assets', 'sheet-page-Ab3_x-9Z.js.br'));
    const res = await get('/assets/sheet-page-Ab3_x-9Z.js', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bodyOf(res)).toString('utf8')).toBe(script);
    expect((await get('/assets/sheet-page-Ab3_x-9Z.js', 'br')).headers.get('content-encoding')).toBeNull();
  });
});
