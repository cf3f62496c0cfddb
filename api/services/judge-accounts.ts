import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import { platformById } from '../../shared/platforms/index';
import { JUDGE_ACCOUNT_MESSAGES as M } from '../../shared/rules/judge-accounts';
import { rankingFigures } from '../../shared/rules/ranking';
import type { JudgeAccount } from '../../shared/schemas/judge-account';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { judgeAccounts, userRankings } from '../db/schema';
import { judgeById, judgeName } from '../judges/index';
import { solvesReaderFor } from '../judges/solves-readers';
import type { AccountRead, JudgeAdapter } from '../judges/types';
import type { JobQueue } from '../jobs/queue';
import type { Clock } from '../lib/clock';
import { AppError, notFound } from '../lib/errors';
import { JudgeDownError, type JudgeClient } from './judge-client';

export interface JudgeDeps {
  db: Db;
  clock: Clock;
  config: Config;
  jobs: JobQueue;
  judgeClient: JudgeClient;
}

type AccountRow = typeof judgeAccounts.$inferSelect;

function adapterFor(platform: string): JudgeAdapter {
  const adapter = judgeById(platform);
  if (!adapter) throw notFound(M.unknownJudge);
  return adapter;
}

function toWire(row: AccountRow, now: Date): JudgeAccount {
  return {
    platform: row.platform,
    handle: row.handle,
    rating: row.rating,
    maxRating: row.maxRating,
    solved: row.solved,
    refreshedAt: row.refreshedAt?.toISOString() ?? null,
    public: row.public,
    rank: row.rank,
    contests: row.contests,
    status: row.status,
    statusDetail: row.statusDetail,
    ageSeconds: row.refreshedAt ? Math.max(0, Math.round((now.getTime() - row.refreshedAt.getTime()) / 1000)) : null,
    profileUrl: profileUrl(row.platform, row.handle),
  };
}

export function profileUrl(platform: string, handle: string): string {
  return `${platformById(platform)?.profileUrlBase ?? ''}${encodeURIComponent(handle)}`;
}

/** Reads a handle from its judge: the adapter's reading, or judge-down when the judge did not answer. */
async function readHandle(deps: Pick<JudgeDeps, 'judgeClient'>, adapter: JudgeAdapter, handle: string): Promise<AccountRead | { kind: 'judge-down'; error: JudgeDownError }> {
  try {
    const answers = await deps.judgeClient.run(adapter, adapter.account.plan(handle, deps.judgeClient.origin(adapter)));
    return adapter.account.parse(answers, handle);
  } catch (err) {
    if (err instanceof JudgeDownError) return { kind: 'judge-down', error: err };
    throw err;
  }
}

/** PUT: checks the handle on the judge and keeps its figures; replaces an account on the same judge. */
export async function linkAccount(deps: JudgeDeps, userId: string, platform: string, body: { handle: string; public?: boolean | undefined }): Promise<JudgeAccount> {
  const adapter = adapterFor(platform);
  const name = judgeName(platform);
  const read = await readHandle(deps, adapter, body.handle);
  if (read.kind === 'not-found') throw notFound(M.noSuchUser(name));
  if (read.kind === 'judge-down') throw new AppError(503, 'JudgeUnavailable', M.judgeDown(name), read.error.retryAfterMs ? Math.ceil(read.error.retryAfterMs / 1000) : null);
  if (read.kind === 'unreadable') throw new AppError(502, 'JudgeUnavailable', M.couldNotRead(name));
  const now = deps.clock.now();
  const values = {
    handle: body.handle,
    ...read.figures,
    status: 'ok' as const,
    statusDetail: null,
    refreshedAt: now,
    checkedAt: now,
    updatedAt: now,
  };
  const [row] = await deps.db
    .insert(judgeAccounts)
    .values({ userId, platform, public: body.public ?? false, ...values })
    .onConflictDoUpdate({ target: [judgeAccounts.userId, judgeAccounts.platform], set: { ...values, ...(body.public !== undefined && { public: body.public }) } })
    .returning();
  if (!row) throw new Error('judge account upsert returned nothing');
  await recomputeRanking(deps.db, userId);
  if (solvesReaderFor(platform)) await deps.jobs.send('refresh-solves', { accountId: row.id }, `solves-${row.id}`);
  return toWire(row, now);
}

export async function listAccounts(deps: Pick<JudgeDeps, 'db' | 'clock'>, userId: string) {
  const rows = await deps.db.select().from(judgeAccounts).where(eq(judgeAccounts.userId, userId)).orderBy(judgeAccounts.platform);
  const [ranking] = await deps.db.select({ optedIn: userRankings.optedIn }).from(userRankings).where(eq(userRankings.userId, userId));
  const now = deps.clock.now();
  return { accounts: rows.map((r) => toWire(r, now)), leaderboardOptIn: ranking?.optedIn ?? false };
}

async function ownAccount(db: Db, userId: string, platform: string): Promise<AccountRow> {
  adapterFor(platform);
  const [row] = await db.select().from(judgeAccounts).where(and(eq(judgeAccounts.userId, userId), eq(judgeAccounts.platform, platform)));
  if (!row) throw notFound(M.notLinked);
  return row;
}

export async function unlinkAccount(deps: Pick<JudgeDeps, 'db'>, userId: string, platform: string): Promise<void> {
  const row = await ownAccount(deps.db, userId, platform);
  await deps.db.delete(judgeAccounts).where(eq(judgeAccounts.id, row.id));
  await recomputeRanking(deps.db, userId);
}

