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

export interface Platform {
  id: PlatformId;
  /** Numeric id from the spec (leetcode 1 ... tuf 9); platforms without one have none. */
  numericId?: number;
  name: string;
  /** Base URL of a user's profile; the profile name is appended. */
  profileUrlBase: string;
  /** Host names problem pages live on, without scheme (e.g. 'leetcode.com', 'www.leetcode.com'). */
  hosts: readonly string[];
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
