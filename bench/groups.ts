/**
 * Step 17: a group's class grid. Server time (in-process app.fetch) of the grid for 200 members × 450
 * questions, half of the cells solved: cold (nothing of it kept) and warm (kept, as a busy grid is); then a
 * member's tick through a second app on the same PostgreSQL database (a second process: its own pool and
 * change feed), and whether the first grid read after the tick answered shows it. Seeding is set-based SQL.
 *
 * Runs inside `npm run bench -- --only 17`, or alone: `npx tsx bench/groups.ts [--quick]`.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createApp, type AppType } from '../api/app';
import { openPglite, openPostgres, queryRows, type Database } from '../api/db/client';
import { sheets } from '../api/db/schema';
import type { Grid } from '../shared/schemas/group';
import { captureStatements, createPgDatabase, explainStatements, pgliteDir } from './databases';
import { cleanupAll, detail, heading, onCleanup, printTable, record, rows, skip, summarize, type Target } from './lib';
import { benchConfig } from './seed';

const STEP = '17';
const MEMBERS = 200;
const QUESTIONS = 450;
const UNDER_100: Target = { op: '<', limit: 100, label: '< 100 ms' };

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's shape
async function call<T = unknown>(app: AppType, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

async function signup(app: AppType, name: string) {
  const res = await app.request('/auth/v1/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${name}@bench.invalid`, password: 'correct horse battery', firstName: name }),
  });
  return ((await res.json()) as { data: { token: string; user: { _id: string } } }).data;
}

/** A teacher's group of MEMBERS, a public sheet of QUESTIONS assigned to it, every member having solved half of it. */
async function seed(database: Database, app: AppType) {
  const { db } = database;
  const t = performance.now();
  const teacher = await signup(app, 'teacher');
  const student = await signup(app, 'student');
  await db.execute(sql`insert into questions (platform, key, name, slug, problem_url, verified)
    select 'codeforces', 'g' || g, 'Grid problem ' || g, 'grid-' || g, 'https://codeforces.com/problemset/problem/' || (900000 + g) || '/A', true
    from generate_series(1, ${QUESTIONS}) g`);
  const [sheetId] = await db.insert(sheets).values({ name: 'Grid sheet', slug: 'grid-sheet', authorId: teacher.user._id, visibility: 'public' }).returning({ id: sheets.id });
  if (!sheetId) throw new Error('no sheet');
  await db.execute(sql`insert into mappings (sheet_id, question_id, topic, title)
    select ${sheetId.id}, id, 'Grid', name from questions where key like 'g%' and platform = 'codeforces'`);
  const group = await call<{ group: { id: string; inviteCode: string } }>(app, 'POST', '/question-tracker/v1/groups', teacher.token, { name: 'Bench class' });
  const groupId = group.data.group.id;
  // The other members straight into the tables (a signup each would take minutes at the production hash cost).
  await db.execute(sql`with made as (
      insert into users (email, password_hash, first_name, profile_name)
      select 'member' || n || '@bench.invalid', 'x', 'Member ' || n, 'bench-member-' || n from generate_series(1, ${MEMBERS - 2}) n returning id)
    insert into group_members (group_id, user_id) select ${groupId}, id from made`);
  await call(app, 'POST', `/question-tracker/v1/groups/join/${group.data.group.inviteCode}`, student.token);
  await db.execute(sql`insert into user_questions (user_id, question_id, checked, solved_at)
    select m.user_id, q.id, true, now() - ((hashtext(m.user_id::text || q.id::text) & 7) - 3) * interval '1 day'
      from group_members m cross join questions q
     where m.group_id = ${groupId} and m.role = 'member' and q.key like 'g%' and q.platform = 'codeforces'
       and hashtext(q.id::text || m.user_id::text) & 1 = 0`);
  const assigned = await call<{ assignment: { id: string } }>(app, 'POST', `/question-tracker/v1/groups/${groupId}/assignments`, teacher.token, {
    sheetId: sheetId.id,
    dueAt: new Date().toISOString(),
  });
  await db.execute(sql`analyze user_questions; analyze group_members; analyze questions`);
  detail(`seeded ${MEMBERS} members, ${QUESTIONS} questions, an assignment of all of them, in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const [firstRow] = await queryRows<{ id: string }>(
    db,
    sql`select q.id from questions q where q.key like 'g%' and not exists (select 1 from user_questions uq where uq.user_id = ${student.user._id} and uq.question_id = q.id) limit 1`,
  );
  return { teacher, student, groupId, assignmentId: assigned.data.assignment.id, unsolvedId: firstRow?.id ?? '' };
}

async function measureOn(label: string, database: Database, second: Database | null, samples: number) {
  const app = createApp({ db: database.db, config: benchConfig(), changes: database.changes });
  const s = await seed(database, app);
  const path = `/question-tracker/v1/groups/${s.groupId}/assignments/${s.assignmentId}/grid`;
  const read = (on: AppType = app) => call<Grid>(on, 'GET', path, s.teacher.token);

  // For this run's load: the machine is shared, so the grid's figures read beside a trivial signed-in read.
  const baseTimes: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await call(app, 'GET', '/auth/v1/me', s.teacher.token);
    baseTimes.push(performance.now() - t);
  }
  record(STEP, `${label}: baseline: the signed-in user (GET /auth/v1/me), for this run’s load — median`, summarize(baseTimes).median, 'ms');

  const coldTimes: number[] = [];
  for (let i = 0; i < Math.min(samples, 10); i++) {
    // A fresh app keeps nothing: each of these reads builds the grid from the database.
    const fresh = createApp({ db: database.db, config: benchConfig(), changes: database.changes });
    const t = performance.now();
    const r = await read(fresh);
    coldTimes.push(performance.now() - t);
    if (r.status !== 200) return record(STEP, `${label}: grid`, null, 'ms', UNDER_100, `answered ${r.status}`);
  }
  const first = await read();
  const cells = first.data.cells.length * (first.data.cells[0]?.length ?? 0);
  const cold = summarize(coldTimes);
  record(STEP, `${label}: class grid ${MEMBERS} × ${QUESTIONS}, cold — median`, cold.median, 'ms', UNDER_100, `p95 ${cold.p95.toFixed(1)} ms, ${cells} cells`);
  const statements = await captureStatements(database.db, () => read(createApp({ db: database.db, config: benchConfig(), changes: database.changes })));
  for (const p of (await explainStatements(database.db, statements)).slice(0, 3)) detail(`${Number.isFinite(p.ms) ? p.ms.toFixed(1) : '?'} ms under EXPLAIN ANALYZE  ${p.sql.replace(/\s+/g, ' ').slice(0, 100)}…  [${p.plan}]`);

  const warmTimes: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await read();
    warmTimes.push(performance.now() - t);
  }
  const warm = summarize(warmTimes);
  record(STEP, `${label}: class grid ${MEMBERS} × ${QUESTIONS}, warm — median`, warm.median, 'ms', UNDER_100, `p95 ${warm.p95.toFixed(1)} ms`);

  if (!second) {
    skip(STEP, `${label}: a tick through another process`, 'needs PostgreSQL (one PGlite directory is one process)');
    return;
  }
  // The warm app is "process A"; the tick goes through "process B", on its own pool and change feed.
  const other = createApp({ db: second.db, config: benchConfig(), changes: second.changes });
  await read();
  const t = performance.now();
  const ticked = await call(other, 'POST', '/question-tracker/v1/user/question/solve-question', s.student.token, { questionId: s.unsolvedId, checked: true });
  const answered = performance.now() - t;
  const after = await read();
  const row = after.data.members.findIndex((m) => m.name === 'student');
  const column = after.data.questions.findIndex((q) => q.id === s.unsolvedId);
  const seen = ticked.status === 201 && row >= 0 && column >= 0 && after.data.cells[row]?.[column] !== 'open';
  record(STEP, `${label}: a tick through another process, shown in the first warm grid read after it answers`, seen ? 1 : 0, '', { op: '>=', limit: 1, label: 'yes (1)' }, `the tick answered in ${answered.toFixed(1)} ms`);
}

export async function measureGroups(options: { samples: number }): Promise<void> {
  heading(`${STEP}. A group's class grid, in-process (app.fetch)`);
  const pg = await createPgDatabase();
  if ('error' in pg) {
    skip(STEP, 'PostgreSQL', `${pg.error}; measuring on PGlite`);
    const dir = pgliteDir();
    const database = await openPglite(dir.dataDir);
    onCleanup('step 17 PGlite', () => database.close());
    await measureOn('PGlite', database, null, options.samples);
    return;
  }
  const database = await openPostgres(pg.url);
  onCleanup('step 17 database connection', () => database.close());
  const second = await openPostgres(pg.url, 2);
  onCleanup('step 17 second connection', () => second.close());
  await measureOn('PostgreSQL', database, second, options.samples);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quick = process.argv.includes('--quick');
  measureGroups({ samples: quick ? 10 : 30 })
    .then(() => printTable(rows))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => void cleanupAll());
}
