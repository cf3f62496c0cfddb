import { historyReaderFor, type SyncAnswer, type SyncPage, type SyncState } from '../sync/index';

/** The background asks the offscreen document to read one judge answer (never sent by a page or content script). */
export const OFFSCREEN_PARSE = 'offscreen:sync-parse';

export interface OffscreenParse {
  target: typeof OFFSCREEN_PARSE;
  platform: string;
  answer: SyncAnswer;
  state: SyncState<unknown>;
  /** ISO: the parse context's clock (the start of the judge's sync). */
  now: string;
}

export function isOffscreenParse(m: unknown): m is OffscreenParse {
  const o = m as Partial<OffscreenParse> | null;
  return typeof o === 'object' && o !== null && o.target === OFFSCREEN_PARSE && typeof o.platform === 'string' && typeof o.now === 'string' && typeof o.answer?.body === 'string';
}

/** Runs a reader's parse with a real HTML parser; the page it returns is plain JSON, so it crosses back. */
export function parseHistoryAnswer(m: OffscreenParse, parseHtml: (html: string) => Document): SyncPage<unknown> {
  const reader = historyReaderFor(m.platform);
  if (!reader) return { submissions: [], next: null, error: `No history reader for ${m.platform}` };
  return reader.parse(m.answer, m.state, { now: new Date(m.now), parseHtml });
}
