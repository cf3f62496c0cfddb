import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { createTestApp } from '../testing';
import { writePagePolicy } from './page-policy';
import { PRIVATE_NO_STORE, PRIVATE_REVALIDATE, SECURITY_HEADERS } from './security-headers';

type T = Awaited<ReturnType<typeof createTestApp>>;

/** What differs between two sends of one answer, or belongs to the transport rather than the answer. */
const APART = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length', 'transfer-encoding']);
const headerMap = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !APART.has(name)));

/**
 * Under the Node server the headers every answer carries go onto the socket's response (lib/default-headers),
 * where the answer's own headers take precedence; through app.fetch they go through the context. Both must
 * give every answer the same headers.
 */
describe('default headers under the Node server', () => {
  let t: T;
  let server: ServerType;
  let base = '';
  let token = '';
  let sheetId = '';

  const dashboard = mkdtempSync(join(tmpdir(), 'pt-headers-'));
  const origin = 'https://tracker.example';

  beforeAll(async () => {
    // A built dashboard: the page with an inline script of its own (so its own policy), and a hashed asset.
    const early = 'window.early = 1;';
    writeFileSync(join(dashboard, 'index.html'), `<!doctype html><html><head><script>${early}</script></head><body></body></html>`);
    writePagePolicy(dashboard, [early]);
    mkdirSync(join(dashboard, 'assets'));
    writeFileSync(join(dashboard, 'assets', 'index-abc123.js'), 'console.log("the dashboard");'.repeat(100));
    precompressDir(dashboard);
    t = await createTestApp({ config: { dashboardDir: dashboard, corsOrigins: [origin] } });
    token = (await t.signup('Headers')).token;
    sheetId = (await t.createSheet(token))._id;
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
    rmSync(dashboard, { recursive: true, force: true });
  });

  async function both(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    // fetch asks for gzip unless told otherwise; app.fetch is sent exactly what is given.
    const init = { method, headers: { 'accept-encoding': 'identity', ...(body !== undefined && { 'content-type': 'application/json' }), ...headers }, body };
    const socket = await fetch(`${base}${path}`, init);
    await socket.arrayBuffer();
    const direct = await t.app.fetch(new Request(`http://localhost${path}`, init));
    await direct.arrayBuffer();
    return { socket, direct };
  }

  it('gives every kind of answer the same headers over the socket as in-process', async () => {
    const signedIn = { authorization: `Bearer ${token}` };
    const cases: [string, string, Record<string, string>?, string?][] = [
      ['GET', '/question-tracker/v2/sheet/premium/get-all-sheets'],
      ['GET', `/question-tracker/v2/sheet/get-sheet-data/${sheetId}`, signedIn],
      ['PATCH', `/question-tracker/v2/sheet/update-sheet/${sheetId}`, signedIn, JSON.stringify({ name: 'Renamed', description: 'Still practice' })],
      ['PATCH', `/question-tracker/v2/sheet/update-sheet/${sheetId}`, {}, JSON.stringify({ name: 'Nobody' })],
      ['GET', '/question-tracker/v1/no-such-route', signedIn],
      ['POST', '/question-tracker/v2/sheet/create-sheet', signedIn, '{"name": "unterminated'],
      ['GET', '/question-tracker/v1/contests.ics'],
      // Cross-origin: the CORS middleware's own Vary, with the sheet answer's Accept-Encoding added to it.
      ['GET', `/question-tracker/v2/sheet/get-sheet-data/${sheetId}`, { ...signedIn, origin, 'accept-encoding': 'gzip' }],
      ['PATCH', `/question-tracker/v2/sheet/update-sheet/${sheetId}`, { ...signedIn, origin }, JSON.stringify({ description: 'From elsewhere' })],
      // The dashboard: the page's own policy, and a compressed asset kept for a year.
      ['GET', '/', { accept: 'text/html' }],
      ['GET', '/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' }],
      ['GET', '/assets/index-abc123.js'],
    ];
    for (const [method, path, headers, body] of cases) {
      const { socket, direct } = await both(method, path, headers, body);
      expect(socket.status, `${method} ${path}`).toBe(direct.status);
      expect(headerMap(socket.headers), `${method} ${path}`).toEqual(headerMap(direct.headers));
    }
    // What the cases above met, so that a change to the app cannot empty them unnoticed.
    const read = await both('GET', `/question-tracker/v2/sheet/get-sheet-data/${sheetId}`, { ...signedIn, origin, 'accept-encoding': 'gzip' });
    expect(read.socket.headers.get('vary')).toBe('Accept-Encoding, Origin');
    const asset = await both('GET', '/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(asset.socket.headers.get('content-encoding')).toBe('br');
    expect(asset.socket.headers.get('vary')).toBe('Origin, Accept-Encoding');
    const page = await both('GET', '/', { accept: 'text/html' });
    expect(page.socket.headers.get('content-security-policy')).toContain('sha256-');
  });

  it('sends the security headers, a request id and no-store, and lets a handler set its own', async () => {
    const write = await fetch(`${base}/question-tracker/v2/sheet/update-sheet/${sheetId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Again', description: 'Practice' }),
    });
    expect(write.status).toBe(200);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(write.headers.get(name), name).toBe(value);
    expect(write.headers.get('cache-control')).toBe(PRIVATE_NO_STORE);
    expect(write.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // The signed-in sheet read keeps its answer for revalidation: its own Cache-Control, once.
    const read = await fetch(`${base}/question-tracker/v2/sheet/get-sheet-data/${sheetId}`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'caller-chosen-id' } });
    expect(read.headers.get('cache-control')).toBe(PRIVATE_REVALIDATE);
    expect(read.headers.get('x-request-id')).toBe('caller-chosen-id');
  });
});
