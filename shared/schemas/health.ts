import { z } from 'zod';

// What the extension notices of its own health on each judge: the pages and verdicts it understood, its
// syncs, and what it failed to understand. Kept by the extension's background (extension/background/health.ts).

/**
 * The names of a reader's selectors that matched on a page (the keys of its table in
 * extension/platforms/<judge>.dom.ts): all a content script says of a page's layout, never its text.
 */
export const selectorNamesSchema = z.array(z.string().regex(/^[A-Za-z]{1,40}$/)).max(40);

/** What can fail to be understood on a judge: a problem page, a verdict panel, or a history sync. */
export type HealthPart = 'page' | 'verdict' | 'sync';

export interface HealthFailure {
  part: HealthPart;
  /** ISO date and time. */
  at: string;
  message: string;
  /** The page's address without its query or fragment (none for a sync). */
  url: string | null;
}

/** One judge's health, as the options page lists it; each part null until it has happened once. */
export interface JudgeHealth {
  platform: string;
  name: string;
  /** The last problem page read as its reader expects (a name and the statement found). */
  page: { at: string; url: string } | null;
  /** The last Accepted verdict a page of the judge reported. */
  verdict: { at: string; url: string } | null;
  /** The last history sync of the judge that ended, and its result in words. */
  sync: { at: string; ok: boolean; result: string } | null;
  /** The latest failure of any part. */
  failure: HealthFailure | null;
}

/**
 * A page in a tab that the extension did not understand: what the popup says, and what its diagnostic
 * holds (the selectors' names only; the page's text is never kept).
 */
export interface PageDiagnosis {
  part: 'page' | 'verdict';
  /** Set when what was not understood is the judge's verdict answer (its fields), not the page's layout (its selectors). */
  answer?: true;
  platform: string;
  /** The judge's name ("LeetCode"). */
  judge: string;
  url: string;
  at: string;
  matched: string[];
  unmatched: string[];
}

/** The popup's words for a page it did not understand. */
export const layoutNotice = (judge: string) => `This ${judge} page's layout is new to the extension: you can still add it by its URL`;

/** The popup's words for a verdict answer it did not understand. */
export const answerNotice = (judge: string) =>
  `${judge}'s verdict answer on this page is new to the extension: an Accepted submission here is not ticked or kept by itself; mark it solved from this popup`;

export const HEALTH_MESSAGES = {
  page: 'A problem page whose layout is new to the extension',
  verdict: 'A verdict panel whose layout is new to the extension',
  answer: 'A verdict answer whose shape is new to the extension',
} as const;
