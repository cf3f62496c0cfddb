/**
 * Steps 11–14: the product with a hundred times today's data.
 *
 * Sizes, on top of step 1's data set: 1× = 1,000 users, 300 sheets of 50 questions and 100,000 workspace
 * records; 10× and 100× multiply all three. 1× and 10× run on PGlite and PostgreSQL, one database grown in
 * place; 100× (`--scale 100`) runs on PostgreSQL only, in a database kept between runs because its seed
 * takes minutes. PGlite stops at 10×: one process cannot serve a deployment of that size. Seeding is
 * set-based SQL (bench/scale-seed.ts), so rows never cross the wire.
 *
 * - 11 cold sheet reads: each request a different signed-in viewer, beside step 2's limit; on PostgreSQL
 *   again after each viewer's tick, through two API processes at once.
 * - 12 writes from 50 connections, each by a different user who has read the sheet (ticks, note saves,
 *   reorders with the version read), each beside a bare single-row UPDATE run just before and just after
 *   it, and a tick's own record write without the request around it: the most a mark could reach.
 * - 13 step 4's server-time figures for the big user at each size, and their growth from 1×.
 * - 14 an API process's resident memory after every viewer of a size read the sheet.
 */
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openPglite, openPostgres, queryRows, type Database } from '../api/db/client';
import type { Db } from '../api/db/client';
import { ADMIN_URL, createPgDatabase, pgliteDir } from './databases';
import { detail, errorText, heading, record, skip, startServer, type ServerInfo } from './lib';
import { growScale, RECORDS_PER_USER, scaleSize, viewerToken, type ScaleSize } from './scale-seed';
import { benchApp, seedBench, type BenchData } from './seed';
import { measureServerTime, type ServerTimeResult } from './server-time';
import { describe, memoryOf, only, varied, type Call, type Varied } from './varied-load';

/** The kept 100× database: dropped only by hand (`drop database bench_scale_100`). */
const KEPT_100 = 'bench_scale_100';

/**
 * BENCH_PROFILE=cold|mark|note|reorder|bare, or several with commas (with BENCH_PROFILE_DIR, default /tmp): a CPU
 * profile of server A during that load, e.g. "PostgreSQL 10× note" → /tmp/PostgreSQL-10x-note.cpuprofile, for
 * Chrome's DevTools ('bare' is the last bare UPDATE load of a size).
 */
async function profiled<T>(server: ServerInfo, name: string, run: () => Promise<T>): Promise<T> {
  const wanted = process.env.BENCH_PROFILE;
  if (!wanted?.split(',').some((w) => name.endsWith(` ${w}`))) return run();
  await fetch(`${server.url}/__bench/profile/start`, { method: 'POST' });
  const result = await run();
  const file = `${process.env.BENCH_PROFILE_DIR ?? '/tmp'}/${name.replace(/×/g, 'x').replace(/\s+/g, '-')}.cpuprofile`;
  await fetch(`${server.url}/__bench/profile/stop?file=${encodeURIComponent(file)}`, { method: 'POST' });
  detail(`CPU profile of server A: ${file}`);
  return result;
}

// ---------------------------------------------------------------------------------------------

interface SizeRun {
  label: string;
  postgres: boolean;
  size: ScaleSize;
  data: BenchData;
  env: Record<string, string>;
  connections: number;
  /** Distinct viewers read at most (10,000 or more, so step 14 sees 10,000 at 10×), and writes at most. */
  cap: number;
  writeCap: number;
}

const SHEET = '/question-tracker/v2/sheet';
/** Requests that warm each write path before its figure (step 12). */
const WARM_WRITES = 3_000;

function failed(what: string, err: unknown) {
  skip('11', what, `failed: ${errorText(err)}`);
  if (process.env.BENCH_DEBUG) console.error(err);
}

