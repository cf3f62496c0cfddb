import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { sql } from 'drizzle-orm';
import { hc } from 'hono/client';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createApp, type AppType } from './app';
import { testConfig, type Config } from './config';
import { openPglite, openPostgres, queryRows, type Database } from './db/client';
import type { ChangeFeed } from './db/change-feed';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mail';
import { postgresThrottle, redisThrottle } from './services/login-throttle';
import type { SheetLists } from './services/sheet-cache';

/**
 * A fresh database for one test file: in-memory PGlite (from the migrated files api/testing-setup.ts
 * made, when it ran), or a new PostgreSQL database (created and dropped here) when TEST_DATABASE_URL is set.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = inject('pgliteTemplate');
    return openPglite(null, template ? await openAsBlob(template) : undefined);
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 5);
  return {
    ...database,
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A second connection pool (and change feed) to the same PostgreSQL database, as a second API process
 * would have; null on PGlite, which is one connection in one process.
 */
export async function openSecondProcessDatabase(first: Database): Promise<Database | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const [row] = await queryRows<{ name: string }>(first.db, sql`select current_database() as name`);
  if (!row) throw new Error('current_database() answered nothing');
  const target = new URL(url);
  target.pathname = `/${row.name}`;
  return openPostgres(target.toString(), 2);
}

export const dbKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * An app through its own types (hono's client over app.fetch, as hono/testing's testClient is, plus the
 * wait for the change feed that `call` makes): paths, parameters, bodies and answers are checked by tsc.
 * A test app's `call` stays for what the types rule out on purpose: malformed bodies, wrong methods,
 * unknown paths.
 */
export function typedClient(app: AppType, changes: Pick<ChangeFeed, 'settle'>) {
  return hc<AppType>('http://localhost', {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      await changes.settle();
      return app.fetch(new Request(input, init));
    },
  });
}

/** An answer as the typed client hands it over: the status, the headers and the body as the route declares it. */
interface ClientAnswer<T> {
  status: number;
  headers: Headers;
  text(): Promise<string>;
  json(): Promise<T>;
}

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: { status: { code: number; success: boolean; error: string | null; message: string }; data: T };
}

/** A test app on a fresh database, with a small HTTP helper that always goes through app.fetch. */
export async function createTestApp(options: { config?: Partial<Config>; clock?: Clock; mailer?: Mailer; sheetLists?: SheetLists } = {}) {
  const database = await openTestDatabase();
  const config = testConfig({ dashboardDir: '/nonexistent', extensionDir: '/nonexistent', ...options.config });
  // TEST_REDIS_URL runs the suite with failed sign-ins counted in Redis, under a prefix of this app's own.
  const redisUrl = process.env.TEST_REDIS_URL;
  const throttle = redisUrl ? await redisThrottle(redisUrl, `test:${randomBytes(6).toString('hex')}:`) : postgresThrottle(database.db);
  const app = createApp({ db: database.db, config, clock: options.clock, changes: database.changes, throttle, mailer: options.mailer, sheetLists: options.sheetLists });

  async function call<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData || typeof opts.body === 'string') body = opts.body;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    // Tests also write straight to the database; on PostgreSQL the API hears of such writes a moment
    // later (db/change-feed), so each call first waits until everything committed so far has been heard.
    await database.changes.settle();
    const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as Reply<T>['body'] };
  }

  const api = typedClient(app, database.changes);
  /** The request options of a signed-in call: `api...$get(args, as(token))`. */
  const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  /** A typed call's answer, read whole: `(await reply(api...$post(...))).body.data` is the route's own type. */
  async function reply<R extends ClientAnswer<unknown>>(request: Promise<R>): Promise<{ status: number; headers: Headers; body: Awaited<ReturnType<R['json']>> }> {
    const res = await request;
    const text = await res.text();
    // A route with several answers (200 or 201, say) gives the union of their bodies.
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as Awaited<ReturnType<R['json']>> };
  }

  let n = 0;
  async function signup(name = 'Ada') {
    n++;
    const email = `${name.toLowerCase()}${n}-${randomBytes(3).toString('hex')}@example.com`;
    const res = await reply(api.auth.v1.signup.$post({ json: { email, password: 'correct horse battery', firstName: name } }));
    if (res.status !== 201) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
    return { ...res.body.data, email, password: 'correct horse battery' };
  }

  /** A new private sheet of this user's; its slug is the name's with a random tail, so names may repeat. */
  async function createSheet(token: string, name = `Sheet ${randomBytes(4).toString('hex')}`, description = 'Practice set') {
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${randomBytes(3).toString('hex')}`;
    const res = await reply(api['question-tracker'].v2.sheet['create-sheet'].$post({ json: { name, slug, description } }, as(token)));
    if (res.status !== 201) throw new Error(`create-sheet failed: ${JSON.stringify(res.body)}`);
    return res.body.data.sheet;
  }

  async function close() {
    await throttle.close();
    await database.close();
  }

  return { app, db: database.db, kind: database.kind, changes: database.changes, config, api, as, reply, call, signup, createSheet, close };
}
