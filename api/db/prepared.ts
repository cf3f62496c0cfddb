import type { Db } from './client';

/**
 * Prepared statements for the queries every request runs (the session and the sheet it reads): built
 * once per database, so a request skips building the SQL text and PostgreSQL skips planning it.
 */
const byDatabase = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    statements.set(name, statement);
  }
  return statement;
}
