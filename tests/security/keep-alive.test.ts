/**
 * The API keeps an idle kept-alive connection open past the few seconds a client or proxy may leave it
 * idle before sending on it again: a server that closed it first would reset such a request unanswered.
 */
import { Agent, get } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerData, type ServerData, type ServerProcess } from './server-process';

/** One GET through `agent`: its status and the socket it went over. */
function getOver(agent: Agent, url: string): Promise<{ status: number; socket: Socket }> {
  return new Promise((done, fail) => {
    const req = get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0, socket: req.socket as Socket }));
    });
    req.on('error', fail);
  });
}

describe('idle kept-alive connections', () => {
  let data: ServerData;
  let server: ServerProcess;
  // A server process compiles and opens its database before it answers: on a busy machine that takes a while.
  beforeAll(async () => {
    data = await createServerData();
    server = await data.start();
  }, 180_000);
  afterAll(async () => {
    await data.close();
  });

  it('answers on the same connection after it sat idle longer than a default server keeps it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await getOver(agent, `${server.url}/healthz`);
      expect(first.status).toBe(200);
      // Node's default is 5 s: a connection closed by then would be gone from the agent's pool.
      await sleep(6_000);
      const second = await getOver(agent, `${server.url}/healthz`);
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
