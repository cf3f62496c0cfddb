import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
const TAG = '0013_names_avatars_followers';

/** A copy of the migrations folder that stops just before the follower-count migration: an existing database. */
function foldersBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pt-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === TAG);
  if (at < 0) throw new Error(`${TAG} is not in the journal`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Runner {
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openRunner(): Promise<Runner> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const client = postgres(target.toString(), { max: 1, onnotice: () => {} });
  const db = drizzlePostgres(client);
  return {
    query: async <T>(text: string) => (await client.unsafe(text)) as unknown as T[],
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    async close() {
      await client.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migration 0013 on an existing database', () => {
  const before = foldersBefore();
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it('replaces seeded follower figures by the follows the instance has, keeping their order as a rank', async () => {
    const db = await openRunner();
    try {
      await db.migrate(before);
      await db.query(`insert into users (id, email, password_hash, first_name, profile_name) values
        ('00000000-0000-4000-8000-000000000001', 'curator@example.com', '!', 'Curator', 'curator'),
        ('00000000-0000-4000-8000-000000000002', 'reader@example.com', '!', 'Reader', 'reader')`);
      await db.query(`insert into sheets (id, name, slug, author_id, category, visibility, followers) values
        ('00000000-0000-4000-8000-00000000000a', 'Big', 'big', '00000000-0000-4000-8000-000000000001', 'popular', 'public', 49871),
        ('00000000-0000-4000-8000-00000000000b', 'Small', 'small', '00000000-0000-4000-8000-000000000001', 'dsa', 'public', 120),
        ('00000000-0000-4000-8000-00000000000c', 'Own', 'own', '00000000-0000-4000-8000-000000000002', null, 'public', 7)`);
      await db.query(`insert into sheet_follows (sheet_id, user_id) values ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000002')`);

      await db.migrate(MIGRATIONS);
      const rows = await db.query<{ slug: string; followers: number; rank: number | null }>('select slug, followers, rank from sheets order by slug');
      expect(rows.map((r) => [r.slug, r.followers, r.rank])).toEqual([
        ['big', 0, 1],
        ['own', 0, null],
        ['small', 1, 2],
      ]);

      // From then on the count follows the follows.
      await db.query(`insert into sheet_follows (sheet_id, user_id) values ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000002')`);
      await db.query(`delete from users where id = '00000000-0000-4000-8000-000000000002'`);
      const after = await db.query<{ slug: string; followers: number }>(`select slug, followers from sheets where slug in ('big', 'small') order by slug`);
      expect(after.map((r) => r.followers)).toEqual([0, 0]);
    } finally {
      await db.close();
    }
  });
});
