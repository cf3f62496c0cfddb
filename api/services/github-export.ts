import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { githubFacts } from '../../shared/platforms/github';
import { EXPORT_MESSAGES, type ExportRunState } from '../../shared/rules/exports';
import type { ExportRunStart, GithubConnectBody, GithubExportState } from '../../shared/schemas/export';
import type { Config } from '../config';
import { queryRows, type Db } from '../db/client';
import { githubExports } from '../db/schema';
import { parseRepo } from '../github/answers';
import { githubClient, GithubRateLimited, type GithubAnswer, type GithubFetch } from '../github/client';
import type { JobQueue } from '../jobs/queue';
import type { Clock } from '../lib/clock';
import { AppError, badRequest, notFound } from '../lib/errors';
import { openSecret, sealSecret, SecretUnreadableError } from '../lib/secrets';

/*
 * A user's connection to their GitHub repository (the token sealed, never shown again) and the export
 * runs it starts: by hand, or every minute when new solutions were kept. github-export-run.ts carries a
 * run out.
 */

export interface ExportDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'secretsKey' | 'githubApiOrigin'>;
  jobs: JobQueue;
  githubFetch?: GithubFetch;
  /** How a run waits out a short rate limit (tests may pass a quicker one). */
  sleep?: (ms: number) => Promise<void>;
}

export type ExportRow = typeof githubExports.$inferSelect;

const REQUEST_TIMEOUT_MS = 30_000;

