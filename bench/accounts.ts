/**
 * Step 15: judge accounts at scale, on PostgreSQL. The leaderboard with 100,000 opted-in users and a
 * profile with five judge cards (server time, in-process app.fetch); then 1,000 linked accounts refreshed
 * through the job queue by two pg-boss instances against the local fake judge, with each judge's rate
 * limit: how long it takes, whether any job ran twice, and the busiest second each judge saw.
 *
 * Runs inside `npm run bench -- --only 15`, or alone: `npx tsx bench/accounts.ts [--quick]`.
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from '../api/app';
import { openPostgres, queryRows } from '../api/db/client';
import { judgeAccounts } from '../api/db/schema';
import { jobHandlers } from '../api/jobs/handlers';
import { pgBossQueue } from '../api/jobs/pg-boss';
import type { JobHandlers } from '../api/jobs/queue';
import { judges } from '../api/judges/index';
import { systemClock } from '../api/lib/clock';
import { createJudgeClient } from '../api/services/judge-client';
import { createFakeJudge } from '../tests/support/fake-judge';
import { createPgDatabase } from './databases';
import { cleanupAll, detail, heading, onCleanup, printTable, record, rows, skip, sleep, summarize } from './lib';
import { benchConfig } from './seed';

const STEP = '15';
const RANKED_USERS = 100_000;
const REFRESHED = 1_000;
/** Each judge's spacing in this run: 20 ms a request per process (the real defaults are 1–2 s). */
const INTERVAL_MS = 20;
const INSTANCES = 2;