/** Steps 11, 12 and 14 for one size on one database: its API processes are started here and stopped after. */
async function underLoad(run: SizeRun, want: (s: string) => boolean) {
  const { label, size, data, connections } = run;
  const viewers = Math.min(size.users, run.cap);
  // The measured loads count PostgreSQL's CPU time beside the API's.
  const counted = { postgres: run.postgres };
  const env = { ...run.env, BENCH_UPDATE_ROWS: String(size.users) };
  const a = await startServer(`${label} A`, env);
  const b = run.postgres ? await startServer(`${label} B`, env) : null;
  try {
    detail(`server A pid ${a.pid}${b ? `, server B pid ${b.pid}` : ''}; ${viewers.toLocaleString('en-US')} distinct viewers, ${connections} connections`);
    const readOf = (i: number): Call => ({ method: 'GET', path: `${SHEET}/get-sheet-data-by-slug/${data.sheet.slug}`, token: viewerToken(i) });
    // Warm each process (JIT, pool, the sheet's question list) on the paths measured, with the big user,
    // who is not a viewer: the sheet (kept after his first read), other sheets (each his first read of
    // it, so the cold read's code runs), and the limit.
    const others = sheetsOf(200);
    for (const s of b ? [a, b] : [a]) {
      await varied([s], 10, 200, () => ({ method: 'GET', path: `${SHEET}/get-sheet-data-by-slug/${data.sheet.slug}`, token: data.big.token }));
      if (others.length) await varied([s], 10, others.length, (i) => ({ method: 'GET', path: `${SHEET}/get-sheet-data/${others[i]!.id}`, token: data.big.token }));
      await varied([s], 10, 200, () => ({ method: 'GET', path: '/__bench/limit', token: data.big.token }));
    }
    const before = await memoryOf(a);

    if (want('11') || want('14')) {
      const limit = await varied([a], connections, Math.min(viewers, 5_000), () => ({ method: 'GET', path: '/__bench/limit', token: data.big.token }));
      record('11', `${label}: limit — precomputed ${(a.bytes / 1000).toFixed(0)} kB response`, limit.rps, 'req/s', undefined, describe(limit));
      const cold = await profiled(a, `${label} cold`, () => varied([a], connections, viewers, readOf, counted));
      const ok = only(cold, '200');
      record('11', `${label}: cold sheet GET, each request another viewer`, cold.rps, 'req/s', undefined, describe(cold));
      const goal = run.postgres ? { op: '>=' as const, limit: 30, label: '≥ 30%' } : undefined;
      record('11', `${label}: cold sheet GET / limit`, ok && limit.rps ? (100 * cold.rps) / limit.rps : null, '%', goal);
      record('11', `${label}: cold sheet GET p99 at ${connections} connections`, ok ? cold.p99 : null, 'ms', run.postgres ? { op: '<', limit: 100, label: '< 100 ms' } : undefined, `p50 ${cold.p50} ms`);
      const mem = await memoryOf(a);
      const mb = (n: number) => n / 1024 / 1024;
      const bounded = run.postgres && viewers >= 10_000;
      record(
        '14',
        `${label}: API process resident memory after ${viewers.toLocaleString('en-US')} viewers read the sheet`,
        mb(mem.rss),
        'MB',
        bounded ? { op: '<', limit: 300, label: '< 300 MB' } : undefined,
        `heap ${mb(mem.heapUsed).toFixed(0)} MB, buffers ${mb(mem.arrayBuffers).toFixed(0)} MB (before the viewers: resident ${mb(before.rss).toFixed(0)} MB, heap ${mb(before.heapUsed).toFixed(0)} MB, buffers ${mb(before.arrayBuffers).toFixed(0)} MB)`,
      );
    }

    if (want('12')) {
      const writers = Math.min(viewers, run.writeCap);
      const userIds = viewerIdsOf(writers);
      // Writer i's question in the sheet: each offset (mod 7) a question no other offset gives anyone.
      const placeOf = (i: number, offset: number) => (i * 7 + offset) % data.sheet.mappingIds.length;
      const mark = (offset: number, pass = 1) => (i: number): Call => ({ method: 'PATCH', path: `${SHEET}/mark-question/${data.sheet.id}/${data.sheet.mappingIds[placeOf(i, offset)]}`, token: viewerToken(i), body: pass % 2 ? { checked: true, starred: i % 3 === 0 } : { checked: false } });
      // Each write figure, and the bare UPDATEs around it, is `load` requests: pass after pass over the
      // writers, so that every request is another user's and the figure runs as long as its limit.
      const load = writers * 3;
      /** Request i of a pass-by-pass load: writer i mod writers, at offset `offset` + 7 × the pass (so the same question mod 7). */
      const byWriter = (make: (offset: number) => (i: number) => Call, offset: number) => (i: number) => make(offset + 7 * Math.floor(i / writers))(i % writers);
      const ownWrite = (offset: number) => (i: number): Call => ({ method: 'POST', path: `/__bench/record/${userIds[i]}/${data.sheet.questionIds[placeOf(i, offset)]}?checked=1&starred=${i % 3 === 0 ? 1 : 0}` });
      // A tick is made on the sheet page, which its viewer has read: step 11's cold reads did that; alone,
      // step 12 has the writers read it first.
      if (!want('11') && !want('14')) await varied([a], connections, writers, readOf);
      // Warm each write path at the figure's own concurrency, on rows the figure does not touch: V8 compiles
      // a path's functions fully only after thousands of calls. The bare UPDATE is warmed alike.
      const warm = (make: (i: number) => Call, options?: Parameters<typeof varied>[4]) => varied([a], connections, WARM_WRITES, make, options);
      await warm(byWriter(mark, 5));
      await varied([a], 10, Math.min(writers, 300), ownWrite(11));
      await warm(() => ({ method: 'POST', path: '/__bench/update' }));
      const bareLoad = () => profiled(a, `${label} bare`, () => varied([a], connections, load, () => ({ method: 'POST', path: '/__bench/update' }), counted));
      const bare = await bareLoad();
      record('12', `${label}: limit — bare single-row UPDATE through the same pool`, bare.rps, 'req/s', undefined, describe(bare));
      // The machine's pace drifts within seconds: each write is set beside bare UPDATE loads run just
      // before and just after it (their requests over their time together).
      const beside = async (load: () => Promise<Varied>) => {
        const before = await bareLoad();
        const r = await load();
        const after = await bareLoad();
        const rps = (before.requests + after.requests) / (before.requests / before.rps + after.requests / after.rps);
        const said = (n: number) => Math.round(n).toLocaleString('en-US');
        // The machine's CPU a request, everyone's, the bare UPDATE's against the write's: the share of the
        // limit that the machine's CPU allows the write when both keep it as busy.
        const bareCpu = before.machine && after.machine ? (before.machine.cpuMs * before.requests + after.machine.cpuMs * after.requests) / (before.requests + after.requests) : null;
        const allows = bareCpu !== null && r.machine ? `; the machine's CPU a request ${bareCpu.toFixed(2)} against ${r.machine.cpuMs.toFixed(2)} ms allows ${Math.round((100 * bareCpu) / r.machine.cpuMs)} %` : '';
        return { limit: { rps, text: `the bare UPDATE around it: ${said(rps)} req/s (${said(before.rps)} before, ${said(after.rps)} after)${allows}` }, r };
      };
      // A reorder answered 409 met the version check (its sheet moved since it was read): an answer, not a failure.
      const writeFigure = (name: string, { limit, r }: Awaited<ReturnType<typeof beside>>, conflicts = false) => {
        // A reorder's 409s are few (a sheet comes round again only after hundreds of requests): more would
        // mean the load lost track of the versions, and a cheap refusal would then pass for a write.
        const refused = r.statuses['409'] ?? 0;
        const ok = only(r, '200') || (conflicts && r.requests > 0 && !r.errors && refused <= r.requests / 100 && Object.keys(r.statuses).every((k) => k === '200' || k === '409'));
        record('12', `${label}: ${name}`, r.rps, 'req/s', undefined, describe(r));
        record('12', `${label}: ${name} / bare UPDATE`, ok && limit.rps ? (100 * r.rps) / limit.rps : null, '%', run.postgres ? { op: '>=', limit: 40, label: '≥ 40%' } : undefined, limit.text);
        record('12', `${label}: ${name} p99`, ok ? r.p99 : null, 'ms', run.postgres ? { op: '<', limit: 100, label: '< 100 ms' } : undefined, `p50 ${r.p50} ms`);
      };
      writeFigure('mark-question (tick/star), each request another user', await beside(() => profiled(a, `${label} mark`, () => varied([a], connections, load, byWriter(mark, 0), counted))));
      // The same write without the request around it (no session, no permission read, no body): what
      // the database alone allows a tick, on questions the marks above did not touch.
      const { limit: ownLimit, r: own } = await beside(() => varied([a], connections, load, byWriter(ownWrite, 3), counted));
      record('12', `${label}: a tick's own record write (records.markRecord, no request around it)`, own.rps, 'req/s', undefined, describe(own));
      record('12', `${label}: a tick's own record write / bare UPDATE`, only(own, '200') && ownLimit.rps ? (100 * own.rps) / ownLimit.rps : null, '%', undefined, 'the most a mark could reach: its one write with its review card and triggers');

      const noteIds = noteIdsOf(writers);
      const saveNote = (i: number): Call => ({ method: 'PATCH', path: `/question-tracker/v1/user/notes/update-note/${noteIds[i % writers]}`, token: viewerToken(i % writers), body: { note: `<p>saved at ${i}: a longer note about the monotonic stack</p>` } });
      await warm((i) => saveNote(writers + i));
      writeFigure(
        'note save, each request another user',
        await beside(() => profiled(a, `${label} note`, () => varied([a], connections, load, saveNote, counted))),
      );

      // Reorders: each sheet's author moves its first question last, with the version it read; pass after
      // pass over the sheets (as many requests as the other writes make, and at least two passes), each
      // with the versions the one before answered. A reorder is made on the sheet's page, which its author
      // has read: they read it first, and the path is warmed by passes of the same, outside the figure.
      const sheets = sheetsOf(Math.min(size.sheets, Math.ceil(writers / 2)));
      const passes = Math.max(2, Math.round(load / sheets.length));
      await varied([a], 10, sheets.length, (i) => ({ method: 'GET', path: `${SHEET}/get-sheet-data/${sheets[i]!.id}`, token: viewerToken(sheets[i]!.n) }));
      // A reorder answered 200 saved the order it sent and moved the version on by one (sheets.saveConfig):
      // the load generator keeps both from what it sent, rather than parsing each 2.7 kB answer on the
      // machine the server runs on (the bare UPDATE's answers are not parsed either).
      const sent = new Map<number, { config: SheetRowConfig; version: number }>();
      const reorder = (i: number): Call => {
        const s = sheets[i % sheets.length]!;
        const config = { ...s.config, questionOrder: [...s.config.questionOrder.slice(1), s.config.questionOrder[0]!] };
        sent.set(i, { config, version: s.version });
        return { method: 'PATCH', path: `${SHEET}/update-sheet/${s.id}`, token: viewerToken(s.n), body: { config, version: s.version } };
      };
      const applied = (i: number, status: number) => {
        const mine = sent.get(i);
        sent.delete(i);
        if (status !== 200 || !mine) return;
        const s = sheets[i % sheets.length]!;
        s.version = mine.version + 1;
        s.config = mine.config;
      };
      await warm(reorder, { onAnswer: applied });
      writeFigure(
        `reorder with version check (${sheets.length.toLocaleString('en-US')} sheets, ${passes} passes)`,
        await beside(() => profiled(a, `${label} reorder`, () => varied([a], connections, sheets.length * passes, reorder, { ...counted, onAnswer: applied }))),
        true,
      );

      if (b) {
        // The same viewers through two processes: each viewer's answer is cold on both (their tick above
        // dropped it on A; B never read it), then each ticks again through one of the two.
        const twoRead = await varied([a, b], connections, writers, readOf, counted);
        record('11', `${label}: two API processes, cold sheet GET after each viewer's tick (combined)`, twoRead.rps, 'req/s', undefined, `${describe(twoRead)}; ${connections / 2} connections each`);
        const twoMark = await varied([a, b], connections, writers, mark(0, 2), counted);
        record('12', `${label}: two API processes, mark-question (combined)`, twoMark.rps, 'req/s', undefined, `${describe(twoMark)}; ${connections / 2} connections each`);
      }
    }
  } finally {
    await b?.stop();
    await a.stop();
  }
}

