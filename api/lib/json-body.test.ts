import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitJsonBody } from './json-body';
import { createTestApp } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const CREATE = '/question-tracker/v2/sheet/create-sheet';

interface Sent {
  status: number;
  body: string;
}

/**
 * Under the Node server a JSON body is read from the request stream itself (lib/json-body); every other
 * caller goes through Hono's own body reading. Both must give the same answer to the same request.
 */
describe('JSON bodies under the Node server', () => {
  let t: T;
  let server: ServerType;
  let port = 0;
  let token = '';

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signup('Body')).token;
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        resolve();
      });
    });
    port = (server.address() as AddressInfo).port || port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /**
   * Through a socket; `chunked` sends the body without a Content-Length, in pieces. A server that refuses
   * a body stops reading it, so the client may be cut off while still writing: the answer is what counts.
   */
  function overHttp(path: string, body: string, headers: Record<string, string>, chunked = false): Promise<Sent> {
    return new Promise((resolve, reject) => {
      let answered = false;
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { ...headers, ...(chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) }) } }, (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      });
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
      if (chunked) for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.slice(i, i + 64 * 1024));
      else req.write(body);
      req.end();
    });
  }

  async function inProcess(path: string, body: string, headers: Record<string, string>): Promise<Sent> {
    const res = await t.app.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers, body }));
    return { status: res.status, body: await res.text() };
  }

  /** The same request both ways: the answers' statuses and bodies, ids and dates aside. */
  async function both(body: string, { chunked = false, type = 'application/json' } = {}) {
    const headers = { 'content-type': type, authorization: `Bearer ${token}` };
    const strip = (s: Sent) => ({ status: s.status, body: s.body.replace(/"[0-9a-f-]{36}"/g, '"<id>"').replace(/"updatedAt":"[^"]+"/g, '"updatedAt":"<date>"') });
    const socket = await overHttp(CREATE, body, headers, chunked);
    const direct = await inProcess(CREATE, body, headers);
    return { socket: strip(socket), direct: strip(direct), raw: socket };
  }

  it('reads a JSON body from the socket, as Hono reads it', async () => {
    const body = JSON.stringify({ name: 'Read from the socket', slug: 'socket-read', description: 'ünïcode ✓', visibility: 'private' });
    const { socket, direct, raw } = await both(body);
    expect(socket.status).toBe(201);
    expect((JSON.parse(raw.body) as { data: { sheet: { description: string } } }).data.sheet.description).toBe('ünïcode ✓');
    // The second one meets the first one's slug: the same refusal either way.
    expect(direct.status).toBe(409);
    const again = await both(body);
    expect(again.socket).toEqual(again.direct);
  });

  it('gives the same answers to broken, hostile and oversized bodies', async () => {
    const cases: [string, { chunked?: boolean; type?: string }?][] = [
      ['{"name": "unterminated'],
      ['\uFEFF' + JSON.stringify({ name: 'With a byte-order mark', slug: 'bom-sheet', description: '' })],
      [JSON.stringify({ name: 'Nul \u0000 inside', slug: 'nul-sheet', description: '' })],
      [JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), slug: 'too-big', description: '' })],
      [JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), slug: 'too-big-chunked', description: '' }), { chunked: true }],
    ];
    const statuses: number[] = [];
    for (const [body, options] of cases) {
      const { socket, direct } = await both(body, options);
      // A created sheet is created once: the second request meets its slug.
      if (socket.status === 201) expect(direct.status).toBe(409);
      else expect(socket).toEqual(direct);
      statuses.push(socket.status);
    }
    expect(statuses).toEqual([400, 201, 400, 413, 413]);
    // A body that is not JSON is measured by Hono's bodyLimit, then refused for its type.
    const form = await overHttp(CREATE, 'name=form', { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` });
    expect(form.status).toBe(415);
  });

  it('hands the body to Hono already read under the Node server, and leaves other callers to Hono', async () => {
    const probe = new Hono();
    probe.use(limitJsonBody(64, (c) => c.text('too large', 413), bodyLimit({ maxSize: 64 })));
    // What Hono holds of the body before anything asks for it.
    probe.post('/', (c) => c.json({ held: Object.keys(c.req.bodyCache), json: c.req.json() instanceof Promise }));
    const own = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: probe.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const ownPort = (own.address() as AddressInfo).port;
      const viaSocket = await fetch(`http://127.0.0.1:${ownPort}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      expect(await viaSocket.json()).toEqual({ held: ['text'], json: true });
      const direct = await probe.fetch(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }));
      expect(await direct.json()).toEqual({ held: [], json: true });
      const big = await fetch(`http://127.0.0.1:${ownPort}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(100) }) });
      expect(big.status).toBe(413);
    } finally {
      await new Promise((resolve) => own.close(resolve));
    }
  });
});
