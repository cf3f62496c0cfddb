import type { PlatformId } from '@shared/platforms/types';
import type { SyncImportBody } from '@shared/schemas/sync';
import type { CodeRead } from '../solutions/types';
import type { SyncOriginName, SyncOrigins } from './origins';

export { SYNC_ORIGINS, type SyncOriginName, type SyncOrigins } from './origins';

/** One HTTP request of a sync, as plain data: the caller runs it with fetch. */
export interface SyncRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * 'include': the request needs the user's own signed-in session on that judge (or, for judges behind
   * Cloudflare, its clearance cookie). 'omit': a public API read by handle; no cookies travel.
   */
  credentials: 'include' | 'omit';
}

/**
 * Where a sync stands. `cursor` is null for the first request and otherwise what the previous parse
 * returned as `next`: plain JSON, so it can be kept in extension storage across service-worker restarts.
 */
export interface SyncState<C> {
  /** The judge's user name, for readers that need one. */
  handle?: string;
  /** ISO 8601: an incremental sync reads only submissions from then on (and stops paging past it). */
  since?: string | null;
  /** LeetCode's csrftoken cookie, sent back as x-csrftoken on its GraphQL POSTs when known. */
  csrfToken?: string;
  cursor: C | null;
}

/** What the judge answered to a SyncRequest. */
export interface SyncAnswer {
  /** HTTP status; 0 when the request failed before an answer (offline, blocked). */
  status: number;
  /** The body as text (JSON or HTML). */
  body: string;
}

/** What parse may need besides the answer: the clock, and an HTML parser where the answer is a page. */
export interface ParseContext {
  /** The sync's time: judges that give no dates (CSES) date solves by it; "5 min ago" counts back from it. */
  now: Date;
  /**
   * Parses HTML into a Document (DOMParser in a page or an offscreen document; happy-dom in tests).
   * MV3 service workers have no DOMParser, so it is passed in rather than assumed.
   */
  parseHtml?: (html: string) => Document;
}

/**
 * One solved problem as sent to POST /user/sync/import: the input side of syncSubmissionSchema
 * (SyncSubmission is its parsed output, where the difficulty key is always present).
 */
export type SyncItem = SyncImportBody['submissions'][number];

/** One Accepted submission whose code the judge can answer (a reader's `code`): the latest per problem. */
export interface CodeRef {
  submissionId: string;
  /** Canonical, as in the page's submissions. */
  problemUrl: string;
  /** ISO 8601: when it was accepted. */
  acceptedAt: string;
  /** The language as the history named it, when it did (Codeforces' API does). */
  language?: string;
}

/** Reads the code of one Accepted submission: one request each, at the judge's pace. */
export interface CodeReader {
  /** Pure: the request for one submission's code. */
  plan(ref: CodeRef, state: SyncState<unknown>, origins: SyncOrigins): SyncRequest;
  /** Pure: the code in the answer, or why there is none. Never throws. */
  parse(answer: SyncAnswer, ref: CodeRef): CodeRead;
}

/** What one answer yields. parse never throws: a changed or unknown answer is an `error` message. */
export interface SyncPage<C> {
  /** Accepted submissions only, problemUrl canonical, solvedAt ISO 8601; earliest per problem on the page. */
  submissions: SyncItem[];
  /** Submissions whose code the reader's `code` can read (latest Accepted per problem), when it has one. */
  codes?: CodeRef[];
  /** The cursor for the next request, or null when the history is read to the end. */
  next: C | null;
  /** The judge needs the user to sign in in this browser (session readers). */
  signedOut?: true;
  /** The judge asked to slow down: wait (see shared/retry.ts) and send the same request again. */
  rateLimited?: true;
  /** A clear message for the user: unknown handle, an answer of an unknown shape, a browser check. */
  error?: string;
}

/** One judge's history: how to ask for it, page by page, and how to read the answers. */
export interface HistoryReader<C = unknown> {
  platform: PlatformId;
  /** 'session': the user's own signed-in browser session on the judge. 'handle': a public user name. */
  needs: 'session' | 'handle';
  /** The origins (by name) its requests go to: host permissions are computed from these. */
  origins: readonly SyncOriginName[];
  /** Pause between two requests: the judge's polite interval, from its facts file (shared/platforms/<id>.ts). */
  delayMs: number;
  /** 'submission': dates are the judge's own submission times. 'sync-time': the judge gives none. */
  dates: 'submission' | 'sync-time';
  /** Pure: the next request for a state (throws only when a handle reader is given no handle). */
  plan(state: SyncState<C>, origins: SyncOrigins): SyncRequest;
  /** Pure: the solved problems in an answer and where to go next. Never throws. */
  parse(answer: SyncAnswer, state: SyncState<C>, ctx: ParseContext): SyncPage<C>;
  /** Where the judge answers the code of a submission: what the sync brings when the user asks for code. */
  code?: CodeReader;
}

/** A judge of the registry that has no history reader, and why (shown to the user as it is). */
export interface UnsupportedJudge {
  platform: PlatformId;
  reason: string;
}