export async function setAccountPublic(deps: Pick<JudgeDeps, 'db' | 'clock'>, userId: string, platform: string, value: boolean): Promise<JudgeAccount> {
  const row = await ownAccount(deps.db, userId, platform);
  const [updated] = await deps.db.update(judgeAccounts).set({ public: value, updatedAt: deps.clock.now() }).where(eq(judgeAccounts.id, row.id)).returning();
  if (!updated) throw new Error('judge account update returned nothing');
  await recomputeRanking(deps.db, userId);
  return toWire(updated, deps.clock.now());
}

/** POST refresh: queues a refresh unless the owner asked for one within the cooldown (429 with Retry-After). */
export async function requestRefresh(deps: JudgeDeps, userId: string, platform: string): Promise<JudgeAccount> {
  const row = await ownAccount(deps.db, userId, platform);
  const now = deps.clock.now();
  const cooldownMs = deps.config.accountRefreshCooldownSeconds * 1000;
  const since = new Date(now.getTime() - cooldownMs);
  // One conditional update: two requests at once cannot both pass the check.
  const [claimed] = await deps.db
    .update(judgeAccounts)
    .set({ refreshRequestedAt: now })
    .where(and(eq(judgeAccounts.id, row.id), or(isNull(judgeAccounts.refreshRequestedAt), lt(judgeAccounts.refreshRequestedAt, since))))
    .returning();
  if (!claimed) {
    // Refused only when the last request is within the cooldown, so there is one (now stands in otherwise).
    const last = row.refreshRequestedAt ?? now;
    const wait = Math.max(1, Math.ceil((last.getTime() + cooldownMs - now.getTime()) / 1000));
    throw new AppError(429, 'TooManyRequests', M.refreshTooSoon, wait);
  }
  await deps.jobs.send('refresh-account', { accountId: row.id, platform }, row.id);
  return toWire(claimed, now);
}

/**
 * The refresh job. Success replaces the figures; a judge that is down keeps them (the status says so,
 * refreshedAt says how old they are) and the job is retried with backoff; a shape the adapter does not
 * know keeps them as well, marked could-not-read, without retrying.
 */
export async function refreshAccount(deps: JudgeDeps, accountId: string): Promise<void> {
  const [row] = await deps.db.select().from(judgeAccounts).where(eq(judgeAccounts.id, accountId));
  if (!row) return; // unlinked meanwhile
  const adapter = judgeById(row.platform);
  if (!adapter) return;
  const read = await readHandle(deps, adapter, row.handle);
  const now = deps.clock.now();
  const mark = (status: AccountRow['status'], detail: string | null) =>
    deps.db.update(judgeAccounts).set({ status, statusDetail: detail, checkedAt: now, updatedAt: now }).where(eq(judgeAccounts.id, accountId));
  if (read.kind === 'judge-down') {
    await mark('judge-down', read.error.message);
    throw read.error;
  }
  if (read.kind === 'unreadable') {
    await mark('could-not-read', read.reason);
    return;
  }
  if (read.kind === 'not-found') {
    await mark('not-found', M.noSuchUser(judgeName(row.platform)));
    return;
  }
  await deps.db
    .update(judgeAccounts)
    .set({ ...read.figures, status: 'ok', statusDetail: null, refreshedAt: now, checkedAt: now, updatedAt: now })
    .where(eq(judgeAccounts.id, accountId));
  await recomputeRanking(deps.db, row.userId);
}

/** Queues a refresh of every account not read for ACCOUNT_REFRESH_HOURS (at most `limit` at a time). */
export async function queueDueRefreshes(deps: JudgeDeps, limit = 5000): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.accountRefreshHours * 3600_000);
  const due = await deps.db
    .select({ id: judgeAccounts.id, platform: judgeAccounts.platform })
    .from(judgeAccounts)
    .where(or(isNull(judgeAccounts.checkedAt), lt(judgeAccounts.checkedAt, before)))
    .limit(limit);
  for (const a of due) await deps.jobs.send('refresh-account', { accountId: a.id, platform: a.platform }, a.id);
  return due.length;
}

/** Rewrites a user's leaderboard figures from their public accounts (shared/rules/ranking). */
async function recomputeRanking(db: Db, userId: string): Promise<void> {
  const accounts = await db
    .select({ platform: judgeAccounts.platform, rating: judgeAccounts.rating, solved: judgeAccounts.solved, solvedByDifficulty: judgeAccounts.solvedByDifficulty })
    .from(judgeAccounts)
    .where(and(eq(judgeAccounts.userId, userId), eq(judgeAccounts.public, true)));
  const f = rankingFigures(accounts);
  const set = { cScore: f.c_score ?? 0, totalQuestions: f.total_questions ?? 0, leetcodeRating: f.leetcode_rating, codeforcesRating: f.codeforces_rating, updatedAt: sql`now()` };
  await db.insert(userRankings).values({ userId, ...set }).onConflictDoUpdate({ target: userRankings.userId, set });
}

export async function setLeaderboardOptIn(db: Db, userId: string, optIn: boolean): Promise<boolean> {
  await recomputeRanking(db, userId);
  await db.update(userRankings).set({ optedIn: optIn }).where(eq(userRankings.userId, userId));
  return optIn;
}
