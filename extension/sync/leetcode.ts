import { leetcodeFacts } from '@shared/platforms/leetcode';
import {
  commonTrouble,
  failed,
  isoFromSeconds,
  isoFromString,
  isRecord,
  lastPage,
  notBefore,
  num,
  page,
  readJson,
  signedOut,
  str,
  toSubmission,
  unknownShape,
} from './read';
import { parseSubmissionDetails, submissionDetailsBody } from '../solutions/leetcode';
import { codeFailure } from '../solutions/types';
import type { CodeReader, HistoryReader, SyncOrigins, SyncPage, SyncRequest, SyncState } from './types';

/**
 * LeetCode, read with the user's own signed-in session, in two stages:
 *
 * 1. `userProgressQuestionList` (GraphQL; what leetcode.com/progress shows) lists every solved problem
 *    with its title, difficulty, topics and lastSubmittedAt, newest first, paged by skip/limit. It is
 *    the only complete solved list left: the all-submissions page and its REST `/api/submissions/` and
 *    GraphQL `submissionList` were retired in 2025 (leetcode.com/submissions answers 404). It has no
 *    first-Accepted date, only the last submission's.
 * 2. For each solved problem, `questionSubmissionList(questionSlug, status: 10)` (the problem's own
 *    Submissions tab, Accepted only) gives its Accepted submissions, newest first, paged by
 *    offset/lastKey; the oldest is the first Accepted. When a problem's list comes back null (LeetCode
 *    has answered so), its lastSubmittedAt stands in: a date no earlier than the first Accepted.
 *
 * The same GraphQL document also asks `userStatus { isSignedIn }`, so a signed-out browser is told
 * apart from an empty history. One request per solved problem: a 500-problem history takes about ten
 * minutes at one request a second; an incremental sync only dates problems submitted since.
 */
interface LeetcodeQuestion {
  slug: string;
  name?: string;
  difficulty?: string;
  topics?: string[];
  /** lastSubmittedAt (ISO): the fallback date when the problem's submissions cannot be read. */
  lastAt: string;
}

export type LeetcodeCursor =
  | { stage: 'solved'; skip: number; found: LeetcodeQuestion[] }
  | {
      stage: 'dates';
      queue: LeetcodeQuestion[];
      offset: number;
      lastKey: string | null;
      earliest: string | null;
      /** The newest Accepted submission of the problem (its code is what a code sync keeps). */
      latest?: { id: string; at: string } | null;
    };

/** Solved problems per progress page (the progress page itself asks 50). */
export const LEETCODE_PROGRESS_LIMIT = 100;
/** Submissions per page of one problem, as the problem's Submissions tab asks. */
const LEETCODE_SUBMISSIONS_LIMIT = 20;
/** LeetCode's status code for Accepted. */
const ACCEPTED = 10;
const JUDGE = 'LeetCode';

const SOLVED_QUERY = `query syncSolved($filters: UserProgressQuestionListInput) {
  userStatus { isSignedIn username }
  userProgressQuestionList(filters: $filters) {
    totalNum
    questions { frontendId title titleSlug difficulty lastSubmittedAt questionStatus lastResult topicTags { name slug } }
  }
}`;

const ACCEPTED_QUERY = `query syncFirstAccepted($questionSlug: String!, $offset: Int!, $limit: Int!, $lastKey: String, $status: Int) {
  questionSubmissionList(questionSlug: $questionSlug, offset: $offset, limit: $limit, lastKey: $lastKey, status: $status) {
    lastKey
    hasNext
    submissions { id titleSlug status statusDisplay timestamp }
  }
}`;

const FIRST: LeetcodeCursor = { stage: 'solved', skip: 0, found: [] };

function graphql(state: SyncState<LeetcodeCursor>, origins: SyncOrigins, operationName: string, query: string, variables: object): SyncRequest {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (state.csrfToken) headers['x-csrftoken'] = state.csrfToken;
  return { url: `${origins.leetcode}/graphql/`, method: 'POST', headers, body: JSON.stringify({ operationName, query, variables }), credentials: 'include' };
}