type SheetRowConfig = { topicOrder: string[]; subTopicOrder: Record<string, string[]>; questionOrder: string[] };

/**
 * Ids the load needs, read in-process before the servers start (PGlite's directory is then theirs
 * alone): the viewers' notes, and the scale sheets with their versions and orders.
 */
let lookups: { viewers: string[]; notes: string[]; sheets: { n: number; id: string; version: number; config: SheetRowConfig }[] } | null = null;
const noteIdsOf = (n: number) => (lookups?.notes ?? []).slice(0, n);
const viewerIdsOf = (n: number) => (lookups?.viewers ?? []).slice(0, n);
const sheetsOf = (n: number) => (lookups?.sheets ?? []).slice(0, n).map((s) => ({ ...s, config: structuredClone(s.config) }));

async function readLookups(db: Db, viewers: number, sheets: number) {
  const ids = await queryRows<{ id: string }>(db, sql`select id from scale_ids where n < ${viewers} order by n`);
  const notes = await queryRows<{ id: string }>(db, sql`select n.id from scale_ids s join notes n on n.user_id = s.id where s.n < ${viewers} order by s.n`);
  const rows = await queryRows<{ n: number; id: string; version: number; config: SheetRowConfig }>(
    db,
    sql`select ss.n, sh.id, sh.version, sh.config from scale_sheets ss join sheets sh on sh.id = ss.id where ss.n < ${sheets} order by ss.n`,
  );
  lookups = { viewers: ids.map((r) => r.id), notes: notes.map((r) => r.id), sheets: rows.map((r) => ({ ...r, config: typeof r.config === 'string' ? (JSON.parse(r.config) as SheetRowConfig) : r.config })) };
}