export const repoPath = (row: Pick<ExportRow, 'owner' | 'repo'>) => `/repos/${encodeURIComponent(row.owner)}/${encodeURIComponent(row.repo)}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A time as an SQL value (raw SQL takes no Date on every driver). */
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function keyOf(deps: ExportDeps): Buffer {
  if (!deps.config.secretsKey) throw new AppError(503, 'ServiceUnavailable', EXPORT_MESSAGES.keyMissing);
  return deps.config.secretsKey;
}

export function clientFor(deps: ExportDeps, token: string) {
  return githubClient({ origin: deps.config.githubApiOrigin, token, timeoutMs: REQUEST_TIMEOUT_MS, now: () => deps.clock.now().getTime(), ...(deps.githubFetch && { fetch: deps.githubFetch }) });
}

async function rowOf(db: Db, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(githubExports).where(eq(githubExports.userId, userId)).limit(1);
  return row;
}

/** The state the API reports: the connection without its token, and the current or last run. */
function stateOf(row: ExportRow | undefined): GithubExportState {
  if (!row) return { connection: null, run: null };
  const repoUrl = `${githubFacts.origins.site}/${row.owner}/${row.repo}`;
  return {
    connection: { owner: row.owner, repo: row.repo, branch: row.branch, auto: row.auto, includeNotes: row.includeNotes, connectedAt: row.connectedAt.toISOString(), repoUrl },
    run:
      row.runId && row.runState
        ? {
            id: row.runId,
            state: row.runState as ExportRunState,
            trigger: row.runTrigger === 'auto' ? 'auto' : 'manual',
            queuedAt: iso(row.runQueuedAt),
            startedAt: iso(row.runStartedAt),
            finishedAt: iso(row.runFinishedAt),
            done: row.runDone,
            total: row.runTotal,
            files: row.runFiles,
            commitSha: row.runState === 'done' ? row.runCommitSha : null,
            commitUrl: row.runState === 'done' && row.runCommitSha ? `${repoUrl}/commit/${row.runCommitSha}` : null,
            waitUntil: row.runState === 'waiting' ? iso(row.runWaitUntil) : null,
            error: row.runError,
          }
        : null,
  };
}

export async function exportState(deps: Pick<ExportDeps, 'db'>, userId: string): Promise<GithubExportState> {
  return stateOf(await rowOf(deps.db, userId));
}

/**
 * Connects (or reconnects) the user's repository: the token is checked by reading the repository with it
 * (it must see it and may write to it), then sealed. Without a token the saved one is kept, for the same
 * repository only.
 */
export async function connectGithub(deps: ExportDeps, userId: string, body: GithubConnectBody): Promise<GithubExportState> {
  const key = keyOf(deps);
  const existing = await rowOf(deps.db, userId);
  const sameRepo = existing && existing.owner.toLowerCase() === body.owner.toLowerCase() && existing.repo.toLowerCase() === body.repo.toLowerCase();
  let token = body.token;
  if (!token) {
    if (!existing || !sameRepo) throw badRequest(EXPORT_MESSAGES.tokenNeeded);
    try {
      token = openSecret(key, existing.tokenSealed, userId);
    } catch (err) {
      if (err instanceof SecretUnreadableError) throw badRequest(EXPORT_MESSAGES.tokenUnreadable);
      throw err;
    }
  }
  let answer: GithubAnswer;
  try {
    answer = await clientFor(deps, token).request('GET', repoPath(body));
  } catch (err) {
    if (err instanceof GithubRateLimited) throw new AppError(503, 'GithubUnavailable', EXPORT_MESSAGES.rateLimited, Math.min(err.waitSeconds, 3600));
    throw new AppError(502, 'GithubUnavailable', EXPORT_MESSAGES.githubDown);
  }
  if (answer.status === 401) throw badRequest(EXPORT_MESSAGES.tokenRefused);
  if (answer.status === 404 || answer.status === 403) throw badRequest(EXPORT_MESSAGES.repoNotFound);
  const info = answer.status === 200 ? parseRepo(answer.text) : null;
  if (!info) throw new AppError(502, 'GithubUnavailable', EXPORT_MESSAGES.githubDown);
  if (info.canPush === false) throw badRequest(EXPORT_MESSAGES.cannotWrite);

  const targetChanged = !existing || !sameRepo || existing.branch !== body.branch;
  const values = {
    owner: body.owner,
    repo: body.repo,
    branch: body.branch,
    tokenSealed: sealSecret(key, token, userId),
    auto: body.auto ?? existing?.auto ?? false,
    includeNotes: body.includeNotes ?? existing?.includeNotes ?? false,
    // Another repository or branch has none of the solutions yet: automatic exports start from the beginning.
    ...(targetChanged && { exportedThrough: null }),
  };
  const [row] = await deps.db
    .insert(githubExports)
    .values({ userId, ...values, connectedAt: deps.clock.now() })
    .onConflictDoUpdate({ target: githubExports.userId, set: values })
    .returning();
  return stateOf(row);
}

export async function disconnectGithub(deps: Pick<ExportDeps, 'db'>, userId: string): Promise<void> {
  const gone = await deps.db.delete(githubExports).where(eq(githubExports.userId, userId)).returning({ userId: githubExports.userId });
  if (!gone.length) throw notFound(EXPORT_MESSAGES.notConnected);
}

/**
 * Starts a run unless one is under way (then answers that run's id): the row changes only where no run
 * is active, so two calls at once, from one process or two, start one run.
 */
export async function startExport(deps: ExportDeps, userId: string, trigger: 'manual' | 'auto'): Promise<ExportRunStart> {
  keyOf(deps);
  const runId = randomUUID();
  const now = deps.clock.now();
  const started = await deps.db
    .update(githubExports)
    .set({
      runId,
      runState: 'queued',
      runTrigger: trigger,
      runQueuedAt: now,
      runStartedAt: null,
      runFinishedAt: null,
      runLeaseOwner: null,
      runLeaseUntil: null,
      runWaitUntil: null,
      runAttempts: 0,
      runDone: 0,
      runTotal: 0,
      runError: null,
      runBlobs: [],
      runCommitSha: null,
      runCommitParent: null,
      runFiles: null,
    })
    .where(and(eq(githubExports.userId, userId), sql`(${githubExports.runState} is null or ${githubExports.runState} in ('done', 'failed'))`))
    .returning({ runId: githubExports.runId });
  if (started.length) {
    await deps.jobs.send('export-github', { userId, runId }, `export-${userId}`);
    return { jobId: runId, started: true };
  }
  const row = await rowOf(deps.db, userId);
  if (!row) throw notFound(EXPORT_MESSAGES.notConnected);
  return { jobId: row.runId ?? runId, started: false };
}

/**
 * Every minute: an automatic export for each connection with solutions kept since its last export (one
 * that failed waits an hour before the next try), and a job again for runs nobody carries on (their
 * process stopped, or their job was lost).
 */
export async function queueDueExports(deps: ExportDeps): Promise<void> {
  const now = deps.clock.now();
  const due = await queryRows<{ user_id: string }>(
    deps.db,
    sql`select e.user_id from github_exports e
        where e.auto
          and (e.run_state is null or e.run_state = 'done' or (e.run_state = 'failed' and e.run_finished_at < ${ts(new Date(now.getTime() - 3600_000))}))
          and exists (select 1 from solutions s where s.user_id = e.user_id and s.created_at > coalesce(e.exported_through, '-infinity'::timestamptz))`,
  );
  for (const r of due) await startExport(deps, r.user_id, 'auto');
  const stalled = await queryRows<{ user_id: string; run_id: string }>(
    deps.db,
    sql`select user_id, run_id from github_exports
        where (run_state = 'queued' and run_queued_at < ${ts(new Date(now.getTime() - 5 * 60_000))})
           or (run_state = 'running' and run_lease_until < ${ts(now)})
           or (run_state = 'waiting' and run_wait_until <= ${ts(now)})`,
  );
  for (const r of stalled) await deps.jobs.send('export-github', { userId: r.user_id, runId: r.run_id }, `export-${r.user_id}`);
}
