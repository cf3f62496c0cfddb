import { platforms } from '@shared/platforms/index';
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

/** Every other judge of the registry, with the reason the UI shows (from its facts file). */
export const unsupportedJudges: readonly UnsupportedJudge[] = Object.freeze(
  platforms.flatMap((p) => (p.readers.history === true ? [] : [{ platform: p.id, reason: p.readers.history.missing }])),
);

const byPlatform = new Map<string, HistoryReader>(historyReaders.map((r) => [r.platform, r]));

export function historyReaderFor(platform: string): HistoryReader | undefined {
  return byPlatform.get(platform);
}

/**
 * Match patterns for every origin the readers ask (host permissions for the sync). Some are not problem
 * hosts at all (AtCoder Problems, GeeksforGeeks' API host) and some problem hosts are only matched on
 * problem paths (Codeforces' API, SPOJ's status pages), so the problem registry's patterns do not cover them.
 */
export function syncHostPatterns(origins: SyncOrigins = SYNC_ORIGINS): string[] {
  return [...new Set(historyReaders.flatMap((r) => r.origins.map((name) => `${new URL(origins[name]).origin}/*`)))];
}
