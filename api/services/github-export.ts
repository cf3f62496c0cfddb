import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { githubFacts } from '../../shared/platforms/github';
import { plural } from '../../shared/plural';
import { EXPORT_MESSAGES, type ExportRunState } from '../../shared/rules/exports';
import type { ExportRunStart, GithubConnectBody, GithubExportState } from '../../shared/schemas/export';
import type { Config } from '../config';
import { queryRows, type Db } from '../db/client';
import { githubExports } from '../db/schema';
import { gitBlobSha, isEmptyRepository, parseCommit, parseContentsCommit, parseCreated, parseRef, parseRepo, parseTree } from '../github/answers';
import { githubClient, GithubError, GithubRateLimited, unexpected, type GithubAnswer, type GithubFetch } from '../github/client';
import type { JobQueue } from '../jobs/queue';
import type { Clock } from '../lib/clock';
import { AppError, badRequest, notFound } from '../lib/errors';
import { openSecret, sealSecret, SecretUnreadableError } from '../lib/secrets';
import { buildExportTree } from './export-content';

/*
 * Exports to a user's GitHub repository through the Git Data API: the files that differ from the branch
 * become blobs, one tree on the branch's tree, one commit on the branch head, and the branch moves to it.
 * A run is a row's state (db/schema githubExports), taken by one process at a time under a lease; every
 * step's result is written before the next, so a run taken up again (a crash, a rate limit, a restart)
 * carries on without creating a blob or a commit twice.
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

type Row = typeof githubExports.$inferSelect;

/** A process's claim on a run lasts this long unless renewed by its next step. */
const LEASE_MS = 5 * 60_000;
/** Rate limits up to this long are waited out in the run; longer ones park it and queue it for later. */
const INLINE_WAIT_MAX_SECONDS = 30;
/** A run that fails on GitHub's side this many times stops with its error. */
const MAX_ATTEMPTS = 6;
const REQUEST_TIMEOUT_MS = 30_000;

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const repoPath = (row: Pick<Row, 'owner' | 'repo'>) => `/repos/${encodeURIComponent(row.owner)}/${encodeURIComponent(row.repo)}`;
const branchPath = (branch: string) => branch.split('/').map(encodeURIComponent).join('/');
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A time as an SQL value (raw SQL takes no Date on every driver). */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function keyOf(deps: ExportDeps): Buffer {
  if (!deps.config.secretsKey) throw new AppError(503, 'ServiceUnavailable', EXPORT_MESSAGES.keyMissing);
  return deps.config.secretsKey;
}

function clientFor(deps: ExportDeps, token: string) {
  return githubClient({ origin: deps.config.githubApiOrigin, token, timeoutMs: REQUEST_TIMEOUT_MS, now: () => deps.clock.now().getTime(), ...(deps.githubFetch && { fetch: deps.githubFetch }) });
}

async function rowOf(db: Db, userId: string): Promise<Row | undefined> {
  const [row] = await db.select().from(githubExports).where(eq(githubExports.userId, userId)).limit(1);
  return row;
}

