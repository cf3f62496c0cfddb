/**
 * The real API server as a child process, for tests that must kill it (SIGKILL) or run two of them:
 * `node --import tsx api/server.ts` on a temporary PGlite directory, or on a PostgreSQL database created
 * for the test when TEST_DATABASE_URL is set. Every child still running is killed by `close()`, and by
 * the test process's own exit as a last resort.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import postgres from 'postgres';

const root = resolve(import.meta.dirname, '../..');
const READY = /Practice Tracker on http:\/\/localhost:(\d+)/;
const START_TIMEOUT_MS = 60_000;

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  pid: number;
  /** Whether the process is still running. */
  readonly running: boolean;
  /** SIGKILL now (no shutdown handlers run); resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown); resolves once the process is gone. */
  stop(): Promise<void>;
}

export interface ServerData {
  kind: 'pglite' | 'postgres';
  /** Starts one more server process on this data. */
  start(): Promise<ServerProcess>;
  /** Kills every process started on this data, then removes the directory or drops the database. */
  close(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

const runId = `${process.pid}-${Date.now().toString(36)}`;

async function launch(env: Record<string, string>, children: Set<ChildProcess>): Promise<ServerProcess> {
  // node with the tsx loader, not the tsx CLI: the CLI runs the server in a grandchild that SIGKILL would orphan.
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'false',
      SCRYPT_N: '1024',
      // Every test signs its users up from this machine's one address.
      SIGNUP_LIMIT_PER_ADDRESS: '10000',
      LOG_LEVEL: 'error',
      DASHBOARD_DIR: '/nonexistent',
      CORS_ORIGINS: '',
      // With TEST_REDIS_URL the servers count failed sign-ins in Redis, under this run's own prefix.
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `test:${runId}:`,
      // No background jobs: they would read the judges' real sites (contest lists at start-up).
      JOBS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  children.add(child);
  child.once('exit', () => {
    live.delete(child);
    children.delete(child);
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => {
    stderr += s;
  });

  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`The server did not start within ${START_TIMEOUT_MS} ms. ${stderr}`));
    }, START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = READY.exec(line);
      if (!match) return;
      clearTimeout(timer);
      done(Number(match[1]));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`The server exited before it was ready (${signal ?? `code ${code}`}): ${stderr.trim()}`));
    });
  });
  // Keep reading stdout so a chatty server never blocks on a full pipe.
  child.stdout.resume();

  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** Fresh data for server processes: a temporary PGlite directory, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
export async function createServerData(): Promise<ServerData> {
  const children = new Set<ChildProcess>();
  const killAll = async () => {
    const all = [...children];
    for (const child of all) child.kill('SIGKILL');
    await Promise.all(all.map(exited));
  };

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'pt-server-'));
    return {
      kind: 'pglite',
      start: () => launch({ DATA_DIR: dir, DATABASE_URL: '' }, children),
      async close() {
        await killAll();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return {
    kind: 'postgres',
    start: () => launch({ DATABASE_URL: target.toString() }, children),
    async close() {
      await killAll();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface HttpReply<T> {
  status: number;
  headers: Headers;
  body: { status: { code: number; success: boolean; error: string | null; message: string }; data: T } | null;
}

/** One JSON request to a server process; a connection cut by a kill rejects, like fetch. */
export async function request<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpReply<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as HttpReply<T>['body']) : null };
}
