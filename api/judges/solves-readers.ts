import { codeforcesSolves } from './codeforces-solves';
import type { SolvesReader } from './solves';

/** The judges whose accepted lists and contests can be read, one reader file each. */
const readers: readonly SolvesReader[] = [codeforcesSolves];

export const solvesReaderFor = (platform: string) => readers.find((r) => r.platform === platform);

/** The judges whose contest entries are kept (the upsolve list covers these). */
export const solvesPlatforms: readonly string[] = readers.map((r) => r.platform);
