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

/** A judge's reader of an account's accepted list and contests (plan from the judge's origin, parse pure). */
export interface SolvesReader {
  platform: string;
  plan(handle: string, origin: string): JudgeRequest[];
  parse(answers: Readonly<Record<string, JudgeAnswer>>): SolvesRead;
}
