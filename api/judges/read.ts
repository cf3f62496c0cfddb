import { num } from '../../shared/untrusted';
import type { RatingPoint } from '../db/schema';
import type { AccountFigures, ContestEntry, JudgeAnswer } from './types';

// Small pure helpers the adapters share for reading untrusted answers.

export { dateFromSeconds, dateFromString, isRecord, num, plainText as text, readJson } from '../../shared/untrusted';

/** A whole number within a plausible range for a count or a rating, else null. */
export function whole(v: unknown, max = 1_000_000_000): number | null {
  const n = num(v);
  return n !== undefined && n >= 0 && n <= max ? Math.round(n) : null;
}

/** A contest's or problem's id as a judge gives it, kept only when it can sit in a URL path unescaped. */
export function code(v: unknown): string | undefined {
  const s = typeof v === 'number' && Number.isInteger(v) ? String(v) : v;
  return typeof s === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(s) ? s : undefined;
}


/** Durations up to 30 days; longer "contests" are permanent practice rounds, not events. */
const MAX_CONTEST_SECONDS = 30 * 24 * 3600;

export function contest(entry: { code?: string; name?: string; url: (code: string) => string; startsAt?: Date; durationSeconds?: number | null }): ContestEntry | undefined {
  const { code: c, name, startsAt, durationSeconds } = entry;
  if (!c || !name || !startsAt || durationSeconds === undefined || durationSeconds === null || durationSeconds <= 0 || durationSeconds > MAX_CONTEST_SECONDS) return undefined;
  return { code: c, name, url: entry.url(c), startsAt, durationSeconds };
}

export const empty = (): AccountFigures => ({ rating: null, maxRating: null, rank: null, solved: null, solvedByDifficulty: null, contests: null, history: [] });

export function maxOf(history: readonly RatingPoint[], current: number | null): number | null {
  return history.reduce<number | null>((m, p) => (m === null || p.rating > m ? p.rating : m), current);
}

export const unreadable = (judge: string, what: string) => ({ kind: 'unreadable' as const, reason: `${judge} answered in a shape this reader does not know (${what})` });

/** The answer under a key, or a stand-in that no parser accepts. */
export const answerOf = (answers: Readonly<Record<string, JudgeAnswer>>, key: string): JudgeAnswer => answers[key] ?? { status: 0, body: '' };

