import { ATCODER_SUBMISSIONS_PAGE, atcoderFacts, atcoderNextSecond } from '../../shared/platforms/atcoder';
import { located } from './problem-lists';
import { answerOf, code, dateFromSeconds, dateFromString, isRecord, num, readJson, text, unreadable } from './read';
import { addSolve, type ContestEntryOfUser, type SolveEntry, type SolvesReader } from './solves';
import type { JudgeAnswer, JudgeRequest } from './types';

const JUDGE = 'AtCoder';
const MIRROR = 'AtCoder Problems';
/** Pages read at most (20,000 submissions, about 30 s at AtCoder Problems' asked pace). */
const MAX_PAGES = 40;

const pageKey = (n: number) => `submissions${n}`;

function submissionsRequest(handle: string, origins: Readonly<Record<string, string>>, page: number, fromSecond: number): JudgeRequest {
  const origin = origins['atcoder-problems'] ?? atcoderFacts.origins.atcoderProblems;
  return { key: pageKey(page), url: `${origin}/atcoder-api/v3/user/submissions?user=${encodeURIComponent(handle)}&from_second=${fromSecond}`, method: 'GET', maxChars: 8 * 1024 * 1024 };
}

/** One page's submissions, or undefined when the answer is not a list. */
function pageList(answers: Readonly<Record<string, JudgeAnswer>>, n: number): unknown[] | undefined {
  const json = readJson(answerOf(answers, pageKey(n)).body);
  return Array.isArray(json) ? json : undefined;
}

const secondsOf = (list: readonly unknown[]) => list.flatMap((s) => (isRecord(s) ? (num(s.epoch_second) ?? []) : []));

/** "abc380.contest.atcoder.jp" (the history's form) or "abc380" to the contest id. */
function contestIdOf(screenName: unknown): string | undefined {
  return typeof screenName === 'string' ? code(screenName.split('.')[0]?.toLowerCase()) : undefined;
}

/**
 * AtCoder's rating history `/users/<h>/history/json` lists the contests taken part in ({ IsRated,
 * ContestScreenName: 'abc380.contest.atcoder.jp', ContestName, ContestNameEn, EndTime: ISO with +09:00 },
 * unrated entries too; HTTP 404 for no such user). AtCoder has no submissions API: AtCoder Problems
 * mirrors them (doc/api.md, `atcoder-api/v3/user/submissions?user=&from_second=`, oldest first, at most
 * 500 a call: [{ id, epoch_second, problem_id, contest_id, result: 'AC' | 'WA' | …, point, … }]). An
 * accepted before the end of a contest taken part in, submitted to that contest, came in the contest.
 */
export const atcoderSolves: SolvesReader = {
  platform: 'atcoder',
  plan: (handle, origins) => [
    { key: 'history', url: `${origins.atcoder ?? atcoderFacts.origins.site}/users/${encodeURIComponent(handle)}/history/json`, method: 'GET' },
    submissionsRequest(handle, origins, 0, 0),
  ],
  // Only the newest page is read: where the next starts depends on that page alone.
  next(handle, origins, answers) {
    if (!answers[pageKey(0)]) return null;
    let n = 0;
    while (answers[pageKey(n + 1)]) n++;
    if (n + 1 >= MAX_PAGES) return null;
    const list = pageList(answers, n);
    const seconds = list && list.length >= ATCODER_SUBMISSIONS_PAGE ? secondsOf(list) : [];
    // A short page is the last; a full one without a single time is not one to page on from.
    if (seconds.length === 0) return null;
    return submissionsRequest(handle, origins, n + 1, atcoderNextSecond(seconds));
  },
  parse(answers) {
    const history = answerOf(answers, 'history');
    if (history.status === 404) return { kind: 'not-found' };
    const entries = readJson(history.body);
    if (!Array.isArray(entries)) return unreadable(JUDGE, 'history is not a list');
    if (entries.length > 0 && !entries.some((h) => isRecord(h) && 'ContestScreenName' in h)) return unreadable(JUDGE, 'history entries without ContestScreenName');
    const contests = new Map<string, ContestEntryOfUser>();
    for (const h of entries) {
      if (!isRecord(h)) continue;
      const contestId = contestIdOf(h.ContestScreenName);
      // Older contests have a Japanese ContestName and the English one beside it.
      const name = text(h.ContestNameEn) ?? text(h.ContestName);
      const endedAt = dateFromString(h.EndTime);
      if (contestId && name && endedAt) contests.set(contestId, { contestId, name, endedAt });
    }

    const pages: unknown[][] = [];
    for (let n = 0; answers[pageKey(n)]; n++) {
      const list = pageList(answers, n);
      if (!list) return unreadable(MIRROR, 'submissions are not a list');
      pages.push(list);
    }
    if (pages.length === 0) return unreadable(MIRROR, 'submissions are not a list');
    const seen = new Set<string>();
    const solves = new Map<string, SolveEntry>();
    let rows = 0;
    for (const s of pages.flat()) {
      if (!isRecord(s)) continue;
      const id = code(s.id);
      const at = dateFromSeconds(s.epoch_second);
      if (!id || !at || seen.has(id)) continue;
      seen.add(id);
      rows++;
      const task = code(s.problem_id);
      const contestId = code(s.contest_id);
      if (s.result !== 'AC' || !task || !contestId) continue;
      const where = located('atcoder', `${atcoderFacts.origins.site}/contests/${contestId.toLowerCase()}/tasks/${task.toLowerCase()}`);
      if (!where) continue;
      const contest = contests.get(contestId.toLowerCase());
      const inContest = contest !== undefined && at <= contest.endedAt;
      addSolve(solves, where.key, at, inContest);
    }
    const total = pages.reduce((n, p) => n + p.length, 0);
    if (total > 0 && rows === 0) return unreadable(MIRROR, 'submissions without id or epoch_second');
    return { kind: 'ok', solves: [...solves.values()], contests: [...contests.values()] };
  },
};
