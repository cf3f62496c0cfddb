import { instantOfWallClock, type WallClock } from '@shared/dates';
import { parseProblemUrl } from '@shared/platforms/index';
import type { PlatformId } from '@shared/platforms/types';
import { isValidDifficulty } from '@shared/rules/difficulty';
import { dateFromSeconds, dateFromString, plausibleDate } from '@shared/untrusted';
import type { SyncAnswer, SyncItem, SyncPage, SyncState } from './types';

// Small pure helpers the history readers share: reading untrusted answers, dates, and building output.

export { isRecord, num, readJson } from '@shared/untrusted';

/** A non-empty trimmed string, else undefined. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export const encode = encodeURIComponent;

/** ISO 8601 (UTC) from a Unix time in seconds, or undefined when it is not a plausible time. */
export function isoFromSeconds(seconds: number | undefined): string | undefined {
  return dateFromSeconds(seconds)?.toISOString();
}

/** ISO 8601 (UTC) from any date string Date can read (the judge's own ISO with an offset). */
export function isoFromString(value: unknown): string | undefined {
  return dateFromString(str(value))?.toISOString();
}

/** A wall-clock time in a judge's time zone (the site shows local times without an offset) as ISO UTC. */
export function isoFromWallClock(wall: WallClock, timeZone: string): string | undefined {
  const at = instantOfWallClock(wall, timeZone);
  return at && plausibleDate(at.getTime())?.toISOString();
}

/** "2025-07-23 08:33:27" (or with a T) in a time zone, as ISO UTC. */
export function isoFromLocalDateTime(value: unknown, timeZone: string): string | undefined {
  const m = str(value)?.match(/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return isoFromWallClock({ year: y, month: mo, day: d, hour: h, minute: mi, second: Number.isNaN(s) ? 0 : s }, timeZone);
}

/** True when `iso` is at or after `since` (no since: always). */
export function notBefore(iso: string, since: string | null | undefined): boolean {
  if (!since) return true;
  const s = Date.parse(since);
  return !Number.isFinite(s) || Date.parse(iso) >= s;
}

/** A solved problem as a judge describes it, before it is made canonical. */
export interface Solved {
  url: string;
  solvedAt: string;
  name?: string | undefined;
  difficulty?: string | undefined;
  topics?: readonly unknown[] | undefined;
}

const MAX_NAME = 300;
const MAX_TOPIC = 80;
const MAX_TOPICS = 30;

/**
 * The wire item for a solved problem: the URL made canonical for its judge (null when it names no problem
 * of that judge), a difficulty only when the API keeps it, topics trimmed to the schema's bounds.
 */
export function toSubmission(platform: PlatformId, solved: Solved): SyncItem | null {
  const parsed = parseProblemUrl(solved.url);
  if (!parsed || parsed.platform !== platform) return null;
  const item: SyncItem = { problemUrl: parsed.url, solvedAt: solved.solvedAt };
  const name = str(solved.name);
  if (name) item.name = name.slice(0, MAX_NAME);
  if (solved.difficulty && isValidDifficulty(solved.difficulty)) item.difficulty = solved.difficulty;
  const topics = [...new Set((solved.topics ?? []).map(str).filter((t): t is string => !!t && t.length <= MAX_TOPIC))].slice(0, MAX_TOPICS);
  if (topics.length) item.topics = topics;
  return item;
}

/** One item per problem, the earliest solve kept (the API would keep it anyway), in first-seen order. */
export function earliestPerProblem(items: readonly (SyncItem | null)[]): SyncItem[] {
  const byUrl = new Map<string, SyncItem>();
  for (const item of items) {
    if (!item) continue;
    const seen = byUrl.get(item.problemUrl);
    if (!seen) byUrl.set(item.problemUrl, item);
    else if (Date.parse(item.solvedAt) < Date.parse(seen.solvedAt)) byUrl.set(item.problemUrl, { ...seen, ...item });
  }
  return [...byUrl.values()];
}

export const page = <C>(submissions: SyncItem[], next: C | null): SyncPage<C> => ({ submissions, next });
/** The last page of a history (inferred for the reader's own cursor type). */
export const lastPage = <C>(submissions: readonly (SyncItem | null)[]): SyncPage<C> => ({
  submissions: submissions.filter((s): s is SyncItem => s !== null),
  next: null,
});
export const failed = <C>(error: string): SyncPage<C> => ({ submissions: [], next: null, error });
export const slowDown = <C>(): SyncPage<C> => ({ submissions: [], next: null, rateLimited: true });
export const signedOut = <C>(): SyncPage<C> => ({ submissions: [], next: null, signedOut: true });

/** Cloudflare's "Just a moment..." page (CodeChef, SPOJ and LeetCode sit behind it). */
function isBrowserCheck(body: string): boolean {
  return body.includes('_cf_chl_opt') || body.includes('<title>Just a moment') || body.includes('cf-browser-verification');
}

/**
 * The statuses every judge answers alike: 429 (slow down), 0 (never reached), 5xx, a browser check.
 * Null when the answer should be read by the judge's own rules.
 */
export function commonTrouble<C>(judge: string, answer: SyncAnswer): SyncPage<C> | null {
  if (answer.status === 429) return slowDown();
  if (answer.status === 0) return failed(`${judge} could not be reached (offline, or the request was blocked).`);
  if (isBrowserCheck(answer.body)) {
    return failed(`${judge} asked for a browser check. Open ${judge} in a tab, let it load, then sync again.`);
  }
  if (answer.status >= 500) return failed(`${judge} answered ${answer.status} (a server error): try again later.`);
  return null;
}

/** The handle of a handle reader's state, or a thrown programming error (the UI asks for it first). */
export function handleOf(state: SyncState<unknown>, judge: string): string {
  const handle = state.handle?.trim();
  if (!handle) throw new Error(`${judge} history needs the user's ${judge} handle`);
  return handle;
}

/** The unknown-shape message, naming the judge, so a changed API reads as such rather than as "no history". */
export const unknownShape = (judge: string, what: string) =>
  `${judge} answered in a shape this version does not know (${what}). The judge may have changed its site; please report it.`;
