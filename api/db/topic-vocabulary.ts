import { sql } from 'drizzle-orm';
import { canonicalTopic } from '../../shared/rules/topics';
import { queryRows, type Db } from './client';

/**
 * Brings topics stored before the vocabulary (shared/rules/topics), or before a word was added to it, to
 * their canonical names: the catalogue's and users' own. Run at start: it reads the distinct topics
 * (a few thousand at most) and rewrites only rows holding one that changes; repeats after the rewrite
 * are kept once, in their first place. Answers how many distinct topic names were renamed.
 */
export async function canonicalizeStoredTopics(db: Db): Promise<number> {
  const stored = await queryRows<{ t: string }>(
    db,
    sql`select distinct t from (select unnest(topics) as t from questions union select unnest(topics) from custom_questions) x`,
  );
  const renames = Object.fromEntries(stored.map(({ t }): [string, string] => [t, canonicalTopic(t)]).filter(([from, to]) => from !== to));
  const from = Object.keys(renames);
  if (!from.length) return 0;
  const map = JSON.stringify(renames);
  const rewritten = (column: ReturnType<typeof sql.raw>) => sql`(
    select coalesce(array_agg(name order by first), '{}') from (
      select coalesce(${map}::jsonb ->> t, t) as name, min(ord) as first
      from unnest(${column}) with ordinality as u(t, ord)
      where coalesce(${map}::jsonb ->> t, t) <> ''
      group by 1) named)`;
  const keys = sql`array(select jsonb_object_keys(${map}::jsonb))`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update questions set topics = ${rewritten(sql.raw('questions.topics'))} where topics && ${keys}`);
    await tx.execute(sql`update custom_questions set topics = ${rewritten(sql.raw('custom_questions.topics'))} where topics && ${keys}`);
  });
  return from.length;
}