// ---------------------------------------------------------------------------------------------

interface ScaleOptions {
  factors: number[];
  connections: number;
  samples: number;
  quick: boolean;
  want: (step: string) => boolean;
  serverEnv: (data: BenchData, db: { dataDir: string } | { url: string }) => Record<string, string>;
}

const serverTimes = new Map<string, Map<number, ServerTimeResult[]>>();

async function inProcess(label: string, database: Database, data: BenchData, size: ScaleSize, opts: ScaleOptions) {
  await readLookups(database.db, Math.min(size.users, opts.quick ? 5_000 : 20_000), size.sheets);
  if (!opts.want('13')) return;
  const results = await measureServerTime(label, benchApp(database.db), database.db, data, opts.samples, '13');
  const db = label.split(' ')[0] ?? label;
  const byFactor = serverTimes.get(db) ?? new Map<number, ServerTimeResult[]>();
  serverTimes.set(db, byFactor);
  byFactor.set(size.factor, results);
  const first = byFactor.get(1);
  if (size.factor > 1 && first) {
    for (const r of results) {
      const base = first.find((f) => f.key === r.key);
      if (!base || !['analytics', 'workspace', 'notes', 'sheet', 'review-due'].includes(r.key)) continue;
      record('13', `${label}: ${r.key} median / at 1×`, r.median / base.median, '×', { op: '<=', limit: 1.5, label: '≤ 1.5×' }, `${base.median.toFixed(1)} → ${r.median.toFixed(1)} ms`);
    }
  }
}

