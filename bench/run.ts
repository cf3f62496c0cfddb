/**
 * npm run bench [-- --quick] [-- --build] [-- --only 2,3] [-- --scale 100]
 *
 * Measures the product against the limits of this machine (see bench/RESULTS.md): seeds PGlite
 * and a fresh PostgreSQL database, loads the API in child processes with autocannon, times endpoints
 * in-process, imports 1 MB CSVs, weighs the dashboard's chunks, drives Chromium over the dashboard and
 * the extension, runs two API servers on one database, and reads during a burst of sign-ins. Prints each figure as it goes, then one
 * table with targets; writes bench/results.json. Every process and database it starts is removed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres, type Database } from '../api/db/client';
import { EXTENSION_DIR } from '../tests/e2e/support/extension';
import { measureAccounts } from './accounts';
import { measureBrowser } from './browser';
import { ensureDashboardBuild, measureBundle } from './bundle';
import { createPgDatabase, pgliteDir } from './databases';
import { measureExtension } from './extension';
import { measureImports } from './imports';
import { cleanupAll, detail, errorText, heading, printTable, record, ROOT, rows, skip, startServer, type ServerInfo } from './lib';
import { sheetLoad, type SheetLoadFigures } from './load';
import { cpuTimes } from './cpu';
import { measureScale } from './scale';
import { measureScaleData } from './scale-data';
import { benchApp, seedBench, type BenchData } from './seed';
import { measureGroups } from './groups';
import { measurePractice } from './practice';
import { measureServerTime } from './server-time';
import { measureSigninBurst } from './signin-burst';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(`npm run bench [-- options]: measures the product against this machine's limits (bench/RESULTS.md).

  --quick        short load runs and fewer samples: a fast check
  --only 2,3     only these steps (the seeding they need runs anyway); steps 1–17 in bench/RESULTS.md
  --scale N      the data sizes of steps 11–14 up to N× (1, 10 or 100; 100 is PostgreSQL only; default 10)
  --build        rebuild the dashboard before steps 6 and 7 even when it is fresh
  --help         this text

Environment: BENCH_PG_URL (PostgreSQL to create databases on), CHROMIUM_PATH, BENCH_DEBUG=1 (a failed
step's stack); profiling switches in bench/RESULTS.md.`);
  process.exit(0);
}
const quick = args.includes('--quick');
const forceBuild = args.includes('--build');
const onlyArg = args.find((a) => a.startsWith('--only'))?.split('=')[1] ?? (args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined);
const only = onlyArg ? new Set(onlyArg.split(',').map((s) => s.trim())) : null;
const want = (...steps: string[]) => !only || steps.some((s) => only.has(s));
/** --scale N: the data sizes of steps 11–14 up to N× (1, 10 or 100; 100 is PostgreSQL only). */
const scaleArg = Number(args.find((a) => a.startsWith('--scale='))?.split('=')[1] ?? (args.includes('--scale') ? args[args.indexOf('--scale') + 1] : 10));
const SCALE_FACTORS = [1, 10, 100].filter((f) => f <= scaleArg);

const LOAD = quick ? { connections: 50, duration: 3, warmup: 1 } : { connections: 50, duration: 10, warmup: 2 };
const SAMPLES = quick ? 10 : 30;
const IMPORT_TIMEOUT_MS = quick ? 20_000 : 45_000;
/** A safety net: whatever happens, the run ends and cleans up (the scale steps seed and load for many minutes more). */
const WATCHDOG_MS = 20 * 60_000 + (want('11', '12', '13', '14') ? (SCALE_FACTORS.includes(100) ? 120 : 40) * 60_000 : 0);

const started = Date.now();
const loadAtStart = loadavg();

const cpuAtStart = cpuTimes();
const details: Record<string, unknown> = {};

function serverEnv(data: BenchData, db: { dataDir: string } | { url: string }): Record<string, string> {
  return {
    ...('url' in db ? { DATABASE_URL: db.url, DATA_DIR: join(ROOT, 'data-bench-unused') } : { DATABASE_URL: '', DATA_DIR: db.dataDir }),
    BENCH_SHEET_SLUG: data.sheet.slug,
    BENCH_TOKEN: data.big.token,
  };
}

async function seed(label: 'PGlite' | 'PostgreSQL', database: Database) {
  heading(`1. Seed ${label}`);
  const t = performance.now();
  const app = benchApp(database.db);
  const data = await seedBench(database.db, app, detail);
  const c = data.counts;
  record('1', `${label}: seed (catalogue, 455-question sheet, big user)`, performance.now() - t, 'ms', undefined, `${c.questions} questions, ${c.records} records, ${c.notes} notes, ${c.followed} sheets followed, ${c.otherUsers} other users`);
  return { app, data };
}

