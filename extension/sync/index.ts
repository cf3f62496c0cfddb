import { atcoderReader } from './atcoder';
import { codechefReader } from './codechef';
import { codeforcesReader } from './codeforces';
import { csesReader } from './cses';
import { geeksforgeeksReader } from './geeksforgeeks';
import { hackerrankReader } from './hackerrank';
import { leetcodeReader } from './leetcode';
import { spojReader } from './spoj';
import { SYNC_ORIGINS, type HistoryReader, type SyncOrigins, type UnsupportedJudge } from './types';

export { SYNC_ORIGINS } from './types';
export type { HistoryReader, SyncAnswer, SyncOrigins, SyncPage, SyncState, UnsupportedJudge } from './types';

/** One history reader per judge whose history can be read. Adding one is a file plus a line here. */
export const historyReaders: readonly HistoryReader[] = Object.freeze([
  leetcodeReader,
  codeforcesReader,
  atcoderReader,
  codechefReader,
  csesReader,
  geeksforgeeksReader,
  hackerrankReader,
  spojReader,
]);

/** Every other judge of the registry, with the reason the UI shows. */
export const unsupportedJudges: readonly UnsupportedJudge[] = Object.freeze([
  {
    platform: 'interviewbit',
    reason: 'Not available: InterviewBit publishes only solved counts per course (its profile API), not which problems were solved or when.',
  },
  {
    platform: 'codestudio',
    reason: 'Not available: Code360 profiles give problem counts by difficulty, not a list of solved problems or their dates.',
  },
  {
    platform: 'tuf',
    reason: "Not available: TUF+ keeps progress inside the signed-in app, with no endpoint known to list a user's solved problems.",
  },
  {
    platform: 'topcoder',
    reason: 'Not available: TopCoder member statistics are totals per track; no public list of solved archive problems exists.',
  },
  {
    platform: 'hackerearth',
    reason: 'Not available: HackerEarth shows only solved counts on a profile and has no public submissions list.',
  },
  { platform: 'github', reason: 'Not available: GitHub is a profile link here, not a judge with problems.' },
]);

const byPlatform = new Map<string, HistoryReader>(historyReaders.map((r) => [r.platform, r]));

export function historyReaderFor(platform: string): HistoryReader | undefined {
  return byPlatform.get(platform);
}

/**
 * Match patterns for every origin the readers ask (host permissions for the sync). Some are not problem
 * hosts at all (kenkoooo.com, practiceapi.geeksforgeeks.org) and some problem hosts are only matched on
 * problem paths (codeforces.com/api, spoj.com/status), so the problem registry's patterns do not cover them.
 */
export function syncHostPatterns(origins: SyncOrigins = SYNC_ORIGINS): string[] {
  return [...new Set(historyReaders.flatMap((r) => r.origins.map((name) => `${new URL(origins[name]).origin}/*`)))];
}
