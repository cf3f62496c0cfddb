import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { ParsedProblem } from '../../shared/platforms/types';
import { isEmbedded, queryRows, type Db } from '../db/client';
import { unauthorized } from '../lib/errors';
import { nameFromKey, slugFromKey } from './questions';

/** A question as the imports need it. */
export interface BulkQuestion {
  id: string;
  platform: string;
  key: string;
  name: string;
  problem_url: string;
  /** In the shared catalogue; false for a custom question (one the catalogue did not know). */
  verified: boolean;
}

export const problemKey = (p: { platform: string; key: string }) => `${p.platform}:${p.key}`;

/**
 * Ids for new rows. The same random (v4) uuids as the columns' default, made here: PGlite draws each
 * gen_random_uuid() from /dev/urandom through its emulated file system, an open and a read per row.
 */
export const newIds = (n: number) => Array.from({ length: n }, () => randomUUID());

/**
 * The JSON documents of a query that answers one row of json text columns (json_agg(...)::text). Tens of
 * thousands of rows travel as one value each way: on PGlite every row decoded one by one costs more than
 * the statement that produced it.
 */
export async function jsonColumns<T extends Record<string, unknown>>(tx: Db, query: SQL): Promise<T> {
  const [row] = await queryRows<Record<keyof T, string>>(tx, query);
  if (!row) throw new Error('bulk statement answered no row');
  return Object.fromEntries(Object.entries<string>(row).map(([k, v]) => [k, JSON.parse(v) as unknown])) as T;
}

/**
 * Starts a bulk import's transaction. Answers whether it runs alone: true on the embedded database
 * (PGlite is one connection, so nothing else runs between this transaction's first statement and its
 * commit), where the import's statements then need no conflict handling (resolveQuestions).
 *
 * There, the transaction's inserts also skip PostgreSQL's per-row foreign-key checks, and the import
 * checks those references itself, once per statement: each per-row check is a query of its own (some
 * 57,000 for a 1 MB progress file, near half of its time in PGlite's WebAssembly). Logical replication
 * applies changes the same way (session_replication_role = replica). What stands in for them: the user
 * is read here, inside the transaction; every question id the import writes was read or created by this
 * same transaction (resolveQuestions) and the records statement joins them to questions; and since the
 * transaction runs alone, nothing deletes a row it refers to before it commits. Only foreign-key
 * triggers are skipped: every trigger of ours is ENABLE ALWAYS (migration 0007).
 *
 * On PostgreSQL this does nothing: the database checks every row as usual, and other transactions may
 * add the same questions or records meanwhile.
 */
export async function beginBulkImport(root: Db, tx: Db, userId: string): Promise<{ alone: boolean }> {
  if (!isEmbedded(root)) return { alone: false };
  await tx.execute(sql`set local session_replication_role = replica`);
  const [user] = await queryRows(tx, sql`select 1 from users where id = ${userId}`);
  if (!user) throw unauthorized();
  return { alone: true };
}

/** Rows a bulk write must add before the statistics of the tables it wrote are refreshed (see refreshStatistics). */
const ANALYZE_AFTER_ROWS = 1_000;

type BulkTable = 'user_questions' | 'review_cards' | 'questions' | 'mappings';

/**
 * After a bulk write that added many rows (a first progress import, a first history sync, a large sheet
 * import), refresh the planner's statistics of the tables it wrote, once it has committed. Until
 * autovacuum gets to them (up to a minute later), the planner believes the user still has the handful of
 * records they had, and the next import's joins with those records turn into nested loops over all of
 * them: a 1,764-problem sync right after a 19,581-row progress import took 4 s instead of 0.3 s.
 * ANALYZE reads a fixed sample (30,000 rows at the default statistics target), so its cost does not grow
 * with the table; its lock only conflicts with another ANALYZE or VACUUM of the same table.
 */
export async function refreshStatistics(db: Db, rowsAdded: number, tables: readonly BulkTable[]): Promise<void> {
  if (rowsAdded < ANALYZE_AFTER_ROWS || !tables.length) return;
  await db.execute(sql.raw(`analyze ${tables.join(', ')}`));
}

type QuestionTuple = [id: string, platform: string, key: string, name: string, problemUrl: string, verified: boolean];

const questionTuples = (from: SQL) =>
  sql`(select coalesce(json_agg(json_build_array(r.id, r.platform, r.key, r.name, r.problem_url, r.verified)), '[]') from ${from} as r)::text`;

/**
 * The questions of these problems by problemKey, creating the ones the catalogue does not know as custom
 * (unverified) questions, exactly as ensureQuestion does one at a time. Whatever the file size, this is
 * two statements at most (three when another import adds some of the same questions meanwhile): rows
 * travel as one JSON document, so PostgreSQL's bind-parameter limit never applies. `alone`: the
 * transaction runs alone (see beginBulkImport), so no one else can add the missing ones meanwhile.
 */
export async function resolveQuestions(tx: Db, problems: ParsedProblem[], createdBy: string, { alone }: { alone: boolean }): Promise<Map<string, BulkQuestion>> {
  const found = new Map<string, BulkQuestion>();
  if (!problems.length) return found;
  const keep = (rows: QuestionTuple[]) => {
    for (const [id, platform, key, name, problem_url, verified] of rows) found.set(problemKey({ platform, key }), { id, platform, key, name, problem_url, verified });
  };
  const lookup = async (list: ParsedProblem[]) => {
    const pairs = JSON.stringify(list.map((p) => ({ platform: p.platform, key: p.key })));
    const { rows } = await jsonColumns<{ rows: QuestionTuple[] }>(
      tx,
      sql`select ${questionTuples(sql`(select q.id, q.platform, q.key, q.name, q.problem_url, q.verified
          from jsonb_to_recordset(${pairs}::jsonb) as w(platform text, key text)
          join questions q on q.platform = w.platform and q.key = w.key)`)} as rows`,
    );
    keep(rows);
  };
  await lookup(problems);
  const missing = problems.filter((p) => !found.has(problemKey(p)));
  if (!missing.length) return found;

  const created = missing.map((p): QuestionTuple => [randomUUID(), p.platform, p.key, nameFromKey(p.key), p.url, false]);
  const values = JSON.stringify(created.map(([id, platform, key, name, url]) => ({ id, platform, key, name, slug: slugFromKey(key), url })));
  const insert = sql`insert into questions (id, platform, key, name, slug, problem_url, verified, created_by)
    select w.id, w.platform, w.key, w.name, w.slug, w.url, false, ${createdBy}
    from jsonb_to_recordset(${values}::jsonb) as w(id uuid, platform text, key text, name text, slug text, url text)`;
  if (alone) {
    // Every one of them is written as given (a duplicate would fail the statement, and the import with it).
    await tx.execute(insert);
    keep(created);
    return found;
  }
  const { rows } = await jsonColumns<{ rows: QuestionTuple[] }>(
    tx,
    sql`with created as (${insert} on conflict do nothing returning id, platform, key, name, problem_url, verified)
        select ${questionTuples(sql`created`)} as rows`,
  );
  keep(rows);
  // Another transaction may have added some of them meanwhile: read those.
  const raced = missing.filter((p) => !found.has(problemKey(p)));
  if (raced.length) await lookup(raced);
  return found;
}
