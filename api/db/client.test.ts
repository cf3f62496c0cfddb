import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../testing';
import { openPglite, queryRows } from './client';

describe('the embedded database', () => {
  it('refuses a second process on the same data directory with a clear message, and reopens after close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-lock-'));
    const first = await openPglite(dir);
    try {
      const script = `import('./api/db/client.ts').then((m) => m.openPglite(${JSON.stringify(dir)})).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`;
      const second = spawnSync('npx', ['tsx', '-e', script], { encoding: 'utf8', timeout: 60_000 });
      expect(second.status).toBe(3);
      expect(second.stderr).toContain(`already in use by another server (pid ${process.pid})`);
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
});
