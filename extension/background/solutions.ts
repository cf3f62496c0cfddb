import type { ParsedProblem } from '@shared/platforms/types';
import type { DetectedProblem, SubmittedCode, Verdict } from '@shared/schemas/messages';
import { apiClient, TOKEN_KEY, unwrap } from '../lib/api';
import { tabKey } from '../lib/kept-state';
import { codeFailure, type CodeRead } from '../solutions/types';
import { historyReaderFor, SYNC_ORIGINS } from '../sync/index';
import { verdictProblem } from '../verdicts/problem';
import { queueFor } from './queue';
import { askJudge } from './sync-calls';
import { LEETCODE_CSRF_KEY } from './sync-state';
import { defineArea, done, type HandlerDeps } from './types';
import { oneAtATime } from '../lib/one-at-a-time';

// Kept solutions: at an Accepted verdict, the code (from the page's own submit, or the judge's answer for
// that submission), the attempts before it (wrong verdicts seen on the problem) and the time the problem's
// tab was shown that day (the active tab of the focused window, told by the browser's tab events), sent
// through the offline queue. Also the side panel's list of versions.

const ATTEMPTS_KEY = 'solutions:attempts';
const TIME_KEY = 'solutions:time';
/** The tab shown now (the active tab of the focused window) and since when (storage.session). */
const VISIBLE_KEY = 'solutions:visible';
/** The longest stretch counted at once: longer is a browser left open on a problem, not work on it. */
const MAX_STRETCH_S = 2 * 3600;
/** Problems whose attempts are remembered, and attempts per problem (the oldest are forgotten first). */
const ATTEMPT_PROBLEMS = 500;
const ATTEMPTS_PER_PROBLEM = 200;
/** Days of visible time kept (today's is the one sent; the rest only so a day's change loses nothing). */
const TIME_DAYS = 3;

type Attempts = Record<string, string[]>;
type TimeByDay = Record<string, Record<string, number>>;

const problemId = (p: { platform: string; key: string }) => `${p.platform}:${p.key}`;

/** The browser's own calendar day, which is the user's day. */
function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const nowMs = (deps: HandlerDeps) => deps.now?.() ?? Date.now();

/** Judges' submission ids grow with time: compares two digit strings as numbers. */
const before = (a: string, b: string) => (a.length === b.length ? a < b : a.length < b.length);

// One writer at a time per background: attempts and time are read, changed and written back.
const exclusive = oneAtATime();

/** Remembers a wrong verdict on a problem (once per submission). */
function noteAttempt(deps: HandlerDeps, problem: ParsedProblem, submissionId: string) {
  return exclusive(deps, async () => {
    const all = new Map(Object.entries((await deps.local.get<Attempts>(ATTEMPTS_KEY)) ?? {}));
    const id = problemId(problem);
    const ids = all.get(id) ?? [];
    if (ids.includes(submissionId)) return;
    // The problem moves to the end: the problems tried longest ago are the first forgotten.
    all.delete(id);
    all.set(id, [...ids, submissionId].slice(-ATTEMPTS_PER_PROBLEM));
    await deps.local.set(ATTEMPTS_KEY, Object.fromEntries([...all].slice(-ATTEMPT_PROBLEMS)));
  });
}

/** The wrong verdicts seen on a problem before an Accepted submission; they are then spent. */
function takeAttempts(deps: HandlerDeps, problem: ParsedProblem, submissionId: string): Promise<number> {
  return exclusive(deps, async () => {
    const all = new Map(Object.entries((await deps.local.get<Attempts>(ATTEMPTS_KEY)) ?? {}));
    const id = problemId(problem);
    const ids = all.get(id) ?? [];
    const earlier = ids.filter((s) => before(s, submissionId));
    const later = ids.filter((s) => !before(s, submissionId));
    if (later.length) all.set(id, later);
    else all.delete(id);
    await deps.local.set(ATTEMPTS_KEY, Object.fromEntries(all));
    return earlier.length;
  });
}

/** Adds visible seconds to a problem's day (called inside `exclusive`). */
async function addTime(deps: HandlerDeps, problem: { platform: string; key: string }, seconds: number) {
  const all = (await deps.local.get<TimeByDay>(TIME_KEY)) ?? {};
  const day = localDay(nowMs(deps));
  const today = (all[day] ??= {});
  const id = problemId(problem);
  today[id] = (today[id] ?? 0) + seconds;
  // The last few days only.
  const kept = Object.entries(all).sort(([a], [b]) => a.localeCompare(b)).slice(-TIME_DAYS);
  await deps.local.set(TIME_KEY, Object.fromEntries(kept));
}

