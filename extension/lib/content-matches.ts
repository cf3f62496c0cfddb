import { platforms, platformById } from '@shared/platforms/index';
import type { PlatformId } from '@shared/platforms/types';
import { CODEFORCES_STATUS_PATHS } from '../verdicts/codeforces';

/**
 * Where each judge's content script runs: its problem pages from the registry, and for Codeforces its
 * status pages too (auto-tick).
 */
export function judgeMatches(): Partial<Record<PlatformId, string[]>> {
  const out: Partial<Record<PlatformId, string[]>> = {};
  for (const p of platforms.filter((q) => q.problemSource)) {
    const pages = p.matchPatterns ?? p.hosts.map((h) => `*://${h}/*`);
    const status = p.id === 'codeforces' ? p.hosts.flatMap((h) => CODEFORCES_STATUS_PATHS.map((s) => `*://${h}${s}`)) : [];
    out[p.id] = [...new Set([...pages, ...status])];
  }
  return out;
}

/** Every judge's pages together: where some content script of the extension runs. */
export function contentScriptMatches(): string[] {
  return [...new Set(Object.values(judgeMatches()).flat())];
}

/** Where the LeetCode page-world verdict tap runs: LeetCode's pages, from the registry. */
export function leetcodeMatches(): string[] {
  const leetcode = platformById('leetcode');
  return [...(leetcode?.matchPatterns ?? leetcode?.hosts.map((h) => `*://${h}/*`) ?? [])];
}
