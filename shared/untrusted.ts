// Reading answers nobody vouches for (judges' JSON): the server's adapters and the extension's history
// readers alike. Each returns undefined rather than throwing, so a changed answer is a clear "could not read".

/** The body as JSON, or undefined when it is not JSON (an HTML error page, a browser check). */
export function readJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A finite number (or a numeric string, as some judges send), else undefined. */
export function num(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

// Judges' dates outside these bounds are misread fields (a count in a date's place, milliseconds for seconds).
const EARLIEST_MS = 631_152_000_000; // 1990-01-01
const LATEST_MS = 4_102_444_800_000; // 2100-01-01

/** A Date from milliseconds since the epoch, when it is a plausible time for a judge's record. */
export function plausibleDate(ms: number | undefined): Date | undefined {
  return ms !== undefined && Number.isFinite(ms) && ms > EARLIEST_MS && ms < LATEST_MS ? new Date(ms) : undefined;
}

/** A Date from Unix seconds (a number or a numeric string), when plausible. */
export function dateFromSeconds(v: unknown): Date | undefined {
  const n = num(v);
  return n === undefined ? undefined : plausibleDate(n * 1000);
}

/** A Date from a date string Date can read (ISO 8601 with an offset), when plausible. */
export function dateFromString(v: unknown): Date | undefined {
  return typeof v === 'string' && v.trim() ? plausibleDate(Date.parse(v)) : undefined;
}

// Control, line-separator, bidirectional-override and zero-width characters (and the replacement character a
// broken entity decodes to): text nobody vouches for never carries them to a screen, where they hide or
// reorder what is shown.
// eslint-disable-next-line no-control-regex -- dropping control characters is what this pattern is for
const INVISIBLE = /[\0-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufffd]/g;

/**
 * Untrusted text made safe to store and show: invisible characters dropped, whitespace collapsed, cut at
 * `max`; undefined when nothing is left. Markup stays text (every consumer escapes on output).
 */
export function plainText(v: unknown, max = 200): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  return s ? s.slice(0, max) : undefined;
}

/** A text field of a submitted form: '' when the form has no such field (or holds a file under its name). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
