/**
 * Clients that hang up mid-request, against a real HTTP server: a closed tab or a cancelled upload is
 * logged as one short info line, never as a server error with a stack trace.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createTestApp } from '../../api/testing';

const ABORTS_PER_SHAPE = 40;

describe('aborted requests', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: ServerType;
  let port = 0;
  let token = '';
  let log: MockInstance<typeof console.log>;
  let error: MockInstance<typeof console.error>;
  const lines = () => log.mock.calls.map((args) => String(args[0]));
  /** What to do once the server has read a request's head, by the client's port. */
  const received = new Map<number, () => void>();

  beforeAll(async () => {
    log = vi.spyOn(console, 'log').mockImplementation(() => {});
    error = vi.spyOn(console, 'error').mockImplementation(() => {});
    t = await createTestApp({ config: { logLevel: 'info' } });
    token = (await t.signup('Leaver')).token;
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        port = info.port;
        resolve();
      });
    });
    (server as Server).on('request', (req: IncomingMessage) => received.get(req.socket.remotePort ?? -1)?.());
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
    log.mockRestore();
    error.mockRestore();
  });

  /** Sends the request head and part of the body, waits until the server has the request, then hangs up. */
  const abandon = (head: string, partialBody: string) =>
    new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        received.set(socket.localPort ?? 0, () => setTimeout(() => socket.destroy(), 5));
        socket.write(head + partialBody);
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });

  it('logs each abandoned JSON write and upload as one short info line (status 499), with no error and no stack', async () => {
    const json = '{"name":"Left half-way","slug":"left-';
    const jsonHead = (chunked: boolean) =>
      `POST /question-tracker/v2/sheet/create-sheet HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      (chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${json.length + 500}\r\n\r\n`);
    const part = '--b\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\nproblemUrl,solved\nhttps://leetcode.com/problems/two-sum/,true\n';
    const uploadHead = `POST /question-tracker/v1/user/uploader/progress HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${part.length + 5000}\r\n\r\n`;
    const before = lines().length;
    await Promise.all(
      Array.from({ length: ABORTS_PER_SHAPE }, () => [
        abandon(jsonHead(false), json),
        abandon(jsonHead(true), `${json.length.toString(16)}\r\n${json}\r\n`),
        abandon(uploadHead, part),
      ]).flat(),
    );
    const expected = 3 * ABORTS_PER_SHAPE;
    // The server notices each hang-up on its own schedule.
    await vi.waitFor(() => expect(lines().length - before).toBeGreaterThanOrEqual(expected), { timeout: 10_000, interval: 50 });
    await new Promise((r) => setTimeout(r, 200));
    const logged = lines().slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toHaveLength(expected);
    for (const line of logged) {
      expect(line).toMatchObject({ level: 'info', method: 'POST', status: 499, aborted: true });
      expect(line).not.toHaveProperty('stack');
      expect(JSON.stringify(line).length).toBeLessThan(300);
    }
    expect(logged.filter((l) => l.path === '/question-tracker/v1/user/uploader/progress')).toHaveLength(ABORTS_PER_SHAPE);
    expect(error).not.toHaveBeenCalled();
  });

  it('logs a request that was sent whole as before', async () => {
    const before = lines().length;
    const res = await fetch(`http://127.0.0.1:${port}/question-tracker/v2/sheet/create-sheet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Fine', slug: 'fine-sheet' }),
    });
    expect(res.status).toBe(201);
    const logged = lines().slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toEqual([expect.objectContaining({ level: 'info', status: 201 })]);
    expect(logged[0]).not.toHaveProperty('aborted');
  });
});
