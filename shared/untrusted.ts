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

/** A text field of a submitted form: '' when the form has no such field (or holds a file under its name). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
