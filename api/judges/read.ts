import { num } from '../../shared/untrusted';
import type { RatingPoint } from '../db/schema';
import type { AccountFigures, ContestEntry, JudgeAnswer } from './types';

// Small pure helpers the adapters share for reading untrusted answers.

export { isRecord, num, readJson } from '../../shared/untrusted';

/** A whole number within a plausible range for a count or a rating, else null. */
export function whole(v: unknown, max = 1_000_000_000): number | null {
  const n = num(v);
  return n !== undefined && n >= 0 && n <= max ? Math.round(n) : null;
}

/**
 * Text from a judge, made safe to store and show: control and direction-override characters dropped,
 * whitespace collapsed, bounded. Markup is left as text (every consumer escapes on output).
 */
export function text(v: unknown, max = 200): string | undefined {
  if (typeof v !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex
  const s = v.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
  return s ? s.slice(0, max) : undefined;
}

/** A contest's or problem's id as a judge gives it, kept only when it can sit in a URL path unescaped. */
export function code(v: unknown): string | undefined {
  const s = typeof v === 'number' && Number.isInteger(v) ? String(v) : v;
  return typeof s === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(s) ? s : undefined;
}

/** A Date from Unix seconds, when plausible (1990..2100). */
export function fromSeconds(v: unknown): Date | undefined {
  const n = num(v);
  return n !== undefined && n > 631_152_000 && n < 4_102_444_800 ? new Date(n * 1000) : undefined;
}

export function fromIso(v: unknown): Date | undefined {
  if (typeof v !== 'string') return undefined;
  const ms = Date.parse(v);
  return Number.isFinite(ms) && ms > 631_152_000_000 && ms < 4_102_444_800_000 ? new Date(ms) : undefined;
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

/** Decodes the few HTML entities judges use in names. */
export function decodeEntities(s: string): string {
  return s
    .replace(/&#(\d{1,7});/g, (_, d: string) => safeChar(Number(d)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, h: string) => safeChar(parseInt(h, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

function safeChar(cp: number): string {
  return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : '';
}
