import type { PlatformId } from '../../shared/platforms/types';
import type { RatingPoint } from '../db/schema';

/** One request of a fetch plan: plain data, sent by services/judge-client. */
export interface JudgeRequest {
  /** Names the answer handed back to parse. */
  key: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Longest body kept, in characters, when more than the client's default (a judge's whole problem list). */
  maxChars?: number;
}

/** What came back: the status, the body as text, and the Location of a redirect (not followed). */
export interface JudgeAnswer {
  status: number;
  body: string;
  location?: string;
}

export interface AccountFigures {
  rating: number | null;
  maxRating: number | null;
  rank: string | null;
  solved: number | null;
  solvedByDifficulty: Record<string, number> | null;
  contests: number | null;
  history: RatingPoint[];
}

export type AccountRead = { kind: 'ok'; figures: AccountFigures } | { kind: 'not-found' } | { kind: 'unreadable'; reason: string };

export interface ContestEntry {
  code: string;
  name: string;
  url: string;
  startsAt: Date;
  durationSeconds: number;
}

export type ContestRead = { kind: 'ok'; contests: ContestEntry[] } | { kind: 'unreadable'; reason: string };

/**
 * One judge's server-side reader: what to ask (plan, from the judge's origin) and how to read the
 * answers (parse, pure). Origins come from `<ID>_ORIGIN` (api/config.ts); links shown to users always
 * use the judge's real site.
 */
export interface JudgeAdapter {
  id: PlatformId;
  /** Where its requests go unless `<ID>_ORIGIN` says otherwise: an origin of the judge's facts file. */
  defaultOrigin: string;
  /** Least time between two requests to this judge from one process, unless configured: its facts' polite interval. */
  minIntervalMs: number;
  account: {
    plan(handle: string, origin: string): JudgeRequest[];
    parse(answers: Readonly<Record<string, JudgeAnswer>>, handle: string): AccountRead;
  };
  contests: {
    plan(origin: string): JudgeRequest[];
    parse(answers: Readonly<Record<string, JudgeAnswer>>): ContestRead;
  } | null;
}

/** A judge of the platform registry that has no reader, and why. */
export interface JudgeWithoutAdapter {
  id: PlatformId;
  reason: string;
}