/** "MEDIUM" or "Medium" as the catalogue's "Medium". */
function difficultyOf(value: unknown): string | undefined {
  const s = str(value)?.toLowerCase();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : undefined;
}

/** GraphQL errors that mean "not signed in" (LeetCode words them several ways). */
const authError = (errors: unknown[]) =>
  errors.some((e) => isRecord(e) && /sign(ed)? ?in|log(ged)? ?in|authenticat|permission|unauthori[sz]ed/i.test(str(e.message) ?? ''));

const errorMessage = (errors: unknown[]) => errors.map((e) => (isRecord(e) ? str(e.message) : undefined)).find(Boolean) ?? 'unknown error';

function questionItem(q: LeetcodeQuestion, solvedAt: string) {
  return toSubmission('leetcode', { url: `${leetcodeFacts.origins.site}/problems/${q.slug}/`, solvedAt, name: q.name, difficulty: q.difficulty, topics: q.topics });
}

/** After one problem is dated: the next problem, or the end. */
function afterQuestion(queue: LeetcodeQuestion[]): LeetcodeCursor | null {
  const rest = queue.slice(1);
  return rest.length ? { stage: 'dates', queue: rest, offset: 0, lastKey: null, earliest: null } : null;
}

function parseSolved(json: Record<string, unknown>, cursor: Extract<LeetcodeCursor, { stage: 'solved' }>, state: SyncState<LeetcodeCursor>, now: Date): SyncPage<LeetcodeCursor> {
  const data = isRecord(json.data) ? json.data : undefined;
  const errors = Array.isArray(json.errors) ? json.errors : [];
  const status = isRecord(data?.userStatus) ? data.userStatus : undefined;
  if (status?.isSignedIn === false || authError(errors)) return signedOut();
  const list = data?.userProgressQuestionList;
  if (errors.length && !isRecord(list)) return failed(`LeetCode refused the request: ${errorMessage(errors)}`);
  if (!isRecord(list) || !Array.isArray(list.questions) || num(list.totalNum) === undefined) {
    return failed(unknownShape(JUDGE, 'no userProgressQuestionList with questions and totalNum'));
  }
  const questions = list.questions.filter(isRecord);
  const kept: LeetcodeQuestion[] = [];
  for (const q of questions) {
    const slug = str(q.titleSlug);
    if (!slug || (q.questionStatus !== undefined && q.questionStatus !== 'SOLVED')) continue;
    const lastAt = isoFromString(q.lastSubmittedAt) ?? now.toISOString();
    if (!notBefore(lastAt, state.since)) continue;
    const topics = Array.isArray(q.topicTags) ? q.topicTags.map((t) => (isRecord(t) ? str(t.name) : undefined)).filter((t): t is string => !!t) : [];
    kept.push({ slug, lastAt, ...(str(q.title) ? { name: str(q.title) } : {}), ...(difficultyOf(q.difficulty) ? { difficulty: difficultyOf(q.difficulty) } : {}), ...(topics.length ? { topics } : {}) });
  }
  const found = [...cursor.found, ...kept];
  const read = cursor.skip + questions.length;
  // Newest first: once a whole page is older than `since`, the rest is too.
  const pastSince = !!state.since && questions.length > 0 && kept.length === 0;
  if (questions.length > 0 && read < (num(list.totalNum) ?? 0) && !pastSince) return page([], { stage: 'solved', skip: read, found });
  return page([], found.length ? { stage: 'dates', queue: found, offset: 0, lastKey: null, earliest: null } : null);
}