/** The state the API reports: the connection without its token, and the current or last run. */
function stateOf(row: Row | undefined): GithubExportState {
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

/** The lease was taken by another process (this one stalled past it): stop without writing anything. */
class LostLease extends Error {}
/** A long rate limit: park the run until then. */
class Pause extends Error {
  constructor(readonly seconds: number) {
    super(`paused ${seconds} s`);
  }
}
/** A failure that trying again will not mend (a refused token, a repository gone). */
class Permanent extends Error {}

/** One run's claim: every write goes through it, and fails once another process holds the run. */
function runHandle(deps: ExportDeps, userId: string, owner: string) {
  return {
    async write(values: PgUpdateSetSource<typeof githubExports>) {
      const leaseUntil = new Date(deps.clock.now().getTime() + LEASE_MS);
      const done = await deps.db
        .update(githubExports)
        .set({ ...values, runLeaseUntil: values.runLeaseOwner === null ? null : leaseUntil })
        .where(and(eq(githubExports.userId, userId), eq(githubExports.runLeaseOwner, owner)))
        .returning({ userId: githubExports.userId });
      if (!done.length) throw new LostLease();
    },
  };
}

/**
 * The job: takes the user's active run if nobody holds it (queued, a wait that is over, or a lease that
 * ran out) and carries it on to the end. Two processes handed the job at once: one takes it, the other
 * returns at once.
 */
export async function runExport(deps: ExportDeps, userId: string): Promise<void> {
  const owner = randomUUID();
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(githubExports)
    .set({
      runState: 'running',
      runLeaseOwner: owner,
      runLeaseUntil: new Date(now.getTime() + LEASE_MS),
      runStartedAt: sql`coalesce(${githubExports.runStartedAt}, ${ts(now)})`,
      runWaitUntil: null,
      runAttempts: sql`${githubExports.runAttempts} + 1`,
    })
    .where(
      and(
        eq(githubExports.userId, userId),
        sql`(${githubExports.runState} = 'queued'
          or (${githubExports.runState} = 'waiting' and ${githubExports.runWaitUntil} <= ${ts(now)})
          or (${githubExports.runState} = 'running' and ${githubExports.runLeaseUntil} < ${ts(now)}))`,
      ),
    )
    .returning();
  if (!row) return;
  const run = runHandle(deps, userId, owner);
  try {
    await exportSteps(deps, row, run);
  } catch (err) {
    if (err instanceof LostLease) return;
    if (err instanceof Pause) {
      const waitUntil = new Date(deps.clock.now().getTime() + err.seconds * 1000);
      await run.write({ runState: 'waiting', runWaitUntil: waitUntil, runLeaseOwner: null });
      await deps.jobs.send('export-github', { userId, runId: row.runId ?? '' }, `export-${userId}-wait`, { startAfterSeconds: err.seconds });
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    const transient = !(err instanceof Permanent) && row.runAttempts + 1 < MAX_ATTEMPTS;
    if (transient) {
      // Given back as queued: the queue's retry (or the export-due job, after a restart) takes it up again.
      await run.write({ runState: 'queued', runError: message, runLeaseOwner: null });
      throw err;
    }
    await run.write({ runState: 'failed', runError: message, runFinishedAt: deps.clock.now(), runLeaseOwner: null });
  }
}

async function exportSteps(deps: ExportDeps, row: Row, run: ReturnType<typeof runHandle>): Promise<void> {
  let token: string;
  try {
    token = openSecret(keyOf(deps), row.tokenSealed, row.userId);
  } catch (err) {
    if (err instanceof SecretUnreadableError) throw new Permanent(EXPORT_MESSAGES.tokenUnreadable);
    throw err;
  }
  const client = clientFor(deps, token);
  const sleep = deps.sleep ?? defaultSleep;
  const repo = repoPath(row);

  /** One request, waiting out short rate limits in place; a refused token ends the run. */
  async function gh(method: string, path: string, body?: unknown): Promise<GithubAnswer> {
    for (let tries = 0; ; tries++) {
      try {
        const answer = await client.request(method, path, body);
        if (answer.status === 401) throw new Permanent(EXPORT_MESSAGES.tokenRefused);
        if (answer.status === 403 || (answer.status === 404 && path === repo)) throw new Permanent(EXPORT_MESSAGES.repoNotFound);
        return answer;
      } catch (err) {
        if (!(err instanceof GithubRateLimited)) throw err;
        if (err.waitSeconds > INLINE_WAIT_MAX_SECONDS || tries >= 3) throw new Pause(err.waitSeconds);
        await sleep(err.waitSeconds * 1000);
      }
    }
  }
  const expect = <T>(what: string, answer: GithubAnswer, ok: number[], value: (text: string) => T | null): T => {
    const v = ok.includes(answer.status) ? value(answer.text) : null;
    if (v === null) throw unexpected(what, answer);
    return v;
  };

  const tree = await buildExportTree(deps.db, row.userId, { includeNotes: row.includeNotes });
  const encoder = new TextEncoder();
  const entries = tree.files.map((f) => {
    const bytes = encoder.encode(f.content);
    return { path: f.path, bytes, sha: gitBlobSha(bytes) };
  });
  const finish = (files: number, commitSha: string | null) =>
    run.write({
      runState: 'done',
      runFinishedAt: deps.clock.now(),
      runFiles: files,
      runCommitSha: commitSha,
      runError: null,
      runLeaseOwner: null,
      ...(tree.newest && { exportedThrough: sql`greatest(${githubExports.exportedThrough}, ${ts(tree.newest)})` }),
    });

  // The branch head: missing on an empty repository (409) or a new branch (404).
  const refPath = `${repo}/git/ref/heads/${branchPath(row.branch)}`;
  const refAnswer = await gh('GET', refPath);
  let head: string | null = null;
  let newBranch = false;
  if (refAnswer.status === 200) head = expect('Reading the branch', refAnswer, [200], parseRef);
  else if (isEmptyRepository(refAnswer.status, refAnswer.text)) {
    // The Git Data API refuses an empty repository; GitHub documents the contents API as the way to make
    // its first commit. The index README goes first; the run's one commit follows on top of it.
    const readme = entries.find((e) => e.path === 'README.md');
    if (!readme) throw new Error('the export has no README.md');
    const created = await gh('PUT', `${repo}/contents/README.md`, { message: 'Start the solutions export', content: Buffer.from(readme.bytes).toString('base64'), branch: row.branch });
    head = expect('Creating the first commit', created, [200, 201], parseContentsCommit).sha;
  } else if (refAnswer.status === 404) {
    // A new branch starts from the repository's default branch.
    const info = expect('Reading the repository', await gh('GET', repo), [200], parseRepo);
    head = expect('Reading the default branch', await gh('GET', `${repo}/git/ref/heads/${branchPath(info.defaultBranch)}`), [200], parseRef);
    newBranch = true;
  } else throw unexpected('Reading the branch', refAnswer);

  const moveBranch = async (sha: string) => {
    const moved = newBranch
      ? await gh('POST', `${repo}/git/refs`, { ref: `refs/heads/${row.branch}`, sha })
      : await gh('PATCH', `${repo}/git/refs/heads/${branchPath(row.branch)}`, { sha, force: false });
    expect('Moving the branch', moved, [200, 201], parseRef);
  };

  // An earlier attempt of this run made its commit: move the branch to it, or see it moved already.
  if (row.runCommitSha) {
    if (head === row.runCommitSha) return finish(row.runTotal, row.runCommitSha);
    if (head === row.runCommitParent) {
      await moveBranch(row.runCommitSha);
      return finish(row.runTotal, row.runCommitSha);
    }
    // The branch moved on meanwhile: that commit is left aside and the run starts over from the new head.
    await run.write({ runCommitSha: null, runCommitParent: null });
  }

  const headCommit = expect('Reading the head commit', await gh('GET', `${repo}/git/commits/${head}`), [200], parseCommit);
  const remote = expect('Reading the tree', await gh('GET', `${repo}/git/trees/${headCommit.tree}?recursive=1`), [200], parseTree);
  const changed = entries.filter((e) => remote.files.get(e.path) !== e.sha);
  if (!changed.length) return finish(0, null);

  // Blobs GitHub already has (elsewhere in the tree, or made by an earlier attempt) are not sent again.
  const have = new Set<string>([...remote.files.values(), ...row.runBlobs]);
  const created = [...row.runBlobs];
  const alreadyDone = changed.filter((e) => have.has(e.sha)).length;
  await run.write({ runTotal: changed.length, runDone: alreadyDone });
  let done = alreadyDone;
  for (const e of changed) {
    if (have.has(e.sha)) continue;
    const sha = expect('Creating a file', await gh('POST', `${repo}/git/blobs`, { content: Buffer.from(e.bytes).toString('base64'), encoding: 'base64' }), [201], parseCreated);
    if (sha !== e.sha) throw new GithubError(502, `GitHub stored ${e.path} under another sha`);
    have.add(sha);
    created.push(sha);
    done++;
    await run.write({ runBlobs: created, runDone: done });
  }

  // Each write-making step first renews the lease: a process that stalled past it stops here.
  await run.write({ runDone: done });
  const newTree = expect(
    'Creating the tree',
    await gh('POST', `${repo}/git/trees`, { base_tree: headCommit.tree, tree: changed.map((e) => ({ path: e.path, mode: '100644', type: 'blob', sha: e.sha })) }),
    [201],
    parseCreated,
  );
  if (newTree === headCommit.tree) return finish(0, null);
  const message = `Export ${plural(tree.solutions, 'solution')} of ${plural(tree.problems, 'problem')}\n\n${plural(changed.length, 'file')} changed.`;
  await run.write({ runDone: done });
  const commit = expect('Creating the commit', await gh('POST', `${repo}/git/commits`, { message, tree: newTree, parents: [head] }), [201], parseCreated);
  // Kept before the branch moves: an attempt after a crash here moves the branch to this commit, never makes another.
  await run.write({ runCommitSha: commit, runCommitParent: head });
  await moveBranch(commit);
  await finish(changed.length, commit);
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
