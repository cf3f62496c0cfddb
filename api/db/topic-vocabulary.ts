import { eq, sql } from 'drizzle-orm';
import { canonicalTopic, TOPIC_VOCABULARY_VERSION } from '../../shared/rules/topics';
import { queryRows, type Db } from './client';
import { maintenanceVersions } from './schema';

const JOB = 'topic-vocabulary';

/**
 * Renames the stored topics once per edition of the vocabulary (TOPIC_VOCABULARY_VERSION), at start.
 * The edition done is kept in maintenance_versions; a transaction-scoped advisory lock makes processes
 * starting together wait for the one doing it, then find it done. Answers the names renamed, or null
 * when this edition was done already (the usual start: one indexed read).
 */
export async function canonicalizeTopicsOnce(db: Db, version = TOPIC_VOCABULARY_VERSION): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${JOB}))`);
    const [done] = await tx.select({ version: maintenanceVersions.version }).from(maintenanceVersions).where(eq(maintenanceVersions.name, JOB));
    if (done && done.version >= version) return null;
    const renamed = await canonicalizeStoredTopics(tx);
    await tx
      .insert(maintenanceVersions)
      .values({ name: JOB, version })
      .onConflictDoUpdate({ target: maintenanceVersions.name, set: { version, doneAt: sql`now()` } });
    return renamed;
  });
}

/**
 * Brings topics stored before the vocabulary (shared/rules/topics), or before a word was added to it, to
 * their canonical names: the catalogue's and users' own. It reads the distinct topics and rewrites only
 * rows holding one that changes; repeats after the rewrite are kept once, in their first place. Answers
 * how many distinct topic names were renamed. Called in a transaction by canonicalizeTopicsOnce.
 */
async function canonicalizeStoredTopics(db: Db): Promise<number> {
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
  await db.execute(sql`update questions set topics = ${rewritten(sql.raw('questions.topics'))} where topics && ${keys}`);
  await db.execute(sql`update custom_questions set topics = ${rewritten(sql.raw('custom_questions.topics'))} where topics && ${keys}`);
  return from.length;
}
