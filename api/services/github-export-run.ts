import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { plural } from '../../shared/plural';
import { EXPORT_MESSAGES } from '../../shared/rules/exports';
import { githubExports } from '../db/schema';
import { gitBlobSha, isEmptyRepository, parseCommit, parseContentsCommit, parseCreated, parseRef, parseRepo, parseTree } from '../github/answers';
import { GithubError, GithubRateLimited, unexpected, type GithubAnswer } from '../github/client';
import { openSecret, SecretUnreadableError } from '../lib/secrets';
import { buildExportTree } from './export-content';
import { clientFor, keyOf, repoPath, ts, type ExportDeps, type ExportRow } from './github-export';

/*
 * Exports to a user's GitHub repository through the Git Data API: the files that differ from the branch
 * become blobs, one tree on the branch's tree, one commit on the branch head, and the branch moves to it.
 * A run is a row's state (db/schema githubExports), taken by one process at a time under a lease; every
 * step's result is written before the next, so a run taken up again (a crash, a rate limit, a restart)
 * carries on without creating a blob or a commit twice.
 */

/** A process's claim on a run lasts this long unless renewed by its next step. */
const LEASE_MS = 5 * 60_000;
/** Rate limits up to this long are waited out in the run; longer ones park it and queue it for later. */
const INLINE_WAIT_MAX_SECONDS = 30;
/** A run that fails on GitHub's side this many times stops with its error. */
const MAX_ATTEMPTS = 6;

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const branchPath = (branch: string) => branch.split('/').map(encodeURIComponent).join('/');

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

async function exportSteps(deps: ExportDeps, row: ExportRow, run: ReturnType<typeof runHandle>): Promise<void> {
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
