import { platformById, platforms } from '../../shared/platforms/index';
import { atcoderJudge } from './atcoder';
import { codechefJudge } from './codechef';
import { codeforcesJudge } from './codeforces';
import { geeksforgeeksJudge } from './geeksforgeeks';
import { hackerrankJudge } from './hackerrank';
import { leetcodeJudge } from './leetcode';
import type { JudgeAdapter, JudgeWithoutAdapter } from './types';

export type { JudgeAdapter } from './types';

/** The judges whose accounts can be linked, one adapter file each. */
export const judges: readonly JudgeAdapter[] = Object.freeze([leetcodeJudge, geeksforgeeksJudge, codechefJudge, codeforcesJudge, atcoderJudge, hackerrankJudge]);

/** Every other judge of the platform registry, and why it has no reader (from its facts file). */
export const judgesWithoutAdapter: readonly JudgeWithoutAdapter[] = Object.freeze(
  platforms.flatMap((p) => (p.readers.server === true ? [] : [{ id: p.id, reason: p.readers.server.missing }])),
);

const byId = new Map<string, JudgeAdapter>(judges.map((j) => [j.id, j]));

export function judgeById(id: string): JudgeAdapter | undefined {
  return byId.get(id);
}

/** The judge's display name from the platform registry. */
export function judgeName(id: string): string {
  return platformById(id)?.name ?? id;
}

/** The environment variable that points a judge's requests elsewhere (a local fake judge in tests). */
export const originEnvVar = (id: string) => `${id.toUpperCase()}_ORIGIN`;