async function step<T>(label: string, fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    skip(label.split(' ')[0] ?? '?', label, `failed: ${errorText(err)}`);
    if (process.env.BENCH_DEBUG) console.error(err);
    return null;
  }
}

async function pgliteRuns(): Promise<{ dataDir: string; data: BenchData } | null> {
  if (!want('2', '3', '4', '5')) return null;
  const dir = pgliteDir();
  const database = await openPglite(dir.dataDir);
  let data: BenchData;
  try {
    const seeded = await seed('PGlite', database);
    data = seeded.data;
    if (want('4')) {
      heading('4. Server time for the big user — PGlite, in-process (app.fetch)');
      details.serverTimePglite = await step('4 PGlite server time', () => measureServerTime('PGlite', seeded.app, database.db, data, SAMPLES));
    }
  } finally {
    await database.close();
  }
  if (want('2', '3', '5')) {
    const server = await startServer('PGlite', serverEnv(data, dir));
    try {
      if (want('2', '3')) {
        heading('2–3. Sheet GET under load — PGlite');
        details.loadPglite = await step('2 PGlite sheet load', () => sheetLoad('PGlite', server, data.sheet.slug, data.big.token, LOAD));
      }
      if (want('5')) {
        heading('5. 1 MB imports — PGlite');
        await step('5 PGlite imports', () => measureImports('PGlite', server, IMPORT_TIMEOUT_MS));
      }
    } finally {
      await server.stop();
    }
  }
  return { dataDir: dir.dataDir, data };
}

async function main() {
  heading('Machine');
  record('0', 'CPU cores', cpus().length, '', undefined, cpus()[0]?.model);
  record('0', 'load average (1 min) at start', loadAtStart[0] ?? NaN, '', undefined, 'shared machine: compare ratios measured in the same run, not absolute figures');
  detail(`${quick ? 'quick run: ' : ''}${LOAD.connections} connections × ${LOAD.duration} s per load figure, ${SAMPLES} samples per server-time figure`);

  if (want('6', '7')) {
    heading('6. Dashboard JavaScript per route');
    const buildError = ensureDashboardBuild(forceBuild);
    if (buildError) skip('6', 'dashboard build', buildError);
    if (want('6')) await step('6 bundle', () => Promise.resolve(measureBundle()));
  }
  if (want('8') && !existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    console.log('  building the extension (npx wxt build)…');
    spawnSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }

  const pglite = await pgliteRuns();

  // ---- PostgreSQL: steps 1–5 again, then the browser, the extension and two servers against it.
  let primary: ServerInfo | null = null;
  let data: BenchData | null = pglite?.data ?? null;
  let pgUrl: string | null = null;
  let single: SheetLoadFigures | null = null;
  if (want('2', '3', '4', '5', '7', '8', '9', '10')) {
    const pg = await createPgDatabase();
    if ('error' in pg) {
      for (const s of ['1', '2', '3', '4', '5']) if (want(s)) skip(s, `PostgreSQL step ${s}`, pg.error);
      if (want('9')) detail(pg.error);
    } else {
      pgUrl = pg.url;
      const database = await openPostgres(pg.url);
      try {
        const seeded = await seed('PostgreSQL', database);
        data = seeded.data;
        if (want('4')) {
          heading('4. Server time for the big user — PostgreSQL, in-process (app.fetch)');
          details.serverTimePostgres = await step('4 PostgreSQL server time', () => measureServerTime('PostgreSQL', seeded.app, database.db, seeded.data, SAMPLES));
        }
      } finally {
        await database.close();
      }
      primary = await startServer('PostgreSQL A', serverEnv(data, { url: pg.url }));
      if (want('2', '3')) {
        heading('2–3. Sheet GET under load — PostgreSQL');
        single = await step('2 PostgreSQL sheet load', () => sheetLoad('PostgreSQL', primary as ServerInfo, (data as BenchData).sheet.slug, (data as BenchData).big.token, LOAD));
        details.loadPostgres = single;
      }
      if (want('5')) {
        heading('5. 1 MB imports — PostgreSQL');
        // Its own server: an import that outlives its timeout must not weigh on the later steps.
        const importer = await startServer('PostgreSQL imports', serverEnv(data, { url: pg.url }));
        try {
          await step('5 PostgreSQL imports', () => measureImports('PostgreSQL', importer, IMPORT_TIMEOUT_MS));
        } finally {
          await importer.stop();
        }
      }
    }
  }

  // Without PostgreSQL, the browser and the extension run against PGlite.
  let fallback: ServerInfo | null = null;
  if (!primary && pglite && want('7', '8')) fallback = await startServer('PGlite (browser)', serverEnv(pglite.data, pglite));
  const base = primary ?? fallback;

  if (want('7')) {
    heading('7. Dashboard in Chromium');
    if (base && data) await step('7 browser', () => measureBrowser(base.url, data, quick));
    else skip('7', 'dashboard in Chromium', 'no seeded server (run with steps 2–5 or PostgreSQL available)');
  }
  if (want('8')) {
    heading('8. Extension');
    await step('8 extension', () => measureExtension(base?.url ?? null, data, quick));
  }
  await fallback?.stop();

  if (want('9')) {
    heading('9. Two API servers on one PostgreSQL database');
    if (primary && pgUrl && data) {
      const second = await startServer('PostgreSQL B', serverEnv(data, { url: pgUrl }));
      try {
        await step('9 scale', () => measureScale(primary, second, data, single?.sheet.rps ?? null, LOAD));
      } finally {
        await second.stop();
      }
    } else skip('9', 'two servers on one PostgreSQL', 'PostgreSQL is not available (see above)');
  }
  if (want('10')) {
    heading('10. Reads during a burst of 200 sign-ins — PostgreSQL');
    if (pgUrl && data) {
      // Its own server: production hashing cost, and client addresses from X-Forwarded-For, so the burst
      // comes from 200 places and the per-address throttle does not refuse it before it is hashed.
      const hashing = await startServer('PostgreSQL sign-in burst', { ...serverEnv(data, { url: pgUrl }), BENCH_SCRYPT_N: '131072', TRUST_PROXY: 'true' });
      try {
        details.signinBurst = await step('10 sign-in burst', () => measureSigninBurst(hashing, data, quick));
      } finally {
        await hashing.stop();
      }
    } else skip('10', 'reads during a burst of sign-ins', 'PostgreSQL is not available (see above)');
  }
  await primary?.stop();

  if (want('15')) {
    // Its own PostgreSQL database: 100,000 ranked users would change what the other steps measure.
    await step('15 judge accounts', () => measureAccounts({ samples: SAMPLES }));
  }

  if (want('16')) {
    // Its own database: the rated list and the upsolve data would change what the other steps measure.
    await step('16 practice', () => measurePractice({ samples: SAMPLES }));
  }

  if (want('17')) {
    // Its own database: 200 members' records would change what the other steps measure.
    await step('17 groups', () => measureGroups({ samples: SAMPLES }));
  }

  if (want('11', '12', '13', '14')) {
    heading(`11–14. The data at ${SCALE_FACTORS.join('×, ')}×`);
    await step('11 scale data', () =>
      measureScaleData({ factors: SCALE_FACTORS, connections: LOAD.connections, samples: quick ? 5 : 15, quick, want: (s) => want(s), serverEnv }),
    );
  }
}

