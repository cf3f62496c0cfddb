import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_DAYS, RATING_BUCKET, RATING_CAP, type Activity, type Analytics, type Distribution } from '../../shared/schemas/analytics';
import { queryRows, type Db } from '../db/client';
import type { Clock } from '../lib/clock';

interface Count {
  name: string;
  count: number;
}

const toMap = (rows: Count[]): Distribution => Object.fromEntries(rows.map((r) => [r.name, Number(r.count)]));

/**
 * Distributions of the user's solved questions (spec §3 Analytics), aggregated in SQL. days = -1 counts
 * every solved record, days = N those solved in the last N days. Numeric ratings fall into buckets of
 * 100 up to 5000; named difficulties (Easy, Medium, Hard, Basic, ...) stay as they are.
 */
export async function getAnalytics(db: Db, clock: Clock, userId: string, days: number): Promise<{ analytics: Analytics; totalSolved: number }> {
  const since = days === -1 ? null : new Date(clock.now().getTime() - days * 86_400_000);
  const solved = sql`uq.user_id = ${userId} and uq.checked ${since ? sql`and uq.solved_at >= ${since.toISOString()}::timestamptz` : sql``}`;
  const from = sql`user_questions uq join questions q on q.id = uq.question_id`;
  const grouped = (name: SQL, source: SQL = from) =>
    queryRows<Count>(db, sql`select ${name} as name, count(*)::int as count from ${source} where ${solved} group by 1 order by 2 desc, 1`);
  // Judges spell topics and companies differently ("math", "Math"): one entry each, under the most used spelling.
  const labels = (column: SQL, source: SQL) =>
    queryRows<Count>(
      db,
      sql`select mode() within group (order by ${column}) as name, count(*)::int as count
          from ${source} where ${solved} group by lower(${column}) order by 2 desc, 1`,
    );

  const difficulty = sql`case when q.difficulty ~ '^[0-9]+$'
      then (least(floor(q.difficulty::numeric / ${RATING_BUCKET}) * ${RATING_BUCKET}, ${RATING_CAP})::int)::text
      else q.difficulty end`;
  const [difficulties, platforms, topics, companies, total] = [
    await grouped(difficulty),
    await grouped(sql`q.platform`),
    await labels(sql`t.name`, sql`${from} cross join lateral unnest(q.topics) as t(name)`),
    await labels(sql`c.name`, sql`${from} cross join lateral unnest(q.companies) as c(name)`),
    await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ${from} where ${solved}`),
  ];
  return {
    analytics: {
      topicWiseDistribution: toMap(topics),
      companyWiseDistribution: toMap(companies),
      difficultyWiseDistribution: toMap(difficulties),
      platformWiseDistribution: toMap(platforms),
    },
    totalSolved: Number(total[0]?.count ?? 0),
  };
}

/** yyyy-MM-dd of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Questions solved per day in the person's time zone over the last year (today included). */
export async function getActivity(db: Db, clock: Clock, userId: string, timeZone = 'UTC'): Promise<Activity> {
  const to = dayIn(clock.now(), timeZone);
  const from = addDays(to, -(ACTIVITY_DAYS - 1));
  const localDay = sql`(uq.solved_at at time zone ${timeZone})::date`;
  const rows = await queryRows<Count>(
    db,
    sql`select to_char(${localDay}, 'YYYY-MM-DD') as name, count(*)::int as count
        from user_questions uq
        where uq.user_id = ${userId} and uq.checked and uq.solved_at is not null
          and ${localDay} between ${from}::date and ${to}::date
        group by 1 order by 1`,
  );
  const days = toMap(rows);
  return { from, to, days, total: Object.values(days).reduce((a, b) => a + b, 0) };
}
