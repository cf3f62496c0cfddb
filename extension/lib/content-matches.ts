import { matchPatterns, platformById } from '@shared/platforms/index';
import { CODEFORCES_STATUS_PATHS } from '../verdicts/codeforces';

/** Where the content script runs: every problem page of the registry, and Codeforces' status pages. */
export function contentScriptMatches(): string[] {
  const cfHosts = platformById('codeforces')?.hosts ?? [];
  return [...new Set([...matchPatterns(), ...cfHosts.flatMap((h) => CODEFORCES_STATUS_PATHS.map((p) => `*://${h}${p}`))])];
}

/** Where the LeetCode page-world verdict tap runs: LeetCode's pages, from the registry. */
export function leetcodeMatches(): string[] {
  const leetcode = platformById('leetcode');
  return [...(leetcode?.matchPatterns ?? leetcode?.hosts.map((h) => `*://${h}/*`) ?? [])];
}