export async function measureAccounts(options: { samples: number }): Promise<void> {
  heading(`${STEP}. Judge accounts: leaderboard of ${RANKED_USERS.toLocaleString('en')}, a profile, ${REFRESHED.toLocaleString('en')} refreshes — PostgreSQL`);
  const pg = await createPgDatabase();
  if ('error' in pg) return void skip(STEP, 'judge accounts', pg.error);
  const database = await openPostgres(pg.url);
  onCleanup('step 15 database connection', () => database.close());
  const { db } = database;
  const config = benchConfig();
  const app = createApp({ db, config, changes: database.changes });

  // ---- seed: 100,000 opted-in users with figures, and the viewer.
  let t = performance.now();
  await db.execute(sql`insert into users (email, password_hash, first_name, profile_name)
    select 'ranked' || g || '@bench.invalid', 'x', 'Ranked', 'ranked-' || g from generate_series(1, ${RANKED_USERS}) g`);
  await db.execute(sql`insert into user_rankings (user_id, opted_in, c_score, total_questions, leetcode_rating, codeforces_rating)
    select id, true, (random() * 6000)::int, (random() * 2500)::int,
      case when random() < 0.6 then 1200 + (random() * 2200)::int end,
      case when random() < 0.5 then 800 + (random() * 3000)::int end
    from users where email like 'ranked%'`);
  const signup = await app.fetch(new Request('http://bench/auth/v1/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'viewer@bench.invalid', password: 'correct horse battery', firstName: 'Viewer' }) }));
  const viewer = ((await signup.json()) as { data: { token: string; user: { _id: string; profileName: string } } }).data;
  await db.execute(sql`insert into user_rankings (user_id, opted_in, c_score, total_questions, leetcode_rating, codeforces_rating) values (${viewer.user._id}, true, 2500, 900, 1900, 1700)`);
  // The viewer's profile: five public cards with 200 rating changes each.
  const history = Array.from({ length: 200 }, (_, i) => ({ contest: `Round ${i + 1}`, at: new Date(Date.UTC(2020, 0, 1 + i * 7)).toISOString(), rating: 1200 + ((i * 37) % 900) }));
  await db.insert(judgeAccounts).values(
    judges.map((j, i) => ({ userId: viewer.user._id, platform: j.id, handle: `viewer${i}`, public: true, rating: 1500 + i, maxRating: 1900, rank: 'Expert', solved: 300, contests: 200, history, status: 'ok' as const, refreshedAt: new Date(), checkedAt: new Date() })),
  );
  // A live database is vacuumed as it goes (autovacuum); straight after a bulk load the visibility map is
  // empty and every index-only read would visit the table too.
  await db.execute(sql`vacuum analyze users, user_rankings, judge_accounts`);
  record(STEP, 'seed: 100,000 ranked users, the viewer and their five judge cards', performance.now() - t, 'ms');

  const time = async (path: string, token?: string) => {
    const start = performance.now();
    const res = await app.fetch(new Request(`http://bench${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - start;
  };
  const pages = [1, 2, 10, 100, 500, 1000, 1999];
  const metrics = ['c_score', 'total_questions', 'leetcode_rating', 'codeforces_rating'];
  for (let i = 0; i < 5; i++) await time('/question-tracker/v1/leaderboard?metric=c_score', viewer.token);
  const board: number[] = [];
  for (let i = 0; i < options.samples * 2; i++) {
    board.push(await time(`/question-tracker/v1/leaderboard?metric=${metrics[i % metrics.length]}&page=${pages[i % pages.length]}`, viewer.token));
  }
  const b = summarize(board);
  record(STEP, 'leaderboard page (100,000 opted in; 4 metrics, pages 1–1,999, with the viewer’s rank), median', b.median, 'ms', { op: '<', limit: 50, label: '< 50 ms' }, `p95 ${b.p95.toFixed(1)} ms over ${b.n} reads`);

  // A board is kept until a ranking changes; the first read after a change pays for reading it again.
  const cold: number[] = [];
  for (let i = 0; i < 5; i++) {
    await db.execute(sql`update user_rankings set updated_at = now() where user_id = ${viewer.user._id}`);
    await database.changes.settle();
    cold.push(await time(`/question-tracker/v1/leaderboard?metric=${metrics[i % metrics.length]}&page=1000`, viewer.token));
  }
  record(STEP, 'leaderboard page right after a ranking changed (its board read again from the database), median', summarize(cold).median, 'ms', undefined, 'the first read of a metric after a refresh pays this');

  for (let i = 0; i < 5; i++) await time(`/question-tracker/v1/profile/${viewer.user.profileName}`);
  const profile: number[] = [];
  for (let i = 0; i < options.samples; i++) profile.push(await time(`/question-tracker/v1/profile/${viewer.user.profileName}`));
  const p = summarize(profile);
  record(STEP, 'profile with five judge cards (200 rating points each), median', p.median, 'ms', { op: '<', limit: 50, label: '< 50 ms' }, `p95 ${p.p95.toFixed(1)} ms`);

  // ---- 1,000 accounts refreshed by two queue instances against the fake judge.
  const judge = createFakeJudge();
  const server = serve({ fetch: judge.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  onCleanup('fake judge', () => new Promise<void>((r) => server.close(() => r())));
  const origins = judge.origins(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  await db.execute(sql`insert into judge_accounts (user_id, platform, handle, public)
    select u.id, (array['leetcode','geeksforgeeks','codechef','codeforces','atcoder'])[1 + (row_number() over () - 1) % 5], 'user' || row_number() over (), true
    from (select id from users where email like 'ranked%' order by email limit ${REFRESHED}) u`);
  const runs = new Map<string, number>();
  const queues = Array.from({ length: INSTANCES }, () =>
    pgBossQueue({ connectionString: pg.url, contestRefreshMinutes: 60, schedule: false, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 }),
  );
  for (const q of queues) onCleanup('step 15 queue', () => q.stop());
  t = performance.now();
  for (const q of queues) {
    const judgeClient = createJudgeClient({ origins, intervalsMs: Object.fromEntries(judges.map((j) => [j.id, INTERVAL_MS])), timeoutMs: 10_000, clock: systemClock });
    const handlers = jobHandlers({ db, clock: systemClock, config, jobs: q, judgeClient, caches: database.changes });
    const counted: JobHandlers = {
      ...handlers,
      'refresh-account': async (data) => {
        runs.set(data.accountId, (runs.get(data.accountId) ?? 0) + 1);
        await handlers['refresh-account'](data);
      },
    };
    await q.start(counted);
  }
  await jobHandlers({ db, clock: systemClock, config: { ...config, accountRefreshHours: 24 }, jobs: queues[0]!, judgeClient: createJudgeClient({ origins, intervalsMs: {}, timeoutMs: 1000, clock: systemClock }), caches: database.changes })['refresh-due-accounts']({});
  const deadline = Date.now() + 240_000;
  let done = 0;
  while (Date.now() < deadline) {
    done = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from judge_accounts where checked_at is not null and handle like 'user%'`))[0]?.n ?? 0;
    if (done >= REFRESHED) break;
    await sleep(250);
  }
  const elapsed = (performance.now() - t) / 1000;
  await Promise.all(queues.map((q) => q.stop()));
  record(STEP, `refresh ${REFRESHED.toLocaleString('en')} accounts (5 judges, ${INSTANCES} queue instances, ${INTERVAL_MS} ms per judge per instance)`, done >= REFRESHED ? elapsed : null, 's', { op: '<', limit: 120, label: 'finishes (< 2 min)' }, `${done} refreshed`);
  const twice = [...runs.values()].filter((n) => n > 1).length;
  record(STEP, 'jobs run more than once', twice, '', { op: '<=', limit: 0, label: 'none' }, `${runs.size} jobs run`);
  const ok = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from judge_accounts where status = 'ok' and handle like 'user%'`))[0]?.n ?? 0;
  record(STEP, 'accounts read successfully', ok, '', { op: '>=', limit: REFRESHED, label: `${REFRESHED}` });
  // The busiest second each judge saw, against what the spacing allows (one request per interval per instance).
  const allowed = (INSTANCES * 1000) / INTERVAL_MS;
  let worst = 0;
  for (const j of judges) {
    const at = judge.requests.filter((r) => r.judge === j.id).map((r) => r.at).sort((a, b) => a - b);
    let busiest = 0;
    for (let i = 0, k = 0; i < at.length; i++) {
      while (at[i]! - at[k]! >= 1000) k++;
      busiest = Math.max(busiest, i - k + 1);
    }
    detail(`${j.id}: ${at.length} requests, busiest second ${busiest} (allowed ${allowed})`);
    worst = Math.max(worst, busiest / allowed);
  }
  record(STEP, 'busiest second at any judge / what its rate limit allows', worst * 100, '%', { op: '<=', limit: 100, label: '≤ 100 %' });
  await database.close();
  await pg.drop();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await measureAccounts({ samples: process.argv.includes('--quick') ? 10 : 30 });
  } catch (err) {
    console.error(err);
  }
  await cleanupAll();
  printTable(rows);
  process.exit(0);
}
