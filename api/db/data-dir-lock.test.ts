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
  kill(): void;
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
  return { outcome, kill: () => child.kill('SIGKILL') };
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

describe('the data directory lock', () => {
  it('of two servers started together on a stale lock, exactly one runs (20 times)', async () => {
    for (let round = 0; round < 20; round++) {
      const dir = dirWithStaleLock();
      const both = [taker(dir), taker(dir)];
      try {
        expect((await Promise.all(both.map((t) => t.outcome))).sort()).toEqual(['locked', 'refused']);
      } finally {
        for (const t of both) t.kill();
      }
    }
  }, 300_000);

  it('a lock left by a crash is taken over once stale, even beside an old lock file naming a live process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-lock-'));
    // An older server's PID file, its number since reused by a live process (this one).
    writeFileSync(join(dir, 'pglite.lock'), String(process.pid));
    const crashed = taker(dir);
    expect(await crashed.outcome).toBe('locked');
    crashed.kill();
    const started = Date.now();
    const release = await lockDataDir(dir, STALE_MS);
    expect(Date.now() - started).toBeLessThan(4 * STALE_MS);
    // While held and kept fresh, another server is refused.
    const second = taker(dir);
    try {
      expect(await second.outcome).toBe('refused');
    } finally {
      second.kill();
      await release();
    }
  }, 60_000);
});
