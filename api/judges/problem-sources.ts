import { atcoderProblems } from './atcoder-problems';
import { codechefProblems } from './codechef-problems';
import { codeforcesProblems } from './codeforces-problems';
import { leetcodeProblems } from './leetcode-problems';
import type { ProblemListSource, ProblemOrigin } from './problem-lists';

/** The judges whose problems are rated, one reader file each. */
export const problemSources: readonly ProblemListSource[] = Object.freeze([codeforcesProblems, atcoderProblems, leetcodeProblems, codechefProblems]);

export function problemSourceFor(platform: string): ProblemListSource | undefined {
  return problemSources.find((s) => s.platform === platform);
}

/** Every origin the lists are read from (one name may serve several judges' readers), with its default. */
export const problemOrigins: readonly ProblemOrigin[] = [...new Map(problemSources.flatMap((s) => s.origins).map((o) => [o.name, o])).values()];