/** Seeds step 1's data set when `data` is null, then grows the database from `from` to `size`. */
async function seedSize(label: string, database: Database, data: BenchData | null, from: ScaleSize | null, size: ScaleSize): Promise<BenchData> {
  const t = performance.now();
  const seeded = data ?? (await seedBench(database.db, benchApp(database.db), detail));
  await growScale(database.db, seeded, from, size, detail);
  const grown = from ? ` (grown from ${from.factor}×)` : '';
  record('11', `${label}: seed`, (performance.now() - t) / 1000, 's', undefined, `${size.users.toLocaleString('en-US')} users, ${size.sheets.toLocaleString('en-US')} sheets, ${(size.users * RECORDS_PER_USER).toLocaleString('en-US')} records${grown}`);
  return seeded;
}

const sizeRun = (opts: ScaleOptions, label: string, postgresDb: boolean, size: ScaleSize, data: BenchData, env: Record<string, string>): SizeRun => ({
  label,
  postgres: postgresDb,
  size,
  data,
  env,
  connections: opts.connections,
  cap: opts.quick ? 10_000 : 20_000,
  writeCap: opts.quick ? 1_000 : 3_000,
});

const loadSteps = (opts: ScaleOptions) => opts.want('11') || opts.want('12') || opts.want('14');

