import { atcoder } from './atcoder';
import { codechef } from './codechef';
import { codeforces } from './codeforces';
import { codestudio } from './codestudio';
import { cses } from './cses';
import { geeksforgeeks } from './geeksforgeeks';
import { github } from './github';
import { hackerearth } from './hackerearth';
import { hackerrank } from './hackerrank';
import { interviewbit } from './interviewbit';
import { leetcode } from './leetcode';
import { spoj } from './spoj';
import { topcoder } from './topcoder';
import { tuf } from './tuf';
import type { ParsedProblem, Platform } from './types';
import { normaliseHost, toHttpUrl, withoutWww } from './url';

export type { ParsedProblem, Platform } from './types';

/** Every platform: those with a numeric id in its order, then the rest. */
export const platforms: readonly Platform[] = Object.freeze([
  leetcode,
  geeksforgeeks,
  codechef,
  codeforces,
  interviewbit,
  codestudio,
  hackerrank,
  atcoder,
  tuf,
  spoj,
  topcoder,
  hackerearth,
  cses,
  github,
]);

const byId = new Map<string, Platform>(platforms.map((p) => [p.id, p]));
const byHost = new Map<string, Platform>(
  platforms.filter((p) => p.problemSource).flatMap((p) => p.hosts.map((h) => [normaliseHost(h), p] as const)),
);

export function platformById(id: string): Platform | undefined {
  return byId.get(id);
}

/** A judge's problem URL to show as an example: its first example's canonical form. */
export function exampleProblemUrl(id: string): string {
  return byId.get(id)?.examples[0]?.canonical ?? '';
}

/** The problem platform serving a host; case, a trailing dot and a leading `www.` are ignored. */
export function platformForHost(host: string): Platform | undefined {
  const h = normaliseHost(host);
  return byHost.get(h) ?? byHost.get(withoutWww(h));
}

/** Resolves a pasted string or tab URL to its problem, or null. Never throws. */
export function parseProblemUrl(input: string): ParsedProblem | null {
  try {
    const url = toHttpUrl(input);
    const platform = url && platformForHost(url.hostname);
    const found = platform ? platform.parse(url) : null;
    return platform && found ? { platform: platform.id, key: found.key, url: found.url } : null;
  } catch {
    return null;
  }
}

/** WebExtension match patterns for every problem host (content script matches and host permissions). */
export function matchPatterns(): string[] {
  const patterns = platforms
    .filter((p) => p.problemSource)
    .flatMap((p) => p.matchPatterns ?? p.hosts.map((h) => `*://${h}/*`));
  return [...new Set(patterns)];
}