function parseDates(json: Record<string, unknown>, cursor: Extract<LeetcodeCursor, { stage: 'dates' }>): SyncPage<LeetcodeCursor> {
  const [question] = cursor.queue;
  if (!question) return lastPage([]);
  const data = isRecord(json.data) ? json.data : undefined;
  const errors = Array.isArray(json.errors) ? json.errors : [];
  if (authError(errors)) return signedOut();
  const list = data?.questionSubmissionList;
  // No list for this problem (or an error about it alone): date it by its last submission and go on.
  if (list === null || (list === undefined && errors.length)) {
    return page([questionItem(question, question.lastAt)].filter((i) => i !== null), afterQuestion(cursor.queue));
  }
  if (!isRecord(list) || !Array.isArray(list.submissions)) return failed(unknownShape(JUDGE, 'questionSubmissionList without submissions'));
  let earliest = cursor.earliest;
  let latest = cursor.latest ?? null;
  for (const s of list.submissions) {
    if (!isRecord(s) || (s.statusDisplay !== 'Accepted' && num(s.status) !== ACCEPTED)) continue;
    const at = isoFromSeconds(num(s.timestamp));
    if (at && (!earliest || at < earliest)) earliest = at;
    const id = typeof s.id === 'number' ? String(s.id) : str(s.id);
    if (at && id && /^\d{1,20}$/.test(id) && (!latest || at > latest.at)) latest = { id, at };
  }
  if (list.hasNext === true && list.submissions.length > 0) {
    return page([], { ...cursor, offset: cursor.offset + list.submissions.length, lastKey: str(list.lastKey) ?? null, earliest, latest });
  }
  const item = questionItem(question, earliest ?? question.lastAt);
  const done = page([item].filter((i) => i !== null), afterQuestion(cursor.queue));
  if (item && latest) done.codes = [{ submissionId: latest.id, problemUrl: item.problemUrl, acceptedAt: latest.at }];
  return done;
}

/** The code of one Accepted submission: GraphQL `submissionDetails` (extension/solutions/leetcode.ts reads it). */
const leetcodeCode: CodeReader = {
  plan(ref, state, origins) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (state.csrfToken) headers['x-csrftoken'] = state.csrfToken;
    return { url: `${origins.leetcode}/graphql/`, method: 'POST', headers, body: submissionDetailsBody(ref.submissionId), credentials: 'include' };
  },
  parse(answer, ref) {
    if (answer.status === 401 || answer.status === 403) return codeFailure('Sign in on LeetCode in this browser to read your code.', true);
    const json = readJson(answer.body);
    return parseSubmissionDetails(json, /\/problems\/([a-z0-9-]+)\//.exec(ref.problemUrl)?.[1] ?? null);
  },
};

export const leetcodeReader: HistoryReader<LeetcodeCursor> = {
  platform: 'leetcode',
  needs: 'session',
  origins: ['leetcode'],
  delayMs: leetcodeFacts.politeIntervalMs,
  dates: 'submission',
  plan(state, origins) {
    const cursor = state.cursor ?? FIRST;
    if (cursor.stage === 'solved') {
      return graphql(state, origins, 'syncSolved', SOLVED_QUERY, { filters: { questionStatus: 'SOLVED', skip: cursor.skip, limit: LEETCODE_PROGRESS_LIMIT } });
    }
    return graphql(state, origins, 'syncFirstAccepted', ACCEPTED_QUERY, {
      questionSlug: cursor.queue[0]?.slug ?? '',
      offset: cursor.offset,
      limit: LEETCODE_SUBMISSIONS_LIMIT,
      lastKey: cursor.lastKey,
      status: ACCEPTED,
    });
  },
  code: leetcodeCode,
  parse(answer, state, ctx) {
    const trouble = commonTrouble<LeetcodeCursor>(JUDGE, answer);
    if (trouble) return trouble;
    if (answer.status === 401) return signedOut();
    if (answer.status === 403) return failed(`LeetCode refused the request (403). Sign in on ${new URL(leetcodeFacts.origins.site).host} in this browser, then sync again.`);
    const json = readJson(answer.body);
    if (!isRecord(json)) return failed(unknownShape(JUDGE, `HTTP ${answer.status}, not a JSON object`));
    const cursor = state.cursor ?? FIRST;
    return cursor.stage === 'solved' ? parseSolved(json, cursor, state, ctx.now) : parseDates(json, cursor);
  },
};