/** 1× then 10× on one database, grown in place between the sizes; a failed size ends the database's run. */
async function smallSizes(opts: ScaleOptions, db: 'PGlite' | 'PostgreSQL', open: () => Promise<Database>, target: { dataDir: string } | { url: string }) {
  let data: BenchData | null = null;
  let from: ScaleSize | null = null;
  for (const f of opts.factors.filter((n) => n <= 10)) {
    const size = scaleSize(f);
    const label = `${db} ${f}×`;
    heading(`11–14. ${f}× data — ${db}`);
    const database = await open();
    try {
      data = await seedSize(label, database, data, from, size);
      await inProcess(label, database, data, size, opts);
    } catch (err) {
      failed(label, err);
      return;
    } finally {
      await database.close();
    }
    from = size;
    if (loadSteps(opts)) await underLoad(sizeRun(opts, label, db === 'PostgreSQL', size, data, opts.serverEnv(data, target)), opts.want).catch((err: unknown) => failed(`${label} under load`, err));
  }
}

/** 100× on PostgreSQL, in a database kept between runs: its seed takes minutes. */
async function kept100(opts: ScaleOptions) {
  heading(`11–14. 100× data — PostgreSQL (kept as ${KEPT_100})`);
  const size = scaleSize(100);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${KEPT_100}`;
  const meta = sql`create table if not exists scale_meta (factor int primary key, data jsonb not null)`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  let data: BenchData | null = null;
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${KEPT_100}`;
    if (!exists) await admin.unsafe(`create database ${KEPT_100}`);
    const database = await openPostgres(url.toString());
    try {
      await database.db.execute(meta);
      const [kept] = await queryRows<{ data: BenchData | string }>(database.db, sql`select data from scale_meta where factor = 100`);
      if (kept) {
        data = typeof kept.data === 'string' ? (JSON.parse(kept.data) as BenchData) : kept.data;
        detail(`reusing ${KEPT_100} (seeded before; drop it to seed again)`);
        // Earlier runs' writes left dead rows and cleared the visibility map, which a running database's
        // autovacuum would have cleaned up.
        const vacuumed = performance.now();
        await database.db.execute(sql`vacuum analyze`);
        await database.db.execute(sql`checkpoint`);
        detail(`vacuumed after earlier runs' writes, and checkpointed (${Math.round(performance.now() - vacuumed)} ms)`);
        await inProcess('PostgreSQL 100×', database, data, size, opts);
      }
    } finally {
      await database.close().catch(() => {});
    }
    if (!data) {
      // A half-seeded database from an interrupted run is started over.
      await admin.unsafe(`drop database if exists ${KEPT_100} with (force)`);
      await admin.unsafe(`create database ${KEPT_100}`);
      const fresh = await openPostgres(url.toString());
      try {
        data = await seedSize('PostgreSQL 100×', fresh, null, null, size);
        await fresh.db.execute(meta);
        await fresh.db.execute(sql`insert into scale_meta values (100, ${JSON.stringify(data)}::jsonb)`);
        await inProcess('PostgreSQL 100×', fresh, data, size, opts);
      } finally {
        await fresh.close();
      }
    }
  } finally {
    await admin.end({ timeout: 1 });
  }
  if (loadSteps(opts)) await underLoad(sizeRun(opts, 'PostgreSQL 100×', true, size, data, opts.serverEnv(data, { url: url.toString() })), opts.want);
}

export async function measureScaleData(opts: ScaleOptions): Promise<void> {
  // BENCH_SCALE_DB=postgres or pglite runs one of the two.
  const dbOnly = process.env.BENCH_SCALE_DB;
  if (dbOnly !== 'postgres') {
    const dir = pgliteDir();
    await smallSizes(opts, 'PGlite', () => openPglite(dir.dataDir), { dataDir: dir.dataDir });
    await dir.remove();
  }
  if (dbOnly !== 'pglite') {
    const pg = await createPgDatabase();
    if ('error' in pg) return void skip('11', 'PostgreSQL scale steps', pg.error);
    await smallSizes(opts, 'PostgreSQL', () => openPostgres(pg.url), { url: pg.url });
    await pg.drop();
  }
  if (opts.factors.includes(100)) await kept100(opts);
}
