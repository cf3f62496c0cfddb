/** What a problem URL resolves to: the judge, the problem's stable id there, and its canonical URL. */
export interface ParsedProblem {
  platform: PlatformId;
  key: string;
  url: string;
}

export type PlatformId =
  | 'leetcode'
  | 'geeksforgeeks'
  | 'codechef'
  | 'codeforces'
  | 'interviewbit'
  | 'codestudio'
  | 'hackerrank'
  | 'atcoder'
  | 'tuf'
  | 'spoj'
  | 'topcoder'
  | 'hackerearth'
  | 'cses'
  | 'github';

interface PlatformExample {
  url: string;
  /** The expected key and canonical url. */
  key: string;
  canonical: string;
}

/** A reader the product has for a judge (true), or the short reason it has none. */
type ReaderFact = true | { missing: string };

/** Reasons several judges share for a reader they have none of. */
export const NO_READER = {
  verdictBySync: { missing: 'Its solves reach the tracker by the history sync; no saved verdict answer to read one from.' },
  noVerdictAnswer: { missing: 'No saved answer of its submit verdict to build a reader on.' },
  labelsNotRatings: { missing: 'Its problems carry difficulty labels, not ratings on a scale.' },
  noRatedList: { missing: 'No public list of its problems with ratings.' },
  noContestSolves: { missing: 'No public list of the contests a user took part in and what they solved there.' },
} as const;

/** Which readers exist for a judge; each lives in its own file named after the judge. */
export interface JudgeReaders {
  /** extension/platforms/<id>.dom.ts: the details a problem page shows. */
  page: ReaderFact;
  /** extension/sync/<id>.ts: the user's solved history (the reason is shown to users as it is). */
  history: ReaderFact;
  /** extension/verdicts/<id>.ts: ticks a problem on the user's own Accepted verdict. */
  verdict: ReaderFact;
  /** api/judges/<id>.ts: a linked account's figures and the judge's contests. */
  server: ReaderFact;
  /** api/judges/<id>-problems.ts: the judge's problems with their ratings. */
  problems: ReaderFact;
  /** api/judges/<id>-solves.ts: a linked account's accepted problems and contests (the upsolve list). */
  solves: ReaderFact;
}

/**
 * Where a judge is read from and how politely: plain data, so that a content script can import it
 * without the parser and its examples.
 */
export interface JudgeFacts {
  /** Host names problem pages live on, without scheme (e.g. 'example.com', 'www.example.com'). */
  hosts: readonly string[];
  /**
   * Origins its readers read from, by name: `site` is the judge's own (canonical problem URLs and links
   * shown to users); others are API hosts or third-party mirrors. The API can point each elsewhere
   * (api/config.ts); the values here are the defaults.
   */
  origins: { readonly site: string } & Readonly<Record<string, string>>;
  /** Least milliseconds between two requests to it, from the judge's published limit where it has one. */
  politeIntervalMs?: number;
  readers: JudgeReaders;
}

export interface Platform extends JudgeFacts {
  id: PlatformId;
  /** Numeric id from the spec (leetcode 1 ... tuf 9); platforms without one have none. */
  numericId?: number;
  name: string;
  /** Base URL of a user's profile; the profile name is appended. */
  profileUrlBase: string;
  /** A small inline SVG icon (viewBox 0 0 24 24), self-contained, no external references. */
  icon: string;
  /**
   * WebExtension match patterns for this platform's pages. When absent, `*://{host}/*` for every host.
   * Restrict the path only where the site loads every page in full (a content script is not injected on
   * client-side navigation).
   */
  matchPatterns?: readonly string[];
  /** Brand colour for the icon and chips. */
  color: string;
  /** False for platforms that are profiles only (github). */
  problemSource: boolean;
  /** Parses an already-validated URL whose host is one of `hosts`. Returns null if it is not a problem page. */
  parse(url: URL): { key: string; url: string } | null;
  examples: readonly PlatformExample[];
  /** URLs on this platform's hosts (or elsewhere) that must not parse as problems. */
  nonProblems: readonly string[];
}
