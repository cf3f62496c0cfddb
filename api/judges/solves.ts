import type { JudgeAnswer, JudgeRequest } from './types';

/** One problem a linked account solved: its first accepted, and whether an accepted came during a contest. */
export interface SolveEntry {
  key: string;
  solvedAt: Date;
  inContest: boolean;
}

/**
 * Records an accepted submission in a reader's map: the problem's earliest accepted is kept, and it
 * counts as solved in a contest if any of its accepted came during one.
 */
export function addSolve(solves: Map<string, SolveEntry>, key: string, at: Date, inContest: boolean): void {
  const known = solves.get(key);
  solves.set(key, { key, solvedAt: known && known.solvedAt < at ? known.solvedAt : at, inContest: inContest || (known?.inContest ?? false) });
}

/** One contest a linked account took part in. */
export interface ContestEntryOfUser {
  contestId: string;
  name: string;
  endedAt: Date;
}

type SolvesRead = { kind: 'ok'; solves: SolveEntry[]; contests: ContestEntryOfUser[] } | { kind: 'not-found' } | { kind: 'unreadable'; reason: string };

/**
 * A judge's reader of an account's accepted list and contests: plan from the origins by name (judge ids
 * and the problem lists' origin names, each configurable), parse pure. A paged answer asks for its next
 * page through `next`, one page at a time, until it returns null (each reader caps its own pages).
 */
export interface SolvesReader {
  platform: string;
  plan(handle: string, origins: Readonly<Record<string, string>>): JudgeRequest[];
  next?(handle: string, origins: Readonly<Record<string, string>>, answers: Readonly<Record<string, JudgeAnswer>>): JudgeRequest | null;
  /** `now` dates answers that give times relative to the reading ("2 hours ago"). */
  parse(answers: Readonly<Record<string, JudgeAnswer>>, now: Date): SolvesRead;
}
