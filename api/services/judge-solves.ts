import { and, eq } from 'drizzle-orm';
import { judgeAccounts, judgeContestEntries, judgeSolves } from '../db/schema';
import { judgeById } from '../judges/index';
import { solvesReaderFor } from '../judges/solves-readers';
import type { JudgeDeps } from './judge-accounts';

/** Rows written a statement. */
const CHUNK = 2000;
/** Pages read at most whatever a reader asks: a guard against a reader that never says it is done. */
const MAX_PAGES = 100;

/**
 * The refresh-solves job: reads a linked account's accepted problems and contests and replaces the ones
 * kept, in one transaction. A judge that is down throws (the queue retries); an unknown shape keeps the
 * old rows.
 */
export async function refreshSolves(deps: JudgeDeps, accountId: string): Promise<string> {
  const [account] = await deps.db.select().from(judgeAccounts).where(eq(judgeAccounts.id, accountId));
  const reader = account && solvesReaderFor(account.platform);
  const adapter = account && judgeById(account.platform);
  if (!account || !reader || !adapter) return 'no reader';
  // The judge's own origin and the third-party ones (AtCoder Problems), as the problem lists read them.
  const origins = { ...deps.config.problemOrigins, ...deps.config.judgeOrigins, [adapter.id]: deps.judgeClient.origin(adapter) };
  const answers = await deps.judgeClient.run(adapter, reader.plan(account.handle, origins));
  for (let page = 0; page < MAX_PAGES; page++) {
    const next = reader.next?.(account.handle, origins, answers);
    if (!next) break;
    Object.assign(answers, await deps.judgeClient.run(adapter, [next]));
  }
  const read = reader.parse(answers, deps.clock.now());
  if (read.kind !== 'ok') return read.kind === 'unreadable' ? read.reason : read.kind;
  const { userId, platform } = account;
  await deps.db.transaction(async (tx) => {
    await tx.delete(judgeSolves).where(and(eq(judgeSolves.userId, userId), eq(judgeSolves.platform, platform)));
    await tx.delete(judgeContestEntries).where(and(eq(judgeContestEntries.userId, userId), eq(judgeContestEntries.platform, platform)));
    for (let i = 0; i < read.solves.length; i += CHUNK) {
      await tx.insert(judgeSolves).values(read.solves.slice(i, i + CHUNK).map((s) => ({ userId, platform, key: s.key, solvedAt: s.solvedAt, inContest: s.inContest })));
    }
    for (let i = 0; i < read.contests.length; i += CHUNK) {
      await tx.insert(judgeContestEntries).values(read.contests.slice(i, i + CHUNK).map((c) => ({ userId, platform, contestId: c.contestId, name: c.name, endedAt: c.endedAt })));
    }
  });
  return `ok (${read.solves.length} solved, ${read.contests.length} contests)`;
}
