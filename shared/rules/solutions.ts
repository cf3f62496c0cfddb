import { plural } from '../plural';
/** What a kept solution may hold, and the messages a user sees when it may not. */

/** Largest code kept, in UTF-8 bytes. */
export const SOLUTION_MAX_BYTES = 64 * 1024;

export const SOLUTION_SOURCES = ['extension', 'sync', 'manual'] as const;

export const SOLUTION_MESSAGES = {
  tooLarge: 'This solution is over 64 kB; only code up to 64 kB is kept.',
  empty: 'There is no code to keep.',
  noQuestion: 'Give the question or its URL.',
  unknownQuestion: 'That question is not in your workspace or the catalogue.',
  notFound: 'That solution does not exist.',
  codeCopied: 'Code copied',
  codeCopyFailed: 'Could not copy: select the code and copy it instead',
} as const;

export function solutionBytes(code: string): number {
  return new TextEncoder().encode(code).length;
}

/**
 * The languages the judges accept, as kept solutions name them: an id, how it reads, the file extension an
 * export gives it, and the patterns that recognise a judge's own name for it ("GNU G++17 7.3.0",
 * "python3", "golang"). Order matters where names overlap: C++ and C# before C, TypeScript before JavaScript.
 */
export const SOLUTION_LANGUAGES = [
  { id: 'cpp', label: 'C++', ext: 'cpp', match: /c\+\+|g\+\+|\bcpp\b|clang\+\+/i },
  // Before C#: "F# (.NET)" names .NET too.
  { id: 'fsharp', label: 'F#', ext: 'fs', match: /^(f#|fsharp)/i },
  { id: 'csharp', label: 'C#', ext: 'cs', match: /c#|csharp|\.net|\bmono\b/i },
  { id: 'c', label: 'C', ext: 'c', match: /^(gnu\s+)?c(\d\d)?\b|\bgcc\b|^c\s|^ansi c|^clang\b/i },
  { id: 'java', label: 'Java', ext: 'java', match: /\bjava\b(?!script)/i },
  { id: 'python', label: 'Python', ext: 'py', match: /python|pypy|\bpy3?\b/i },
  { id: 'typescript', label: 'TypeScript', ext: 'ts', match: /typescript|\bts\b/i },
  { id: 'javascript', label: 'JavaScript', ext: 'js', match: /javascript|node\.?js|^node\b|\bjs\b|v8/i },
  { id: 'go', label: 'Go', ext: 'go', match: /\bgo(lang)?\b/i },
  { id: 'rust', label: 'Rust', ext: 'rs', match: /\brust\b/i },
  { id: 'kotlin', label: 'Kotlin', ext: 'kt', match: /kotlin/i },
  { id: 'swift', label: 'Swift', ext: 'swift', match: /swift/i },
  { id: 'ruby', label: 'Ruby', ext: 'rb', match: /ruby/i },
  { id: 'scala', label: 'Scala', ext: 'scala', match: /scala/i },
  { id: 'php', label: 'PHP', ext: 'php', match: /\bphp\b/i },
  { id: 'haskell', label: 'Haskell', ext: 'hs', match: /haskell|\bghc\b/i },
  { id: 'pascal', label: 'Pascal', ext: 'pas', match: /pascal|delphi|\bfpc\b/i },
  { id: 'sql', label: 'SQL', ext: 'sql', match: /sql|^oracle\b/i },
  { id: 'objectivec', label: 'Objective-C', ext: 'm', match: /^(objective-c|objc)/i },
  { id: 'dart', label: 'Dart', ext: 'dart', match: /^dart\b/i },
  { id: 'elixir', label: 'Elixir', ext: 'ex', match: /^elixir\b/i },
  { id: 'erlang', label: 'Erlang', ext: 'erl', match: /^erlang\b/i },
  { id: 'racket', label: 'Racket', ext: 'rkt', match: /^racket\b/i },
  { id: 'ocaml', label: 'OCaml', ext: 'ml', match: /^ocaml\b/i },
  { id: 'd', label: 'D', ext: 'd', match: /^(d|dmd|gdc|ldc)(\s|$|\d)/i },
  { id: 'perl', label: 'Perl', ext: 'pl', match: /^perl\b/i },
  { id: 'lua', label: 'Lua', ext: 'lua', match: /^lua\b/i },
  { id: 'r', label: 'R', ext: 'r', match: /^r(\s|$)/i },
  { id: 'bash', label: 'Bash', ext: 'sh', match: /^(bash|shell|sh)(\s|$)/i },
] as const;
export type SolutionLanguageId = (typeof SOLUTION_LANGUAGES)[number]['id'];

/** The known language a kept solution's language name stands for, or null (kept as typed, shown as plain text). */
export function solutionLanguage(name: string): (typeof SOLUTION_LANGUAGES)[number] | null {
  const exact = SOLUTION_LANGUAGES.find((l) => l.id === name.toLowerCase() || l.label.toLowerCase() === name.toLowerCase());
  return exact ?? SOLUTION_LANGUAGES.find((l) => l.match.test(name)) ?? null;
}

/** How a language name reads: the known label, or the name as given. */
export const languageLabel = (name: string) => solutionLanguage(name)?.label ?? name;

/**
 * Buckets of wrong attempts before Accepted, and of time spent, for the workspace's filters; the rating
 * suggestion reads the same edges. `max` is inclusive; null is open-ended.
 */
export const ATTEMPT_BUCKETS = [
  { id: 'first', label: 'First try', min: 0, max: 0 },
  { id: 'few', label: '1–2 wrong', min: 1, max: 2 },
  { id: 'many', label: '3+ wrong', min: 3, max: null },
] as const;
export const TIME_BUCKETS = [
  { id: 'quick', label: 'Under 15 min', min: 0, max: 15 * 60 - 1 },
  { id: 'medium', label: '15–45 min', min: 15 * 60, max: 45 * 60 - 1 },
  { id: 'long', label: '45 min or more', min: 45 * 60, max: null },
] as const;

type Bucket = { id: string; min: number; max: number | null };
const bucketOf = <B extends Bucket>(buckets: readonly B[], value: number): B['id'] | null =>
  buckets.find((b) => value >= b.min && (b.max === null || value <= b.max))?.id ?? null;

/**
 * The review rating a solve suggests: quick and without a wrong attempt → easy; three or more wrong
 * attempts, or 45 minutes or more → hard; anything between → good. Null when neither is known. Never
 * "again": the problem was solved. The user still picks.
 */
export function suggestRating(solve: { attempts: number | null; timeSpentSec: number | null }): 'hard' | 'good' | 'easy' | null {
  const { attempts, timeSpentSec } = solve;
  if (attempts === null && timeSpentSec === null) return null;
  const a = attempts === null ? null : bucketOf(ATTEMPT_BUCKETS, attempts);
  const t = timeSpentSec === null ? null : bucketOf(TIME_BUCKETS, timeSpentSec);
  if (a === 'many' || t === 'long') return 'hard';
  // Quick needs both signals that are known to say so.
  if ((a === null || a === 'first') && (t === null || t === 'quick')) return 'easy';
  return 'good';
}

/** Time spent as a person reads it: "45 s", "12 min", "1 h 5 min". */
export function formatTimeSpent(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** Wrong attempts before Accepted as a person reads them: "First try", "2 wrong attempts". */
export const formatAttempts = (attempts: number) => (attempts === 0 ? 'First try' : plural(attempts, 'wrong attempt'));
