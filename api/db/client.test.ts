import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openTestDatabase } from '../testing';
import { openPglite, openPostgres, queryRows } from './client';

describe('the embedded database', () => {
  it('refuses a second process on the same data directory with a clear message, and reopens after close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-lock-'));
    const first = await openPglite(dir);
    try {
      const script = `import('./api/db/client.ts').then((m) => m.openPglite(${JSON.stringify(dir)})).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`;
      // Not spawnSync: the first keeps its lock fresh while the second looks at it.
      const second = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 60_000 }, (err, _stdout, stderr) => resolve({ status: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr }));
      });
      expect(second.status).toBe(3);
      expect(second.stderr).toContain('already in use by another server');
    } finally {
      await first.close();
    }
    const again = await openPglite(dir);
    await again.close();
  }, 90_000);
});

describe('the migrations', () => {
  it('compress sheet configs with lz4 on PostgreSQL, and leave PGlite, which has no lz4, with its default', async () => {
    const database = await openTestDatabase();
    try {
      const [row] = await queryRows<{ method: string }>(database.db, sql`select attcompression::text as method from pg_attribute where attrelid = 'sheets'::regclass and attname = 'config'`);
      expect(row?.method).toBe(database.kind === 'postgres' ? 'l' : '');
    } finally {
      await database.close();
    }
  });

  it("keep a sheet's config of a few kilobytes in its row, so a reorder writes nothing to the TOAST table", async () => {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      await db.execute(sql`insert into users (email, password_hash, first_name, profile_name) values ('toast@example.com', 'x', 'T', 'toast')`);
      await db.execute(sql`insert into sheets (name, slug, author_id) select 'Big', 'big', id from users where email = 'toast@example.com'`);
      // 120 question ids: 4.6 kB of JSON that no compressor shrinks much, past the 2 kB where a row is otherwise toasted.
      const order = sql`(select jsonb_agg(gen_random_uuid()::text) from generate_series(1, 120))`;
      await db.execute(sql`update sheets set config = jsonb_build_object('topicOrder', '[]'::jsonb, 'subTopicOrder', '{}'::jsonb, 'questionOrder', ${order}) where slug = 'big'`);
      const [toast] = await queryRows<{ name: string }>(db, sql`select reltoastrelid::regclass::text as name from pg_class where oid = 'sheets'::regclass`);
      const [stored] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${toast!.name}`));
      expect(stored?.n).toBe(0);
      const [row] = await queryRows<{ n: number }>(db, sql`select jsonb_array_length(config->'questionOrder') as n from sheets where slug = 'big'`);
      expect(row?.n).toBe(120);
    } finally {
      await database.close();
    }
  });
});

describe('PostgreSQL', () => {
  it('starts with a pool of one connection (DATABASE_POOL_SIZE=1), two processes migrating a new database at once', async (ctx) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return ctx.skip(); // PGlite is one connection in one process
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    try {
      const target = new URL(url);
      target.pathname = `/${name}`;
      const both = await Promise.all([openPostgres(target.toString(), 1), openPostgres(target.toString(), 1)]);
      try {
        const counts = await Promise.all(both.map(async (d) => (await queryRows<{ n: number }>(d.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n));
        expect(counts[0]).toBeGreaterThan(20);
        expect(counts[1]).toBe(counts[0]);
      } finally {
        await Promise.all(both.map((d) => d.close()));
      }
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
