import { platformById } from '@shared/platforms/index';
import { plural } from '@shared/plural';
import type { PlatformId } from '@shared/platforms/types';
import { RATING_FLOORS } from '@shared/rules/ranking';

/** The judges the server can read an account from (api/judges/index.ts), in the order offered. */
export const LINKABLE_JUDGES: readonly PlatformId[] = ['leetcode', 'codeforces', 'codechef', 'atcoder', 'geeksforgeeks', 'hackerrank'];

/** Judges with contest ratings: the ones c_score counts a rating for. */
export const isContestJudge = (platform: string) => Object.hasOwn(RATING_FLOORS, platform);

export const judgeName = (platform: string) => platformById(platform)?.name ?? platform;

/** "just now", "12 min ago", "3 h ago", "5 days ago": how old an account's figures are. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}
