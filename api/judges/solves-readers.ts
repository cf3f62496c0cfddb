import { atcoderSolves } from './atcoder-solves';
import { codechefSolves } from './codechef-solves';
import { codeforcesSolves } from './codeforces-solves';
import { leetcodeSolves } from './leetcode-solves';
import type { SolvesReader } from './solves';

/** The judges whose accepted lists and contests can be read, one reader file each, in the upsolve list's order. */
const readers: readonly SolvesReader[] = [codeforcesSolves, atcoderSolves, codechefSolves, leetcodeSolves];

export const solvesReaderFor = (platform: string) => readers.find((r) => r.platform === platform);

/** The judges whose contest entries are kept (the upsolve list covers these). */
export const solvesPlatforms: readonly string[] = readers.map((r) => r.platform);
