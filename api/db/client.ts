import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir } from './data-dir-lock';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';
import * as schema from './schema';

type Schema = typeof schema;
/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What changed, announced by the database (see change-feed.ts): lets the API keep answers in memory. */
  changes: ChangeFeed;
  /** The embedded database's own client (PGlite only): the job queue sends its SQL through it. */
  pglite?: PGlite;
  close(): Promise<void>;
}

const migrationsFolder = join(PROJECT_ROOT, 'api/db/migrations');

/**
 * PGlite on `dataDir`, or in memory when it is null. `template` (an in-memory database's files, from
 * dumpDataDir) starts the in-memory one from those files instead of a new cluster: creating a cluster
 * takes seconds, loading one about one.
 */
export async function openPglite(dataDir: string | null, template?: Blob): Promise<Database> {
  let release = () => Promise.resolve();
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
    try {
      client = new PGlite(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
      await client.waitReady;
    } catch (err) {
      await release();
      throw err;
    }
  } else {
    client = new PGlite({ extensions: { pg_trgm }, ...(template && { loadDataDir: template }) });
  }
  // PGlite runs without fsync (safe against a process crash, not against power loss): filling each new WAL segment with
  // zeros first protects nothing then, and costs a bulk import hundreds of milliseconds.
  await client.exec('SET wal_init_zero = off');
  const db = drizzlePglite(client, { schema });
  embedded.add(db);
  await migratePglite(db, { migrationsFolder });
  const changes = await pgliteChangeFeed(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    changes,
    pglite: client,
    async close() {
      await changes.close();
      await client.close();
      await release();
    },
  };
}

/**
 * Several API processes may start together: one migrates at a time. The lock is held by the session the
 * migrations run on, a connection of their own (a pool of one would otherwise be held by the lock while
 * the migrations wait for it), and goes with it.
 */
async function migrateAlone(url: string): Promise<void> {
  const one = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await one`select pg_advisory_lock(727274)`;
    await migratePostgres(drizzlePostgres(one, { schema }), { migrationsFolder });
  } finally {
    await one.end({ timeout: 5 });
  }
}

export async function openPostgres(url: string, max = 4): Promise<Database> {
  await migrateAlone(url);
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema });
  const changes = await postgresChangeFeed(url);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    changes,
    async close() {
      await changes.close();
      await client.end({ timeout: 5 });
    },
  };
}

const embedded = new WeakSet<object>();

/**
 * Whether this is the embedded database (PGlite): one connection, so a transaction runs alone from its
 * first statement to its commit and nothing else reads or writes meanwhile.
 */
export function isEmbedded(db: Db): boolean {
  return embedded.has(db);
}

export async function openDatabase(config: { databaseUrl: string | undefined; databasePoolSize: number; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.databasePoolSize) : openPglite(config.dataDir);
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw query, whichever driver ran it (PGlite answers { rows }, postgres.js an array). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** A json or jsonb value, whichever driver read it (PGlite answers some as text where postgres.js has parsed them). */
export const parsedJson = <T extends object>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
