/**
 * npm run bench:pair -- OTHER_BUNDLE [ROUNDS]
 *
 * Two builds of the API side by side, to tell whether a change makes a write cheaper: this checkout's bench
 * server (bench/server.ts, built as `npm run bench` builds it) and another build's (OTHER_BUNDLE, the
 * dist/bench/server.mjs of a worktree of an earlier commit, say), both on one PostgreSQL database seeded at
 * 1× (step 11's data), both listening to its change feed. Loads of first ticks (each viewer ticks a question
 * of the 455-question sheet it has not ticked before) and of the bare UPDATE go to one build, then the
 * other, then the other way round, ROUNDS times (12 unless given, in two halves with the servers started
 * in either order): the machine's pace drifts within a minute, and alternating lets the drift weigh on both
 * builds alike, where two runs of `npm run bench` one after the other differ by more than most changes. Run it with a copy of this checkout's own build as the other to see what is left of
 * the machine's noise (dist/bench/server-copy.mjs, say: a build next to this one).
 *
 * Prints, for each build, the CPU time a tick and a bare UPDATE cost its API process, PostgreSQL and the
 * whole machine (bench/varied-load.ts), and this build's figures over the other's.
 */
import { join } from 'node:path';
import { openPostgres } from '../api/db/client';
import { createPgDatabase } from './databases';
import { cleanupAll, detail, errorText, heading, ROOT, startServer, type ServerInfo } from './lib';
import { growScale, scaleSize, viewerToken } from './scale-seed';
import { benchApp, seedBench } from './seed';
import { varied, type Call, type Varied } from './varied-load';

const [otherArg, roundsArg] = process.argv.slice(2);
if (!otherArg) {
  console.error('usage: npm run bench:pair -- OTHER_BUNDLE [ROUNDS]');
  process.exit(2);
}
const other: string = otherArg;
const rounds = Number(roundsArg ?? 12);
const SHEET = '/question-tracker/v2/sheet';
const CONNECTIONS = 50;

interface Totals {
  tick: Varied[];
  bare: Varied[];
}

async function main() {
  const pg = await createPgDatabase();
  if ('error' in pg) throw new Error(pg.error);
  try {
    heading('Seed (1×)');
    const database = await openPostgres(pg.url);
    const size = scaleSize(1);
    let data;
    try {
      data = await seedBench(database.db, benchApp(database.db), detail);
      await growScale(database.db, data, null, size, detail);
    } finally {
      await database.close();
    }
    const env = { DATABASE_URL: pg.url, DATA_DIR: join(ROOT, 'data-bench-unused'), BENCH_SHEET_SLUG: data.sheet.slug, BENCH_TOKEN: data.big.token, BENCH_UPDATE_ROWS: String(size.users) };
    const builds = [
      { name: 'this checkout', bundle: undefined },
      { name: other, bundle: other },
    ];
    // The viewers in two halves, each build ticking with one half a round and the other the next, so that
    // neither build keeps viewers the other never has; a round's question is new to every viewer, so each
    // tick is the first of its viewer and question.
    const per = Math.floor(size.users / builds.length);
    const viewer = (k: number, round: number, i: number) => ((k + round) % builds.length) * per + (i % per);
    const sheet = data.sheet;
    const tick = (k: number, round: number) => (i: number): Call => {
      const n = viewer(k, round, i);
      return { method: 'PATCH', path: `${SHEET}/mark-question/${sheet.id}/${sheet.mappingIds[(n * 7 + round) % sheet.mappingIds.length]}`, token: viewerToken(n), body: { checked: true, starred: n % 3 === 0 } };
    };

    heading(`${rounds} rounds, each a load of ${per} ticks and one of ${per} bare UPDATEs per build, alternating`);
    const totals: Totals[] = builds.map(() => ({ tick: [], bare: [] }));
    // Two halves, the servers started anew for each in the other order: a process started first, or placed
    // on a core it keeps, can run a tenth faster than its twin (seen with the same build on both sides).
    let round = 0;
    for (const half of [0, 1]) {
      const started = half ? [1, 0] : [0, 1];
      const servers: ServerInfo[] = [];
      for (const k of started) servers[k] = await startServer(builds[k]!.name, env, undefined, builds[k]!.bundle);
      try {
        // A tick is made on the sheet page, which its viewer has read (through the build it ticks with).
        for (const server of servers) await varied([server], 10, size.users, (i) => ({ method: 'GET', path: `${SHEET}/get-sheet-data-by-slug/${sheet.slug}`, token: viewerToken(i) }));
        // Each half's first round warms its servers (JIT, pool) and is not counted.
        for (let r = 0; r <= rounds / 2; r++, round++) {
          for (const k of round % 2 ? [1, 0] : [0, 1]) {
            const server = servers[k]!;
            const ticks = await varied([server], CONNECTIONS, per, tick(k, round), { postgres: true });
            const bare = await varied([server], CONNECTIONS, per, () => ({ method: 'POST', path: '/__bench/update' }), { postgres: true });
            if (Object.keys(ticks.statuses).some((s) => s !== '200') || ticks.errors) throw new Error(`ticks answered ${JSON.stringify(ticks.statuses)}, ${ticks.errors} errors`);
            if (r > 0) {
              totals[k]!.tick.push(ticks);
              totals[k]!.bare.push(bare);
            }
          }
        }
      } finally {
        for (const server of servers) await server.stop();
      }
    }

    // CPU a request over all of a build's loads of one kind.
    const perRequest = (loads: Varied[], of: (v: Varied) => number | null) => {
      let ms = 0;
      let n = 0;
      for (const v of loads) {
        const x = of(v);
        if (x === null) return null;
        ms += x * v.requests;
        n += v.requests;
      }
      return n ? ms / n : null;
    };
    const figures = totals.map((t) => ({
      tickApi: perRequest(t.tick, (v) => v.cpuMs),
      tickDb: perRequest(t.tick, (v) => v.dbCpuMs),
      tickMachine: perRequest(t.tick, (v) => v.machine?.cpuMs ?? null),
      bareApi: perRequest(t.bare, (v) => v.cpuMs),
      bareMachine: perRequest(t.bare, (v) => v.machine?.cpuMs ?? null),
    }));
    const ms = (x: number | null) => (x === null ? '—' : `${x.toFixed(3)} ms`);
    heading('CPU a request');
    for (const [k, f] of figures.entries()) {
      detail(`${builds[k]!.name}: a tick ${ms(f.tickApi)} in the API, ${ms(f.tickDb)} in PostgreSQL, ${ms(f.tickMachine)} the whole machine; a bare UPDATE ${ms(f.bareApi)} in the API, ${ms(f.bareMachine)} the whole machine`);
    }
    const [mine, theirs] = figures as [(typeof figures)[0], (typeof figures)[0]];
    const ratio = (a: number | null, b: number | null) => (a === null || b === null ? '—' : `${((100 * a) / b).toFixed(1)} %`);
    detail(`this checkout over the other: a tick's API ${ratio(mine.tickApi, theirs.tickApi)}, PostgreSQL ${ratio(mine.tickDb, theirs.tickDb)}, whole machine ${ratio(mine.tickMachine, theirs.tickMachine)}; a bare UPDATE's API ${ratio(mine.bareApi, theirs.bareApi)}`);
  } finally {
    await cleanupAll();
    await pg.drop();
  }
}

main().then(
  () => process.exit(0),
  async (err: unknown) => {
    console.error(`pair failed: ${errorText(err)}`);
    await cleanupAll();
    process.exit(1);
  },
);
