/**
 * Step 16: what to solve next. Server time (in-process app.fetch) of the recommendations for a user with
 * 2,000 solves on a judge whose list holds 10,000 rated problems, and of the upsolve list of a user who
 * took part in 200 contests; on PostgreSQL, and on PGlite when PostgreSQL is away. Seeding is set-based SQL.
 *
 * Runs inside `npm run bench -- --only 16`, or alone: `npx tsx bench/practice.ts [--quick]`.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createApp } from '../api/app';
import { openPglite, openPostgres, type Database } from '../api/db/client';
import { captureStatements, createPgDatabase, explainStatements, pgliteDir } from './databases';
import { cleanupAll, detail, heading, onCleanup, printTable, record, rows, skip, summarize, type Target } from './lib';
import { benchConfig } from './seed';

const STEP = '16';
const PROBLEMS = 10_000;
const SOLVES = 2_000;
const CONTESTS = 200;
/** Problems a contest has in the list. */
const PER_CONTEST = 6;
const UNDER_50: Target = { op: '<', limit: 50, label: '< 50 ms' };
const UNDER_100: Target = { op: '<', limit: 100, label: '< 100 ms' };

async function seed(database: Database) {
  const { db } = database;
  const app = createApp({ db, config: benchConfig(), changes: database.changes });
  const signup = await app.fetch(
    new Request('http://bench/auth/v1/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'practiser@bench.invalid', password: 'correct horse battery', firstName: 'Practiser' }) }),
  );
  const viewer = ((await signup.json()) as { data: { token: string; user: { _id: string } } }).data;
  const userId = viewer.user._id;
  const t = performance.now();
  // The judge's list: contests 1 to PROBLEMS / PER_CONTEST, problems A–F, difficulties 800–3500 in steps
  // of 100, two topics each from a pool of twelve.
  await db.execute(sql`insert into problem_ratings (platform, key, name, url, difficulty, topics, contest_id, problem_index)
    select 'codeforces', c || chr(65 + i), 'Problem ' || c || chr(65 + i), 'https://codeforces.com/problemset/problem/' || c || '/' || chr(65 + i),
      800 + 100 * ((g * 11) % 28),
      array['topic' || (g % 12), 'topic' || ((g * 5 + 3) % 12)], c::text, chr(65 + i)
    from generate_series(0, ${PROBLEMS - 1}) g, lateral (select 1 + g / ${PER_CONTEST} as c, g % ${PER_CONTEST} as i) x`);
  // The accepted list: every fifth problem, half of them in the contest.
  await db.execute(sql`insert into judge_solves (user_id, platform, key, solved_at, in_contest)
    select ${userId}, 'codeforces', key, now() - rn * interval '1 hour', rn % 2 = 0
    from (select key, row_number() over (order by contest_id::int, problem_index) as rn from problem_ratings where platform = 'codeforces') k
    where rn % 5 = 0 limit ${SOLVES}`);
  // Some of them ticked in the tracker too, a few problems suspended in review, some dismissed.
  await db.execute(sql`insert into questions (platform, key, name, slug, problem_url, verified)
    select 'codeforces', key, name, lower(key), url, true from problem_ratings where platform = 'codeforces' order by key limit 1500`);
  await db.execute(sql`insert into user_questions (user_id, question_id, checked, solved_at)
    select ${userId}, id, true, now() - interval '3 days' from questions where platform = 'codeforces' order by key limit 500`);
  await db.execute(sql`insert into review_cards (user_id, question_id, due, suspended)
    select ${userId}, id, now(), true from questions where platform = 'codeforces' order by key desc limit 100`);
  await db.execute(sql`insert into practice_dismissals (user_id, platform, key)
    select ${userId}, 'codeforces', key from problem_ratings where platform = 'codeforces' order by key desc limit 100`);
  await db.execute(sql`insert into judge_accounts (user_id, platform, handle, rating, status) values (${userId}, 'codeforces', 'practiser', 1900, 'ok')`);
  await db.execute(sql`insert into judge_contest_entries (user_id, platform, contest_id, name, ended_at)
    select ${userId}, 'codeforces', g::text, 'Round ' || g, now() - (${CONTESTS} - g) * interval '3 days' - interval '1 day'
    from generate_series(1, ${CONTESTS}) g`);
  await db.execute(sql`analyze problem_ratings; analyze judge_solves; analyze judge_contest_entries; analyze questions; analyze user_questions`);
  detail(`seeded ${PROBLEMS.toLocaleString('en')} rated problems, ${SOLVES.toLocaleString('en')} judge solves, ${CONTESTS} contests in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return { app, token: viewer.token };
}

async function measureOn(label: string, database: Database, samples: number) {
  const { app, token } = await seed(database);
  const headers = { authorization: `Bearer ${token}` };
  const endpoints = [
    { name: 'baseline: the signed-in user (GET /auth/v1/me), for this run’s load', path: '/auth/v1/me', target: undefined },
    { name: 'recommendations (2,000 solves, 10,000 problems, moderate, 50)', path: '/question-tracker/v1/user/recommendations?platform=codeforces&band=moderate&limit=50', target: UNDER_50 },
    { name: 'recommendations (easy band: the widest cut)', path: '/question-tracker/v1/user/recommendations?platform=codeforces&band=easy&limit=50', target: UNDER_50 },
    { name: `upsolve list (${CONTESTS} contests)`, path: '/question-tracker/v1/user/upsolve', target: UNDER_100 },
  ];
  for (const e of endpoints) {
    const call = async () => {
      const res = await app.request(e.path, { headers });
      const body = (await res.json()) as { data: { items?: unknown[]; contests?: unknown[] } };
      return { status: res.status, n: body.data.items?.length ?? body.data.contests?.length ?? 0 };
    };
    const first = await call();
    if (first.status !== 200) {
      record(STEP, `${label}: ${e.name}`, null, 'ms', e.target, `answered ${first.status}`);
      continue;
    }
    for (let i = 0; i < 2; i++) await call(); // warm: JIT and plan caches
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
    const s = summarize(times);
    const statements = await captureStatements(database.db, call);
    const profile = await explainStatements(database.db, statements);
    record(STEP, `${label}: ${e.name} — median`, s.median, 'ms', e.target, `p95 ${s.p95.toFixed(1)} ms, ${s.n} requests, ${first.n} in the answer; ${statements.length} statements`);
    for (const p of profile.slice(0, 3)) detail(`${Number.isFinite(p.ms) ? p.ms.toFixed(1) : '?'} ms under EXPLAIN ANALYZE  ${p.sql.replace(/\s+/g, ' ').slice(0, 100)}…  [${p.plan}]`);
  }
}

export async function measurePractice(options: { samples: number }): Promise<void> {
  heading(`${STEP}. What to solve next: recommendations and the upsolve list, in-process (app.fetch)`);
  const pg = await createPgDatabase();
  if ('error' in pg) {
    skip(STEP, 'PostgreSQL', `${pg.error}; measuring on PGlite`);
    const dir = pgliteDir();
    const database = await openPglite(dir.dataDir);
    onCleanup('step 16 PGlite', () => database.close());
    await measureOn('PGlite', database, options.samples);
    return;
  }
  const database = await openPostgres(pg.url);
  onCleanup('step 16 database connection', () => database.close());
  await measureOn('PostgreSQL', database, options.samples);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quick = process.argv.includes('--quick');
  measurePractice({ samples: quick ? 10 : 30 })
    .then(() => printTable(rows))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => void cleanupAll());
}
