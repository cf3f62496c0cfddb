import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { problemLists, problemRatings } from '../db/schema';
import type { ProblemEntry, ProblemListSource } from '../judges/problem-lists';
import { problemSourceFor, problemSources } from '../judges/problem-sources';
import { JudgeDownError } from './judge-client';
import type { JudgeDeps } from './judge-accounts';

/** A list shorter than this share of the last good one is taken as cut short, not as problems removed. */
const PARTIAL_SHARE = 0.5;
/** Rows written a statement (nine columns each, well inside PostgreSQL's 65,535 parameters). */
const CHUNK = 2000;

type Result = { platform: string; result: string };

/** Replaces a judge's list in one transaction, so a reader sees the old list or the new one, never half. */
async function storeList(db: Db, platform: string, problems: readonly ProblemEntry[], now: Date): Promise<void> {
  const unique = [...new Map(problems.map((p) => [p.key, p])).values()];
  await db.transaction(async (tx) => {
    await tx.delete(problemRatings).where(eq(problemRatings.platform, platform));
    for (let i = 0; i < unique.length; i += CHUNK) {
      await tx.insert(problemRatings).values(
        unique.slice(i, i + CHUNK).map((p) => ({ platform, key: p.key, name: p.name, url: p.url, difficulty: p.difficulty, estimated: p.estimated, topics: p.topics, contestId: p.contestId, problemIndex: p.index })),
      );
    }
    const state = { count: unique.length, status: 'ok' as const, statusDetail: null, refreshedAt: now, checkedAt: now };
    await tx.insert(problemLists).values({ platform, ...state }).onConflictDoUpdate({ target: problemLists.platform, set: state });
  });
}

/** Records a failed read; the list itself is left as it was. */
async function markList(db: Db, platform: string, status: 'could-not-read' | 'judge-down' | 'partial', detail: string, now: Date): Promise<void> {
  await db
    .insert(problemLists)
    .values({ platform, status, statusDetail: detail, checkedAt: now })
    .onConflictDoUpdate({ target: problemLists.platform, set: { status, statusDetail: detail, checkedAt: now } });
}

async function refreshOne(deps: JudgeDeps, source: ProblemListSource): Promise<string> {
  const origins = { ...deps.config.problemOrigins, ...deps.config.judgeOrigins };
  const now = () => deps.clock.now();
  let answers;
  try {
    answers = await deps.judgeClient.run({ id: source.platform }, source.plan(origins));
  } catch (err) {
    if (!(err instanceof JudgeDownError)) throw err;
    await markList(deps.db, source.platform, 'judge-down', err.message, now());
    throw err;
  }
  const read = source.parse(answers);
  if (read.kind === 'unreadable') {
    await markList(deps.db, source.platform, 'could-not-read', read.reason, now());
    return read.reason;
  }
  const [last] = await deps.db.select({ count: problemLists.count }).from(problemLists).where(eq(problemLists.platform, source.platform));
  if (read.problems.length === 0 || read.problems.length < (last?.count ?? 0) * PARTIAL_SHARE) {
    const detail = `${read.problems.length} problems read where the last list had ${last?.count ?? 0}`;
    await markList(deps.db, source.platform, 'partial', detail, now());
    return detail;
  }
  await storeList(deps.db, source.platform, read.problems, now());
  return `ok (${read.problems.length})`;
}

/**
 * The refresh-problem-ratings job: reads each judge's problem list whole and replaces the stored one. A
 * judge that is down, an answer of a shape the reader does not know, or a list cut short keeps the last
 * good list (problem_lists says why); a judge that is down is retried by the queue.
 */
export async function refreshProblemRatings(deps: JudgeDeps, platform?: string): Promise<Result[]> {
  const targets = platform ? [problemSourceFor(platform)].filter((s) => s !== undefined) : problemSources;
  const results: Result[] = [];
  let down: JudgeDownError | null = null;
  for (const source of targets) {
    try {
      results.push({ platform: source.platform, result: await refreshOne(deps, source) });
    } catch (err) {
      if (!(err instanceof JudgeDownError)) throw err;
      down ??= err;
      results.push({ platform: source.platform, result: `down: ${err.message}` });
    }
  }
  // Only one judge's job is retried: every judge's job is queued on its own (jobs/pg-boss.ts).
  if (down && platform) throw down;
  return results;
}
