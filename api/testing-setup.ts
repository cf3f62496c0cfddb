/**
 * The API project's global setup: on PGlite, one migrated database is made before any test file runs,
 * and every test database starts from its files (api/testing.ts) rather than creating and migrating a
 * cluster of its own, which takes a few seconds each time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from './db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite database's files (a tarball), or null when the tests run on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pt-pglite-'));
  const file = join(dir, 'template.tar');
  const database = await openPglite(null);
  try {
    if (!database.pglite) throw new Error('openPglite answered without its PGlite');
    const files = await database.pglite.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await files.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
