import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../lib/project-root';
import { lockDataDir } from './data-dir-lock';

// A data directory's lock, as separate server processes take it. Staleness is 5 s here (30 s in a server).
const STALE_MS = 5000;

interface Taker {
  outcome: Promise<'locked' | 'refused'>;
  /** Resolves once the process has exited. */
  kill(): Promise<void>;
}

/** A process that takes the directory's lock and holds it until killed, as a server does. */
function taker(dir: string): Taker {
  const script = `import('./api/db/data-dir-lock.ts').then((m) => m.lockDataDir(${JSON.stringify(dir)}, ${STALE_MS})).then(() => { console.log('locked'); setInterval(() => {}, 1000); }, (e) => { console.error(e.message); process.exit(3); })`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const outcome = new Promise<'locked' | 'refused'>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('locked')) resolve('locked');
    });
    child.on('exit', (code) => (code === 3 && stderr.includes('already in use by another server') ? resolve('refused') : reject(new Error(`exit ${code}: ${stderr}`))));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    outcome,
    kill: () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
}

/** A directory whose lock was left by a server that died long ago. */
function dirWithStaleLock(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pt-lock-'));
  const lock = join(dir, 'server.lock');
  mkdirSync(lock);
  const past = new Date(Date.now() - 10 * STALE_MS);
  utimesSync(lock, past, past);
  return dir;
}

// No database in it: the PGlite pass runs it, and the PostgreSQL pass would only repeat it.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('the data directory lock', () => {
  it('of two servers started together on a stale lock, exactly one runs (20 times)', async () => {
    for (let round = 0; round < 20; round++) {
      const dir = dirWithStaleLock();
      const both = [taker(dir), taker(dir)];
      try {
        expect((await Promise.all(both.map((t) => t.outcome))).sort()).toEqual(['locked', 'refused']);
      } finally {
        await Promise.all(both.map((t) => t.kill()));
      }
    }
  }, 300_000);

  it('a lock whose owner is gone is taken over at once, and a live holder still refuses the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-lock-'));
    const crashed = taker(dir);
    expect(await crashed.outcome).toBe('locked');
    await crashed.kill();
    const started = Date.now();
    const release = await lockDataDir(dir, STALE_MS);
    // Well within the lock's staleness: the owner's id named no process.
    expect(Date.now() - started).toBeLessThan(STALE_MS / 2);
    const second = taker(dir);
    try {
      expect(await second.outcome).toBe('refused');
    } finally {
      await second.kill();
      await release();
    }
  }, 120_000);

  it('a lock left by a crash whose owner id now names a live process is taken over once stale', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-lock-'));
    // An older server's PID file, its number since reused by a live process (this one).
    writeFileSync(join(dir, 'pglite.lock'), String(process.pid));
    const crashed = taker(dir);
    expect(await crashed.outcome).toBe('locked');
    await crashed.kill();
    // Its id since reused by a live process unrelated to the lock (this one's parent).
    writeFileSync(join(dir, 'server.lock.owner'), String(process.ppid));
    const started = Date.now();
    const release = await lockDataDir(dir, STALE_MS);
    expect(Date.now() - started).toBeGreaterThan(STALE_MS / 2);
    expect(Date.now() - started).toBeLessThan(4 * STALE_MS);
    // While held and kept fresh, another server is refused.
    const second = taker(dir);
    try {
      expect(await second.outcome).toBe('refused');
    } finally {
      await second.kill();
      await release();
    }
  }, 60_000);
});
