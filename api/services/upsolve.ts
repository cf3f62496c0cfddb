import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { UpsolveContest } from '../../shared/schemas/practice';
import type { Db } from '../db/client';
import { judgeContestEntries, judgeSolves, problemRatings, questions, userQuestions } from '../db/schema';
import { solvesPlatforms } from '../judges/solves-readers';

/** Contests listed at most (newest first). */
const MAX_CONTESTS = 500;

// One collator for every comparison: localeCompare with options builds a new one each call.
const indexOrder = new Intl.Collator('en', { numeric: true });
const byIndex = (a: { index: string }, b: { index: string }) => indexOrder.compare(a.index, b.index);

/**
 * The contests the user took part in on linked judges, newest first, each problem marked solved (accepted
 * during the contest), upsolved (accepted after it ended) or unsolved. A problem counts as solved when the
 * judge says the accepted came as a contestant, or when the first accepted is not after the contest's end;
 * a tick in the tracker after the end counts as an upsolve too.
 */
export async function upsolveList(db: Db, userId: string): Promise<{ contests: UpsolveContest[]; platforms: string[] }> {
  const entries = await db
    .select()
    .from(judgeContestEntries)
    .where(eq(judgeContestEntries.userId, userId))
    .orderBy(desc(judgeContestEntries.endedAt), desc(judgeContestEntries.contestId))
    .limit(MAX_CONTESTS);
  if (entries.length === 0) return { contests: [], platforms: [...solvesPlatforms] };

  const platforms = [...new Set(entries.map((e) => e.platform))];
  const contestIds = [...new Set(entries.map((e) => e.contestId))];
  const [problems, solves, records] = await Promise.all([
    db
      .select({ platform: problemRatings.platform, key: problemRatings.key, name: problemRatings.name, url: problemRatings.url, difficulty: problemRatings.difficulty, contestId: problemRatings.contestId, index: problemRatings.problemIndex })
      .from(problemRatings)
      .where(and(inArray(problemRatings.platform, platforms), inArray(problemRatings.contestId, contestIds))),
    db.select({ platform: judgeSolves.platform, key: judgeSolves.key, solvedAt: judgeSolves.solvedAt, inContest: judgeSolves.inContest }).from(judgeSolves).where(and(eq(judgeSolves.userId, userId), inArray(judgeSolves.platform, platforms))),
    db
      .select({ platform: questions.platform, key: questions.key, solvedAt: userQuestions.solvedAt })
      .from(userQuestions)
      .innerJoin(questions, eq(questions.id, userQuestions.questionId))
      .where(and(eq(userQuestions.userId, userId), eq(userQuestions.checked, true), isNotNull(userQuestions.solvedAt), inArray(questions.platform, platforms))),
  ]);

  const id = (platform: string, key: string) => `${platform}\u0000${key}`;
  const judgeSolved = new Map(solves.map((s) => [id(s.platform, s.key), s]));
  const ticked = new Map<string, Date>();
  for (const r of records) if (r.solvedAt) ticked.set(id(r.platform, r.key), r.solvedAt);
  const byContest = new Map<string, typeof problems>();
  for (const p of problems) {
    const k = id(p.platform, p.contestId ?? '');
    const list = byContest.get(k);
    if (list) list.push(p);
    else byContest.set(k, [p]);
  }

  const contests = entries.map((e): UpsolveContest => {
    const list = (byContest.get(id(e.platform, e.contestId)) ?? []).map((p) => {
      const judge = judgeSolved.get(id(p.platform, p.key));
      const tick = ticked.get(id(p.platform, p.key));
      const first = [judge?.solvedAt, tick].filter((d): d is Date => d instanceof Date).sort((a, b) => a.getTime() - b.getTime())[0];
      const inContest = judge?.inContest === true || (first !== undefined && first <= e.endedAt);
      const status = inContest ? 'solved' : first ? 'upsolved' : 'unsolved';
      return { index: p.index ?? p.key, name: p.name, url: p.url, difficulty: p.difficulty, status, solvedAt: first ? first.toISOString() : null } as const;
    });
    list.sort(byIndex);
    return {
      platform: e.platform,
      contestId: e.contestId,
      name: e.name,
      endedAt: e.endedAt.toISOString(),
      done: list.length > 0 && list.every((p) => p.status !== 'unsolved'),
      problems: list,
    };
  });
  return { contests, platforms: [...solvesPlatforms] };
}
