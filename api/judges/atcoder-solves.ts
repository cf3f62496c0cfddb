import { atcoderFacts } from '../../shared/platforms/atcoder';
import { located } from './problem-lists';
import { answerOf, code, dateFromSeconds, dateFromString, isRecord, num, readJson, text, unreadable } from './read';
import { addSolve, type ContestEntryOfUser, type SolveEntry, type SolvesReader } from './solves';
import type { JudgeAnswer, JudgeRequest } from './types';

const JUDGE = 'AtCoder';
const MIRROR = 'AtCoder Problems';
/** The most submissions AtCoder Problems answers a call: a full page means there may be more. */
export const ATCODER_SUBMISSIONS_PAGE = 500;
/** Pages read at most (20,000 submissions, about 30 s at AtCoder Problems' asked pace). */
const MAX_PAGES = 40;

const pageKey = (n: number) => `submissions${n}`;

function submissionsRequest(handle: string, origins: Readonly<Record<string, string>>, page: number, fromSecond: number): JudgeRequest {
  const origin = origins['atcoder-problems'] ?? atcoderFacts.origins.atcoderProblems;
  return { key: pageKey(page), url: `${origin}/atcoder-api/v3/user/submissions?user=${encodeURIComponent(handle)}&from_second=${fromSecond}`, method: 'GET', maxChars: 8 * 1024 * 1024 };
}

/** The pages read so far, in order, each with the second it was asked from. */
function pagesOf(answers: Readonly<Record<string, JudgeAnswer>>): { list: unknown[] | undefined; from: number }[] {
  const pages: { list: unknown[] | undefined; from: number }[] = [];
  let from = 0;
  for (let n = 0; answers[pageKey(n)]; n++) {
    const json = readJson(answerOf(answers, pageKey(n)).body);
    const list = Array.isArray(json) ? json : undefined;
    pages.push({ list, from });
    if (!list) break;
    from = nextFrom(list, from);
  }
  return pages;
}

/**
 * Where the page after a full one starts: its last second again (several submissions can share a second;
 * repeats are dropped by id), but always forward, so a page that is all one second cannot loop.
 */
function nextFrom(list: readonly unknown[], from: number): number {
  const last = Math.max(0, ...list.map((s) => (isRecord(s) ? (num(s.epoch_second) ?? 0) : 0)));
  return last > from ? last : from + 1;
}

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
  next(handle, origins, answers) {
    const pages = pagesOf(answers);
    const last = pages.at(-1);
    if (!last?.list || last.list.length < ATCODER_SUBMISSIONS_PAGE || pages.length >= MAX_PAGES) return null;
    return submissionsRequest(handle, origins, pages.length, nextFrom(last.list, last.from));
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

    const pages = pagesOf(answers);
    if (pages.length === 0 || pages.some((p) => !p.list)) return unreadable(MIRROR, 'submissions are not a list');
    const seen = new Set<string>();
    const solves = new Map<string, SolveEntry>();
    let rows = 0;
    for (const s of pages.flatMap((p) => p.list ?? [])) {
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
    const total = pages.reduce((n, p) => n + (p.list?.length ?? 0), 0);
    if (total > 0 && rows === 0) return unreadable(MIRROR, 'submissions without id or epoch_second');
    return { kind: 'ok', solves: [...solves.values()], contests: [...contests.values()] };
  },
};
