import type { JudgeAnswer, JudgeRequest } from './types';

/** One problem a linked account solved: its first accepted, and whether an accepted came during a contest. */
export interface SolveEntry {
  key: string;
  solvedAt: Date;
  inContest: boolean;
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
