import { codeforcesFacts } from '../../shared/platforms/codeforces';
import { located } from './problem-lists';
import { answerOf, code, dateFromSeconds, isRecord, readJson, text, unreadable, whole } from './read';
import { addSolve, type ContestEntryOfUser, type SolveEntry, type SolvesReader } from './solves';
import type { JudgeRequest } from './types';

const JUDGE = 'Codeforces';
/** Submissions read at most (user.status answers newest first). */
const MAX_SUBMISSIONS = 10_000;
/** Who took part in the contest itself (not practice, a virtual run or a manager's test). */
const CONTESTANTS = new Set(['CONTESTANT', 'OUT_OF_COMPETITION']);

/** user.status: a user's submissions, newest first (the accepted list and the account's solved count read it). */
export const statusRequest = (handle: string, origin: string): JudgeRequest => ({
  key: 'status',
  url: `${origin}/api/user.status?handle=${encodeURIComponent(handle)}&from=1&count=${MAX_SUBMISSIONS}`,
  method: 'GET',
  maxChars: 64 * 1024 * 1024,
});

/**
 * How many distinct problems user.status's answer has an accepted (verdict OK) submission for, a problem
 * being its contest and index; null when the answer is not a submission list. Codeforces' user.info has
 * no solved count, so this is the account's.
 */
export function acceptedCount(body: string): number | null {
  const status = readJson(body);
  if (!isRecord(status) || status.status !== 'OK' || !Array.isArray(status.result)) return null;
  const accepted = new Set<string>();
  for (const s of status.result.slice(0, MAX_SUBMISSIONS)) {
    if (!isRecord(s) || !isRecord(s.problem) || s.verdict !== 'OK') continue;
    const contestId = code(s.problem.contestId);
    const index = code(s.problem.index);
    if (contestId && index) accepted.add(`${contestId}/${index}`);
  }
  return accepted.size;
}

/**
 * user.status (every submission, newest first: { id, contestId, creationTimeSeconds, problem: { contestId,
 * index, name }, author: { participantType }, verdict }), user.rating (the rated contests) and
 * contest.list?gym=false (every contest's start and duration, for its end). A contest counts as taken part
 * in when it was rated for the user or the user submitted as a contestant.
 */
export const codeforcesSolves: SolvesReader = {
  platform: 'codeforces',
  plan(handle, origins) {
    const origin = origins.codeforces ?? codeforcesFacts.origins.site;
    return [
      statusRequest(handle, origin),
      { key: 'rating', url: `${origin}/api/user.rating?handle=${encodeURIComponent(handle)}`, method: 'GET' },
      { key: 'contests', url: `${origin}/api/contest.list?gym=false`, method: 'GET', maxChars: 16 * 1024 * 1024 },
    ];
  },
  parse(answers) {
    const status = readJson(answerOf(answers, 'status').body);
    if (isRecord(status) && status.status === 'FAILED') {
      return typeof status.comment === 'string' && /not found/i.test(status.comment) ? { kind: 'not-found' } : unreadable(JUDGE, 'user.status failed');
    }
    if (!isRecord(status) || status.status !== 'OK' || !Array.isArray(status.result)) return unreadable(JUDGE, 'user.status has no result');
    const contestList = readJson(answerOf(answers, 'contests').body);
    if (!isRecord(contestList) || contestList.status !== 'OK' || !Array.isArray(contestList.result)) return unreadable(JUDGE, 'contest.list has no result');
    const ends = new Map<string, { name: string; endedAt: Date }>();
    for (const c of contestList.result) {
      if (!isRecord(c)) continue;
      const id = code(c.id);
      const name = text(c.name);
      const start = dateFromSeconds(c.startTimeSeconds);
      const duration = whole(c.durationSeconds);
      if (id && name && start && duration !== null) ends.set(id, { name, endedAt: new Date(start.getTime() + duration * 1000) });
    }

    const solves = new Map<string, SolveEntry>();
    const took = new Set<string>();
    for (const s of status.result.slice(0, MAX_SUBMISSIONS)) {
      if (!isRecord(s) || !isRecord(s.problem)) continue;
      const contestId = code(s.problem.contestId);
      const index = code(s.problem.index);
      const at = dateFromSeconds(s.creationTimeSeconds);
      const participant = isRecord(s.author) && typeof s.author.participantType === 'string' ? s.author.participantType : '';
      if (!contestId || !index || !at) continue;
      const inContest = CONTESTANTS.has(participant);
      if (inContest) took.add(contestId);
      if (s.verdict !== 'OK') continue;
      const where = located('codeforces', `${codeforcesFacts.origins.site}/contest/${contestId}/problem/${index}`);
      if (!where) continue;
      addSolve(solves, where.key, at, inContest);
    }
    if (status.result.length > 0 && solves.size === 0 && took.size === 0 && !status.result.some((s) => isRecord(s) && 'verdict' in s)) return unreadable(JUDGE, 'submissions without verdicts');

    const rating = readJson(answerOf(answers, 'rating').body);
    if (isRecord(rating) && rating.status === 'OK' && Array.isArray(rating.result)) {
      for (const r of rating.result) if (isRecord(r) && code(r.contestId)) took.add(String(r.contestId));
    }
    const contests: ContestEntryOfUser[] = [];
    for (const id of took) {
      const c = ends.get(id);
      if (c) contests.push({ contestId: id, name: c.name, endedAt: c.endedAt });
    }
    return { kind: 'ok', solves: [...solves.values()], contests };
  },
};
