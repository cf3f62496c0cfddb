import { sql } from 'drizzle-orm';
import type { ParsedProblem } from '../../shared/platforms/types';
import { queryRows, type Db } from '../db/client';
import { nameFromKey, slugFromKey } from './questions';

/** A question as the imports need it. */
export interface BulkQuestion {
  id: string;
  platform: string;
  key: string;
  name: string;
  problem_url: string;
}

export const problemKey = (p: { platform: string; key: string }) => `${p.platform}:${p.key}`;

/**
 * The questions of these problems by problemKey, creating the ones the catalogue does not know as custom
 * (unverified) questions, exactly as ensureQuestion does one at a time. Whatever the file size, this is
 * at most three statements: rows travel as one JSON document, so PostgreSQL's bind-parameter limit
 * never applies.
 */
export async function resolveQuestions(tx: Db, problems: ParsedProblem[], createdBy: string): Promise<Map<string, BulkQuestion>> {
  const found = new Map<string, BulkQuestion>();
  if (!problems.length) return found;
  const lookup = async (list: ParsedProblem[]) => {
    const pairs = JSON.stringify(list.map((p) => ({ platform: p.platform, key: p.key })));
    const rows = await queryRows<BulkQuestion>(
      tx,
      sql`select q.id, q.platform, q.key, q.name, q.problem_url
          from jsonb_to_recordset(${pairs}::jsonb) as w(platform text, key text)
          join questions q on q.platform = w.platform and q.key = w.key`,
    );
    for (const r of rows) found.set(problemKey(r), r);
  };
  await lookup(problems);
  const missing = problems.filter((p) => !found.has(problemKey(p)));
  if (!missing.length) return found;

  const values = JSON.stringify(missing.map((p) => ({ platform: p.platform, key: p.key, name: nameFromKey(p.key), slug: slugFromKey(p.key), url: p.url })));
  const inserted = await queryRows<BulkQuestion>(
    tx,
    sql`insert into questions (platform, key, name, slug, problem_url, verified, created_by)
        select w.platform, w.key, w.name, w.slug, w.url, false, ${createdBy}
        from jsonb_to_recordset(${values}::jsonb) as w(platform text, key text, name text, slug text, url text)
        on conflict do nothing
        returning id, platform, key, name, problem_url`,
  );
  for (const r of inserted) found.set(problemKey(r), r);
  // Another transaction may have added some of them meanwhile: read those.
  const raced = missing.filter((p) => !found.has(problemKey(p)));
  if (raced.length) await lookup(raced);
  return found;
}
