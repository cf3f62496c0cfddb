import { statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lockfile from 'proper-lockfile';

export class DataDirInUseError extends Error {}

/**
 * How long a lock nobody refreshes takes to count as left behind by a process that died. Its owner
 * refreshes it several times within that, even while a long statement holds up its event loop for a while.
 */
const LOCK_STALE_MS = 30_000;

const inUse = (dir: string) =>
  new DataDirInUseError(`The data directory ${dir} is already in use by another server. Stop that process, or set DATA_DIR to another directory or DATABASE_URL to a PostgreSQL server.`);

const isLocked = (err: unknown) => err instanceof Error && (err as NodeJS.ErrnoException).code === 'ELOCKED';

/**
 * Holds a data directory for this process: PGlite is one connection in one process, and a second process
 * on the same directory would silently lose writes. The lock (proper-lockfile) is a directory whose
 * mtime its owner keeps fresh; one left by a process that died goes stale by time, whatever became of
 * that process's id. Only one process at a time may check for and take over a stale lock (a second,
 * short-lived lock around the attempt), so of servers started together exactly one wins. A lock kept
 * fresh is another server's: the start fails with a clear message. Resolves to the release.
 */
export async function lockDataDir(dir: string, staleMs = LOCK_STALE_MS): Promise<() => Promise<void>> {
  // Not the older servers' PID file (pglite.lock): a lock of this kind is a directory.
  const lockfilePath = join(dir, 'server.lock');
  const update = Math.max(1000, Math.floor(staleMs / 6));
  const onCompromised = (err: Error) => {
    throw new DataDirInUseError(`Lost the lock on the data directory ${dir} (${err.message}): stopping, so that two servers never write to it.`);
  };
  // Held for a moment only: it goes stale (its holder died in that moment) no sooner than the main lock.
  const takeover = { lockfilePath: `${lockfilePath}.takeover`, realpath: false, stale: Math.max(staleMs, LOCK_STALE_MS), retries: { retries: 300, minTimeout: 10, maxTimeout: 100 } };
  const deadline = Date.now() + staleMs + 2 * update;
  let seen: number | undefined;
  for (;;) {
    // Each lock names its own file: the library keeps one lock per file name.
    const releaseTakeover = await lockfile.lock(takeover.lockfilePath, takeover);
    try {
      return await lockfile.lock(lockfilePath, { lockfilePath, realpath: false, stale: staleMs, update, onCompromised });
    } catch (err) {
      if (!isLocked(err)) throw err;
    } finally {
      await releaseTakeover();
    }
    // Held: by a live server if it keeps the lock fresh, else by one that died (stale once staleMs pass).
    const mtime = statSync(lockfilePath, { throwIfNoEntry: false })?.mtimeMs;
    if ((seen !== undefined && mtime !== undefined && mtime !== seen) || Date.now() > deadline) throw inUse(dir);
    seen = mtime;
    await sleep(Math.min(250, update / 2));
  }
}
