/**
 * The API as the benchmark serves it, in its own process: the real app (createApp) on the seeded
 * database, plus one route that exists only here — /__bench/limit answers the sheet response
 * precomputed at start (same bytes, same ETag, 304 on a matching If-None-Match) without any work,
 * which is the most this process and machine can serve for a response of that size.
 *
 * /__bench/inflight says how many requests are being answered, so a run can wait for the last one.
 * /__bench/update is the write path's limit: a bare single-row UPDATE (bench/scale-data.ts).
 * /__bench/record/:user/:question is a tick's own database write as a mark makes it (records.markRecord:
 * the record, its review card and the triggers, written with the ticks that arrive meanwhile) without the
 * request around it, so step 12 can tell what the database costs a tick from what the API adds.
 * /__bench/memory is the process's resident memory and heap, and the CPU time it has used (cpuMs).
 *
 * Env: DATA_DIR or DATABASE_URL, BENCH_SHEET_SLUG, BENCH_TOKEN, optional BENCH_PORT (0 = any) and
 * BENCH_SCRYPT_N (the password hashing cost, 1024 unless given).
 * Prints one line `BENCH_READY {"port":…,"bytes":…,"etag":…}` when listening.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import type { AppType } from '../api/app';
import { loadConfig } from '../api/config';
import { systemClock } from '../api/lib/clock';
import { startServer } from '../api/serve';
import { markRecord } from '../api/services/records';

const env = process.env;
const config = loadConfig({
  ...env,
  HOST: '127.0.0.1',
  PORT: env.BENCH_PORT ?? '0',
  SEED: 'false',
  // Cheap unless a step measures hashing at the production cost (step 10).
  SCRYPT_N: env.BENCH_SCRYPT_N ?? '1024',
  // Per-request info logs would measure the terminal, not the API.
  LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'error',
  DASHBOARD_DIR: env.DASHBOARD_DIR ?? 'dist/dashboard',
});
// The real server start-up, with the benchmark's own routes in front of the app (see wrap below).
let ready: (app: AppType) => void;
const appReady = new Promise<AppType>((resolve) => (ready = resolve));
// Ready once listening and the sheet response is precomputed, whichever comes last.
let listeningOn: number | null = null;
let precomputed: { bytes: number; etag: string } | null = null;
const announce = () => {
  if (listeningOn !== null && precomputed) console.log(`BENCH_READY ${JSON.stringify({ port: listeningOn, ...precomputed })}`);
};
const served = await startServer({
  config,
  wrap: (app) => {
    ready(app);
    return (request, env) => benchFetch(app, request, env);
  },
  onListening: ({ port }) => {
    listeningOn = port;
    announce();
  },
});
const app = await appReady;

const slug = env.BENCH_SHEET_SLUG ?? '';
const res = await app.request(`/question-tracker/v2/sheet/get-sheet-data-by-slug/${slug}`, { headers: { authorization: `Bearer ${env.BENCH_TOKEN ?? ''}` } });
if (res.status !== 200) {
  console.error(`precomputing the sheet response failed: ${res.status} ${await res.text()}`);
  process.exit(1);
}
const body = new Uint8Array(await res.arrayBuffer());
const etag = res.headers.get('etag') ?? '"bench"';
// The same headers the app sends (security headers, Vary, content type, ETag), but the request id,
// which the app makes anew for each request: the limit answers the very same bytes, precomputed.
const headers = Object.fromEntries([...res.headers.entries()].filter(([name]) => name !== 'x-request-id' && name !== 'content-length'));

const notModifiedHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type'));

// The benchmark's own routes. Everything else goes straight to the real app, exactly as api/server.ts
// serves it (app.fetch), with no router of the benchmark's in front of it.
const bench = new Hono();
// Requests still being answered (a load run that ends leaves its last requests running): the
// benchmark waits for zero before the next run, so one run's backlog never weighs on the next.
let inflight = 0;
bench.get('/__bench/inflight', (c) => c.json({ inflight }));
bench.get('/__bench/memory', (c) => {
  const cpu = process.cpuUsage();
  return c.json({ ...process.memoryUsage(), cpuMs: (cpu.user + cpu.system) / 1000 }, 200);
});
// A CPU profile of one stretch of a run (BENCH_PROFILE, bench/scale-data.ts), written where the caller says.
const inspector = new Session();
inspector.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) => inspector.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
bench.post('/__bench/profile/start', async (c) => {
  await post('Profiler.enable');
  // Every 100 µs rather than V8's default 1 ms: a write costs well under a millisecond.
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  return c.json({ ok: true });
});
bench.post('/__bench/profile/stop', async (c) => {
  const { profile } = (await post('Profiler.stop')) as { profile: object };
  const file = c.req.query('file') ?? 'bench.cpuprofile';
  writeFileSync(file, JSON.stringify(profile));
  return c.json({ file });
});
// The write path's limit: one bare single-row UPDATE through the app's own driver and pool, on a table
// of the scale steps (bench/scale-data.ts), each request another row; prepared, as the app's hot writes are.
let nextRow = 0;
const rowCount = Number(env.BENCH_UPDATE_ROWS ?? 1000);
const benchRows = pgTable('bench_rows', { id: integer('id').primaryKey(), n: integer('n').notNull() });
const bareUpdate = served.database.db
  .update(benchRows)
  .set({ n: sql`${benchRows.n} + 1` })
  .where(eq(benchRows.id, sql.placeholder('id')))
  .prepare('bench_update');
bench.post('/__bench/update', async (c) => {
  const id = nextRow++ % rowCount;
  await bareUpdate.execute({ id });
  return c.json({ id }, 200);
});
bench.post('/__bench/record/:user/:question', async (c) => {
  const checked = c.req.query('checked') === '1';
  const row = await markRecord(served.database.db, systemClock, c.req.param('user'), c.req.param('question'), { checked, ...(checked && { starred: c.req.query('starred') === '1' }) });
  return c.json({ id: row.id }, 200);
});
bench.get('/__bench/limit', (c) => {
  const inm = c.req.header('if-none-match');
  if (inm && inm.split(',').some((t) => t.trim() === etag)) return c.body(null, 304, notModifiedHeaders);
  return c.body(body, 200, headers);
});

const BENCH_PATH = /^https?:\/\/[^/]+\/__bench\//;
async function benchFetch(target: AppType, request: Request, env: unknown): Promise<Response> {
  const own = BENCH_PATH.test(request.url);
  // Asking how many are in flight is not itself one of them.
  if (own && request.url.endsWith('/__bench/inflight')) return bench.fetch(request, env);
  inflight++;
  try {
    return await (own ? bench.fetch(request, env) : target.fetch(request, env));
  } finally {
    inflight--;
  }
}

precomputed = { bytes: body.byteLength, etag };
announce();
