import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** False only when no process has this id: a live one, even another user's, may be the lock's owner. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The lock's owner by process id, written beside it (the lock directory itself must stay empty). */
function ownerOf(ownerPath: string): number | null {
  const pid = Number(readFileSync(ownerPath, { encoding: 'utf8', flag: 'r' }).trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

const ownerGone = (ownerPath: string) => {
  try {
    const pid = ownerOf(ownerPath);
    return pid !== null && pid !== process.pid && !running(pid);
  } catch {
    return false;
  }
};

/**
 * Holds a data directory for this process: PGlite is one connection in one process, and a second process
 * on the same directory would silently lose writes. The lock (proper-lockfile) is a directory whose
 * mtime its owner keeps fresh; one left by a process that died goes stale by time, whatever became of
 * that process's id; one whose owner's id names no process (a crash, not an id since reused) is taken
 * over at once. Only one process at a time may check for and take over a lock (a second, short-lived
 * lock around the attempt), so of servers started together exactly one wins. A lock kept fresh is
 * another server's: the start fails with a clear message. Resolves to the release.
 */
export async function lockDataDir(dir: string, staleMs = LOCK_STALE_MS): Promise<() => Promise<void>> {
  // Not the older servers' PID file (pglite.lock): a lock of this kind is a directory.
  const lockfilePath = join(dir, 'server.lock');
  const ownerPath = `${lockfilePath}.owner`;
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
      if (ownerGone(ownerPath)) rmSync(lockfilePath, { recursive: true, force: true });
      const release = await lockfile.lock(lockfilePath, { lockfilePath, realpath: false, stale: staleMs, update, onCompromised });
      writeFileSync(ownerPath, String(process.pid));
      return release;
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
