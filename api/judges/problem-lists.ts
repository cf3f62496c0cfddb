import { parseProblemUrl } from '../../shared/platforms/index';
import type { JudgeAnswer, JudgeRequest } from './types';

/** One problem of a judge's list, with its difficulty on the judge's rating scale. */
export interface ProblemEntry {
  /** The catalogue's key for it (shared/platforms), so a listed problem meets its catalogue row. */
  key: string;
  name: string;
  url: string;
  /** Null when the judge has not rated it (a new contest's problems): listed for upsolving, never recommended. */
  difficulty: number | null;
  /** The difficulty is this product's estimate, not the judge's (or a data set's) rating. */
  estimated: boolean;
  topics: string[];
  contestId: string | null;
  index: string | null;
}

type ProblemListRead = { kind: 'ok'; problems: ProblemEntry[] } | { kind: 'unreadable'; reason: string };

/** An origin a list is read from, configurable by its environment variable (tests point it at the fake judge). */
export interface ProblemOrigin {
  name: string;
  envVar: string;
  defaultOrigin: string;
}

/**
 * One judge's problem list reader: what to ask (plan, from the origins by name) and how to read it
 * (parse, pure). Requests take the judge's own turns (services/judge-client), whichever host they go to.
 */
export interface ProblemListSource {
  platform: 'codeforces' | 'atcoder' | 'leetcode' | 'codechef';
  origins: readonly ProblemOrigin[];
  plan(origins: Readonly<Record<string, string>>): JudgeRequest[];
  parse(answers: Readonly<Record<string, JudgeAnswer>>): ProblemListRead;
}

/** The catalogue's key and link for a judge's problem URL, or undefined when it names no problem. */
export function located(platform: string, url: string): { key: string; url: string } | undefined {
  const parsed = parseProblemUrl(url);
  return parsed && parsed.platform === platform ? { key: parsed.key, url: parsed.url } : undefined;
}

/** A list longer than this is cut (the largest judge lists about 11,000 problems). */
export const MAX_PROBLEMS = 50_000;
