import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../api/db/client';

/**
 * A fingerprint of every table of the application: its row count and an md5 of its rows in a stable
 * order (each row's text), so any insert, update or delete between two fingerprints shows.
 */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

export type Fingerprint = Record<string, string>;

export async function fingerprint(db: Db, tables: readonly string[]): Promise<Fingerprint> {
  const parts = tables.map(
    (t) => sql`select ${t} as name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as print from ${sql.identifier(t)} x`,
  );
  const rows = await queryRows<{ name: string; print: string }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

/** The tables whose fingerprint differs, leaving out those a refused request may write by design. */
export function changedTables(before: Fingerprint, after: Fingerprint, allowed: readonly string[] = []): string[] {
  return Object.keys(after).filter((t) => !allowed.includes(t) && before[t] !== after[t]);
}
