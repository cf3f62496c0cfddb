/**
 * Steps 2 and 3: the sheet GET under load (autocannon, programmatic) against the server in its child
 * process, beside the same process answering the precomputed response of the same size (the limit),
 * both for the full answer (200) and for a revalidation (If-None-Match, 304).
 */
import autocannon from 'autocannon';
import { detail, drain, inflight, record, type ServerInfo } from './lib';

export interface LoadOptions {
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  /**
   * Requests the server answered per second: those completed during the run plus those still open
   * when it ended (answered while draining), over the run plus the drain. When latency is longer than
   * the run (PGlite at 50 connections), completed/duration alone would read near zero.
   */
  rps: number;
  /** Responses autocannon received within the run, per second of the run. */
  completedRps: number;
  drainMs: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  bytesPerSec: number;
}

export async function runLoad(url: string, opts: LoadOptions, server?: ServerInfo): Promise<LoadResult> {
  const result = await autocannon({ url, connections: opts.connections, duration: opts.duration, headers: opts.headers ?? {}, timeout: 60 });
  const open = server ? await inflight(server).catch(() => 0) : 0;
  const drainMs = server ? await drain(server) : 0;
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = (stat as { count: number }).count;
  const seconds = result.duration || opts.duration;
  return {
    rps: (result.requests.total + open) / (seconds + drainMs / 1000),
    completedRps: result.requests.total / seconds,
    drainMs,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
    bytesPerSec: result.throughput.average,
  };
}

const describe = (r: LoadResult) =>
  `p50 ${r.p50} ms, p99 ${r.p99} ms, status ${
    Object.entries(r.statuses)
      .map(([k, v]) => `${k}×${v}`)
      .join(' ') || 'none within the run'
  }${r.errors ? `, ${r.errors} errors/timeouts` : ''}${r.drainMs > 1000 ? `; ${(r.drainMs / 1000).toFixed(1)} s to answer the requests still open at the end (${r.completedRps.toFixed(1)} req/s completed within the run)` : ''}`;

export interface SheetLoadFigures {
  limit: LoadResult;
  sheet: LoadResult;
  limit304: LoadResult;
  sheet304: LoadResult;
}

export async function sheetLoad(dbLabel: 'PGlite' | 'PostgreSQL', server: ServerInfo, slug: string, token: string, opts: { connections: number; duration: number; warmup: number }) {
  const auth = { authorization: `Bearer ${token}` };
  const revalidate = { ...auth, 'if-none-match': server.etag };
  const sheetUrl = `${server.url}/question-tracker/v2/sheet/get-sheet-data-by-slug/${slug}`;
  const limitUrl = `${server.url}/__bench/limit`;
  const kb = (server.bytes / 1000).toFixed(0);
  detail(`server pid ${server.pid} on ${server.url}; sheet response ${kb} kB; ${opts.connections} connections × ${opts.duration} s each`);

  // Warm both routes (JIT, plan caches, connection pool) before measuring.
  for (const [url, headers] of [[limitUrl, auth], [sheetUrl, auth]] as const) await runLoad(url, { connections: 10, duration: opts.warmup, headers }, server);

  // Each run waits for the server to answer its open requests, so one run's backlog never weighs on the next.
  const run = (url: string, headers: Record<string, string>) => runLoad(url, { connections: opts.connections, duration: opts.duration, headers }, server);
  const limit = await run(limitUrl, auth);
  record('2', `${dbLabel}: limit — precomputed ${kb} kB response`, limit.rps, 'req/s', undefined, describe(limit));
  const sheet = await run(sheetUrl, auth);
  // Only the expected status counts (the precomputed answer at start proved the route answers it).
  const only = (r: LoadResult, code: string) => r.rps > 0 && Object.keys(r.statuses).every((k) => k === code);
  const ok = only(sheet, '200');
  record('2', `${dbLabel}: sheet GET, 455 questions`, sheet.rps, 'req/s', undefined, describe(sheet));
  const ratio = limit.rps ? (100 * sheet.rps) / limit.rps : NaN;
  const goal = dbLabel === 'PostgreSQL' ? 50 : 25;
  record('2', `${dbLabel}: sheet GET / limit`, ok ? ratio : null, '%', { op: '>=', limit: goal, label: `≥ ${goal}%` });
  record('2', `${dbLabel}: sheet GET p99 at ${opts.connections} connections`, sheet.statuses['200'] ? sheet.p99 : null, 'ms', dbLabel === 'PostgreSQL' ? { op: '<', limit: 100, label: '< 100 ms' } : undefined, `p50 ${sheet.p50} ms`);

  const limit304 = await run(limitUrl, revalidate);
  record('3', `${dbLabel}: limit — precomputed 304`, limit304.rps, 'req/s', undefined, describe(limit304));
  const sheet304 = await run(sheetUrl, revalidate);
  const revalidated = only(sheet304, '304');
  record('3', `${dbLabel}: sheet GET with If-None-Match (304)`, sheet304.rps, 'req/s', undefined, describe(sheet304));
  record(
    '3',
    `${dbLabel}: 304 revalidation / limit (precomputed 304)`,
    revalidated && limit304.rps ? (100 * sheet304.rps) / limit304.rps : null,
    '%',
    { op: '>=', limit: 80, label: '≥ 80%' },
    `${limit.rps ? ((100 * sheet304.rps) / limit.rps).toFixed(1) : '?'}% of the 200 limit; ${sheet.rps ? (sheet304.rps / sheet.rps).toFixed(2) : '?'}× the full GET's rate`,
  );
  return { limit, sheet, limit304, sheet304 } satisfies SheetLoadFigures;
}