function finish(code: number) {
  record('0', 'load average (1 min) at end', loadavg()[0] ?? NaN, '');
  const cpuAtEnd = cpuTimes();
  if (cpuAtStart && cpuAtEnd) {
    // On a virtual machine, time the host gave to others while this one wanted the CPU: every timed
    // figure of the run is slower by about this share.
    const d = (k: 'busy' | 'idle' | 'steal') => cpuAtEnd[k] - cpuAtStart[k];
    const wanted = d('busy') + d('steal');
    record('0', 'CPU time taken by the host (steal) during the run', wanted ? (100 * d('steal')) / wanted : NaN, '%', undefined, 'share of the CPU time this machine used or waited for; timed figures stretch with it');
  }
  record('0', 'run time', (Date.now() - started) / 1000, 's', { op: '<', limit: 660, label: '≈ 10 min' });
  heading('Summary');
  printTable(rows);
  const file = join(ROOT, 'bench', 'results.json');
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date(started).toISOString(), quick, machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavgStart: loadAtStart, loadavgEnd: loadavg(), node: process.version }, rows, details }, null, 2)}\n`,
  );
  console.log(`\nResults written to ${file}`);
  // Playwright and autocannon may leave handles behind: end here.
  process.exit(code);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the servers and dropping the databases…`);
    void cleanupAll().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  console.error(`\nThe run took longer than ${WATCHDOG_MS / 60_000} minutes: stopping.`);
  void cleanupAll().finally(() => process.exit(1));
}, WATCHDOG_MS);
watchdog.unref();

try {
  await main();
  await cleanupAll();
  finish(0);
} catch (err) {
  console.error(err);
  await cleanupAll();
  finish(1);
}