/** Counts the stretch of the tab shown until now for its problem, then starts the next stretch (inside `exclusive`). */
async function countStretch(deps: HandlerDeps, next: number | null) {
  const current = await deps.session.get<{ tabId: number; since: number }>(VISIBLE_KEY);
  const t = nowMs(deps);
  if (current) {
    const problem = await deps.session.get<DetectedProblem>(tabKey(current.tabId));
    const seconds = Math.min(Math.round((t - current.since) / 1000), MAX_STRETCH_S);
    if (problem && seconds > 0) await addTime(deps, problem, seconds);
  }
  if (next === null) await deps.session.remove(VISIBLE_KEY);
  else await deps.session.set(VISIBLE_KEY, { tabId: next, since: t });
}

/**
 * The browser now shows another tab (or none, when no window has the focus): the time the previous one
 * was shown is added to its problem for the day. The background.ts entry point calls it on tab and window
 * changes; no content script counts anything.
 */
export const noteVisibleTab = (deps: HandlerDeps, tabId: number | null) => exclusive(deps, () => countStretch(deps, tabId));

/**
 * A tab's page changes its problem (or reports it): the stretch so far is counted for the problem it showed,
 * and a shown tab the background had not heard of becomes the one counted.
 */
export function settleVisibleTime(deps: HandlerDeps, tabId: number, active: boolean) {
  return exclusive(deps, async () => {
    const current = await deps.session.get<{ tabId: number }>(VISIBLE_KEY);
    if (current?.tabId === tabId || (!current && active)) await countStretch(deps, tabId);
  });
}

/** The seconds a problem's tab was visible today, up to now, or null when it was never seen today. */
function timeToday(deps: HandlerDeps, problem: ParsedProblem): Promise<number | null> {
  return exclusive(deps, async () => {
    // The stretch under way counts too.
    const current = await deps.session.get<{ tabId: number }>(VISIBLE_KEY);
    if (current) await countStretch(deps, current.tabId);
    const all = (await deps.local.get<TimeByDay>(TIME_KEY)) ?? {};
    return all[localDay(nowMs(deps))]?.[problemId(problem)] ?? null;
  });
}

/**
 * Asks the judge for the code of the user's own Accepted submission, where the page did not hand it over:
 * with the judge's one code reader, the one the history sync uses (extension/sync/<judge>.ts).
 */
async function codeFromJudge(deps: HandlerDeps, problem: ParsedProblem, verdict: Verdict, acceptedAt: string): Promise<CodeRead> {
  const reader = historyReaderFor(verdict.source)?.code;
  if (!reader) return codeFailure('This judge has no code reader.');
  const ref = { submissionId: verdict.submissionId, problemUrl: problem.url, acceptedAt };
  const csrfToken = await deps.local.get<string>(LEETCODE_CSRF_KEY);
  const asked = await askJudge(deps, reader.plan(ref, { cursor: null, ...(csrfToken && { csrfToken }) }, SYNC_ORIGINS), AbortSignal.timeout(20_000));
  if (!asked || asked.answer.status === 0) return codeFailure('The judge could not be reached.');
  return reader.parse(asked.answer, ref);
}

/**
 * Keeps the code of an Accepted verdict with its attempts and today's time, through the offline queue
 * (after the tick, which put the question in the workspace; background/verdicts.ts replies without
 * waiting for it). Code the page sent is used as it is;
 * otherwise the judge's own answer for that submission. Without code, nothing is kept: never a guess.
 */
export async function keepSolution(deps: HandlerDeps, problem: ParsedProblem, verdict: Verdict, sent: SubmittedCode | undefined): Promise<boolean> {
  const acceptedAt = new Date(nowMs(deps)).toISOString();
  const attempts = await takeAttempts(deps, problem, verdict.submissionId);
  // Time up to the verdict, not up to the judge's answer.
  const timeSpentSec = await timeToday(deps, problem);
  const code = sent ? ({ ok: true, ...sent } as const) : await codeFromJudge(deps, problem, verdict, acceptedAt);
  if (!code.ok) return false;
  const outcome = await queueFor(deps).submit({
    kind: 'solution:save',
    submission: `${verdict.source}:${verdict.submissionId}`,
    problemUrl: problem.url,
    code: code.code,
    language: code.language,
    acceptedAt,
    attempts,
    ...(timeSpentSec !== null && { timeSpentSec: Math.round(timeSpentSec) }),
  });
  return outcome.status !== 'dropped';
}

export const solutionsArea = defineArea('solutions', {
  'verdict:rejected': async ({ verdict }, { deps, sender, tabId }) => {
    const tabProblem = await deps.session.get<DetectedProblem>(tabKey(tabId));
    const problem = verdictProblem(verdict, sender.url, tabProblem);
    if (problem) await noteAttempt(deps, problem, verdict.submissionId);
    return done(null);
  },
  'solutions:list': async ({ questionId }, { deps }) => {
    if (!(await deps.local.get<string>(TOKEN_KEY))) return done([]);
    const client = await apiClient(deps.local, deps.fetch);
    const { items } = await unwrap(client['question-tracker'].v1.user.solutions.$get({ query: { questionId } }));
    return done(items);
  },
});
