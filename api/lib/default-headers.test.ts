import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';
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

  beforeAll(async () => {
    t = await createTestApp();
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
  });

  async function both(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    const init = { method, headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers }, body };
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
    ];
    for (const [method, path, headers, body] of cases) {
      const { socket, direct } = await both(method, path, headers, body);
      expect(socket.status, `${method} ${path}`).toBe(direct.status);
      expect(headerMap(socket.headers), `${method} ${path}`).toEqual(headerMap(direct.headers));
    }
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
