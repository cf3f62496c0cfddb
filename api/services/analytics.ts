import { sql } from 'drizzle-orm';
import { ACTIVITY_DAYS, RATING_BUCKET, RATING_CAP, type Activity, type Analytics, type Distribution } from '../../shared/schemas/analytics';
import { addDays, dayIn } from '../../shared/dates';
import { DAY_MS } from '../../shared/day';
import { queryRows, type Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { ownCustomJoin } from './custom-questions';

interface Count {
  name: string;
  count: number;
}

const toMap = (rows: Count[]): Distribution => Object.fromEntries(rows.map((r) => [r.name, r.count]));

type Kind = 'difficulty' | 'platform' | 'topic' | 'company' | 'total';
/** A literal, not a parameter: a parameter's type cannot be inferred inside a union. */
const tag = (kind: Kind) => sql.raw(`'${kind}'`);

/**
 * Distributions of the user's solved questions (spec §3 Analytics), aggregated in SQL. days = -1 counts
 * every solved record, days = N those solved in the last N days. Numeric ratings fall into buckets of
 * 100 up to 5000; named difficulties (Easy, Medium, Hard, Basic, ...) stay as they are.
 */
export async function getAnalytics(db: Db, clock: Clock, userId: string, days: number): Promise<{ analytics: Analytics; totalSolved: number }> {
  const since = days === -1 ? null : new Date(clock.now().getTime() - days * DAY_MS);
  const bucket = sql`case when difficulty ~ '^[0-9]+$'
      then (least(floor(difficulty::numeric / ${RATING_BUCKET}) * ${RATING_BUCKET}, ${RATING_CAP})::int)::text
      else difficulty end`;
  // grouping(difficulty, platform, topics, companies) of each grouping set: a bit for each column left out.
  const set = { difficulty: 0b0111, platform: 0b1011, topics: 0b1101, companies: 0b1110, total: 0b1111 };
  // Judges spell topics and companies differently ("math", "Math"): one entry each, under the most used
  // spelling (ties to the first in sort order, as mode() would).
  const labels = (kind: Kind, column: 'topics' | 'companies') =>
    sql`select ${tag(kind)}, name, count::int from (
          select distinct on (lower(name)) name, sum(n) over (partition by lower(name)) as count
          from (select l.name, sum(g.n) as n from g cross join lateral unnest(g.${sql.raw(column)}) as l(name)
                where g.set = ${sql.raw(String(set[column]))} group by 1) spellings
          order by lower(name), n desc, name) merged`;
  // One statement and one pass over the solved records: a grouping set per distribution, so the
  // per-row work is a hash lookup; bucketing and unnesting then touch only the distinct values.
  const rows = await queryRows<Count & { kind: Kind }>(
    db,
    sql`with g as (
          select coalesce(cq.difficulty, q.difficulty) as difficulty, q.platform, coalesce(cq.topics, q.topics) as topics, q.companies,
            grouping(coalesce(cq.difficulty, q.difficulty), q.platform, coalesce(cq.topics, q.topics), q.companies) as set, count(*) as n
          from user_questions uq join questions q on q.id = uq.question_id ${ownCustomJoin(sql`uq.user_id`)}
          where uq.user_id = ${userId} and uq.checked ${since ? sql`and uq.solved_at >= ${since.toISOString()}::timestamptz` : sql``}
          group by grouping sets ((coalesce(cq.difficulty, q.difficulty)), (q.platform), (coalesce(cq.topics, q.topics)), (q.companies), ())
        )
        select ${tag('difficulty')}::text as kind, ${bucket} as name, sum(n)::int as count from g where set = ${sql.raw(String(set.difficulty))} group by 2
        union all select ${tag('platform')}, platform, sum(n)::int from g where set = ${sql.raw(String(set.platform))} group by 2
        union all ${labels('topic', 'topics')}
        union all ${labels('company', 'companies')}
        union all select ${tag('total')}, null, n::int from g where set = ${sql.raw(String(set.total))}
        order by 1, 3 desc, 2`,
  );
  const of = (kind: Kind) => toMap(rows.filter((r) => r.kind === kind));
  return {
    analytics: {
      topicWiseDistribution: of('topic'),
      companyWiseDistribution: of('company'),
      difficultyWiseDistribution: of('difficulty'),
      platformWiseDistribution: of('platform'),
    },
    totalSolved: rows.find((r) => r.kind === 'total')?.count ?? 0,
  };
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
