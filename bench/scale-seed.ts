/**
 * The data of steps 11–14 (bench/scale-data.ts): 1× = 1,000 users, 300 sheets of 50 questions and
 * 100,000 workspace records (100 a user) on top of step 1's data set; 10× and 100× multiply all three.
 * Seeding is set-based SQL (INSERT … SELECT over generate_series), so rows never cross the wire, and a
 * database grows from one size to the next in place.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../api/db/client';
import type { Db } from '../api/db/client';
import type { BenchData } from './seed';

export interface ScaleSize {
  factor: number;
  users: number;
  sheets: number;
}
export const RECORDS_PER_USER = 100;
const MAPPINGS_PER_SHEET = 50;
export const scaleSize = (factor: number): ScaleSize => ({ factor, users: 1000 * factor, sheets: 300 * factor });
/** Users seeded per statement at 100×: 10,000 users are a million records. */
const USER_CHUNK = 10_000;
const SHEET_CHUNK = 3_000;

/** A scale viewer's bearer token: known to the benchmark, stored only as its hash like any other. */
export const viewerToken = (n: number) => `scale-viewer-token-${String(n).padStart(8, '0')}`;

const exec = (db: Db, q: SQL) => db.execute(q);

/** Adds the users, sheets, records, notes, sessions and follows of `to` beyond those of `from`. */
export async function growScale(db: Db, data: BenchData, from: ScaleSize | null, to: ScaleSize, log: (line: string) => void): Promise<void> {
  const t0 = performance.now();
  await exec(db, sql`create table if not exists bench_rows (id int primary key, n bigint not null default 0)`);
  await exec(db, sql`create table if not exists scale_ids (n int primary key, id uuid not null)`);
  await exec(db, sql`create table if not exists scale_sheets (n int primary key, id uuid not null)`);
  // Every question, numbered: a user's records and a sheet's questions are picked by arithmetic on these numbers.
  await exec(db, sql`create table if not exists scale_qpool (i int primary key, id uuid not null)`);
  const [pool] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from scale_qpool`);
  if (!pool?.n) await exec(db, sql`insert into scale_qpool select (row_number() over (order by id))::int - 1, id from questions`);
  const [{ n: q } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from scale_qpool`);
  if (q < RECORDS_PER_USER * 13 || q < MAPPINGS_PER_SHEET * 17) throw new Error(`only ${q} questions to pick from`);

  for (let a = from?.users ?? 0; a < to.users; a += USER_CHUNK) {
    const b = Math.min(to.users, a + USER_CHUNK);
    const t = performance.now();
    await db.transaction(async (tx) => {
      await exec(tx, sql`insert into users (email, password_hash, first_name, second_name, profile_name)
        select 'scale-' || g || '@bench.example.com', '!', 'Scale' || g, 'Bench', 'bench-scale-' || g from generate_series(${a}::int, ${b - 1}::int) g`);
      await exec(tx, sql`insert into scale_ids select g, u.id from generate_series(${a}::int, ${b - 1}::int) g join users u on u.email = 'scale-' || g || '@bench.example.com'`);
      await exec(tx, sql`insert into sessions (user_id, token_hash, expires_at)
        select s.id, encode(sha256(convert_to('scale-viewer-token-' || lpad(s.n::text, 8, '0'), 'UTF8')), 'hex'), now() + interval '3650 days'
        from scale_ids s where s.n >= ${a} and s.n < ${b}`);
      // 100 records a user, 60 % ticked and 11 % starred, spread over two years.
      await exec(tx, sql`insert into user_questions (user_id, question_id, checked, starred, solved_at, created_at, updated_at)
        select s.id, p.id, (s.n + k) % 10 < 6, (s.n + k) % 9 = 0,
          case when (s.n + k) % 10 < 6 then now() - ((k * 7) % 700) * interval '1 day' end,
          now() - ((k * 7) % 700 + 1) * interval '1 day', now() - ((k * 3) % 300) * interval '1 day'
        from scale_ids s cross join generate_series(0, ${RECORDS_PER_USER - 1}::int) k
        join scale_qpool p on p.i = (s.n::bigint * 7919 + k * 13) % ${q}
        where s.n >= ${a} and s.n < ${b}`);
      await exec(tx, sql`insert into notes (user_id, title, note) select id, 'Scale note', '<p>scale note ' || n || '</p>' from scale_ids where n >= ${a} and n < ${b}`);
      // Every viewer follows the 455-question sheet, so it may tick questions there.
      await exec(tx, sql`insert into sheet_follows (sheet_id, user_id) select ${data.sheet.id}::uuid, id from scale_ids where n >= ${a} and n < ${b}`);
      await exec(tx, sql`insert into bench_rows (id) select g from generate_series(${a}::int, ${b - 1}::int) g on conflict do nothing`);
    });
    log(`users ${a.toLocaleString('en-US')}–${(b - 1).toLocaleString('en-US')}: ${((b - a) * RECORDS_PER_USER).toLocaleString('en-US')} records, notes, sessions (${Math.round(performance.now() - t)} ms)`);
  }
  // Sheets in chunks too: each new sheet's triggers take locks and announce it, and 30,000 in one
  // transaction run out of PostgreSQL's shared lock table.
  for (let c = from?.sheets ?? 0; c < to.sheets; c += SHEET_CHUNK) {
    const d = Math.min(to.sheets, c + SHEET_CHUNK);
    const t = performance.now();
    await db.transaction(async (tx) => {
      // Sheet n is written by scale user n; 50 questions in five topics.
      await exec(tx, sql`insert into sheets (name, slug, visibility, author_id) select 'Scale sheet ' || n, 'scale-sheet-' || n, 'public', id from scale_ids where n >= ${c} and n < ${d}`);
      await exec(tx, sql`insert into scale_sheets select g, sh.id from generate_series(${c}::int, ${d - 1}::int) g join sheets sh on sh.slug = 'scale-sheet-' || g`);
      await exec(tx, sql`insert into mappings (sheet_id, question_id, topic, sub_topic, title)
        select ss.id, p.id, 'Topic ' || (j % 5), '', 'Scale question ' || j
        from scale_sheets ss cross join generate_series(0, ${MAPPINGS_PER_SHEET - 1}::int) j
        join scale_qpool p on p.i = (ss.n::bigint * 101 + j * 17) % ${q}
        where ss.n >= ${c} and ss.n < ${d}`);
      await exec(tx, sql`update sheets sh set version = 2, config = jsonb_build_object(
          'topicOrder', '["Topic 0","Topic 1","Topic 2","Topic 3","Topic 4"]'::jsonb, 'subTopicOrder', '{}'::jsonb,
          'questionOrder', (select jsonb_agg(m.id order by m.title) from mappings m where m.sheet_id = sh.id))
        from scale_sheets ss where ss.id = sh.id and ss.n >= ${c} and ss.n < ${d}`);
    });
    log(`sheets ${c.toLocaleString('en-US')}–${(d - 1).toLocaleString('en-US')}: ${((d - c) * MAPPINGS_PER_SHEET).toLocaleString('en-US')} questions placed (${Math.round(performance.now() - t)} ms)`);
  }
  // As autovacuum would leave it in a running database: statistics, and the visibility map that lets the
  // user's reads be index-only scans (measured right after a bulk insert, they would race autovacuum).
  // Then on disk: the checkpoint the seed's writes would start otherwise runs during the measurements.
  await exec(db, sql`vacuum analyze`);
  await exec(db, sql`checkpoint`);
  const [counts] = await queryRows<{ users: number; records: number; sheets: number; mappings: number }>(
    db,
    sql`select (select count(*) from users)::int as users, (select count(*) from user_questions)::int as records, (select count(*) from sheets)::int as sheets, (select count(*) from mappings)::int as mappings`,
  );
  log(`${to.factor}×: ${counts?.users.toLocaleString('en-US')} users, ${counts?.records.toLocaleString('en-US')} records, ${counts?.sheets.toLocaleString('en-US')} sheets, ${counts?.mappings.toLocaleString('en-US')} placed questions in all (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
