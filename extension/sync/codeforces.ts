import { codeforcesFacts, FIRST_GYM_ID } from '@shared/platforms/codeforces';
import {
  commonTrouble,
  earliestPerProblem,
  encode,
  failed,
  handleOf,
  isoFromSeconds,
  isRecord,
  notBefore,
  num,
  page,
  readJson,
  slowDown,
  str,
  toSubmission,
  unknownShape,
} from './read';
import { codeforcesSubmissionUrl, parseCodeforcesSubmission } from '../solutions/codeforces';
import { codeFailure } from '../solutions/types';
import type { CodeRef, HistoryReader } from './types';

/**
 * Codeforces' official API, user.status: every submission of a public handle, newest first, paged by
 * `from` (1-based) and `count`. https://codeforces.com/apiHelp/methods#user.status
 * Answer: { status: 'OK', result: [{ id, contestId, creationTimeSeconds, problem: { contestId, index,
 * name, rating?, tags }, verdict }] } or { status: 'FAILED', comment } (unknown handle: HTTP 400 with
 * "handle: User with handle X not found"; over the limit: "Call limit exceeded").
 */
export interface CodeforcesCursor {
  from: number;
  count: number;
}

/** Submissions asked for per call: one call covers most histories. */
export const CODEFORCES_COUNT = 1000;
const JUDGE = 'Codeforces';

function problemUrl(contestId: number, index: string): string {
  return contestId >= FIRST_GYM_ID
    ? `${codeforcesFacts.origins.site}/gym/${contestId}/problem/${index}`
    : `${codeforcesFacts.origins.site}/problemset/problem/${contestId}/${index}`;
}

export const codeforcesReader: HistoryReader<CodeforcesCursor> = {
  platform: 'codeforces',
  needs: 'handle',
  origins: ['codeforces'],
  // The API's published limit: one call per two seconds.
  delayMs: codeforcesFacts.politeIntervalMs,
  dates: 'submission',
  plan(state, origins) {
    const { from, count } = state.cursor ?? { from: 1, count: CODEFORCES_COUNT };
    const handle = handleOf(state, JUDGE);
    return {
      url: `${origins.codeforces}/api/user.status?handle=${encode(handle)}&from=${from}&count=${count}`,
      method: 'GET',
      credentials: 'omit',
    };
  },
  parse(answer, state) {
    const json = readJson(answer.body);
    if (isRecord(json) && json.status === 'FAILED') {
      const comment = str(json.comment) ?? '';
      // The API answers its own limit with HTTP 503 and this comment.
      if (/call limit exceeded/i.test(comment)) return slowDown();
      if (/not found/i.test(comment)) return failed(`Codeforces has no user "${state.handle ?? ''}". Check the handle.`);
      return failed(`Codeforces refused the request: ${comment || `HTTP ${answer.status}`}`);
    }
    const trouble = commonTrouble<CodeforcesCursor>(JUDGE, answer);
    if (trouble) return trouble;
    if (!isRecord(json) || json.status !== 'OK' || !Array.isArray(json.result)) {
      return failed(unknownShape(JUDGE, json === undefined ? `HTTP ${answer.status}, not JSON` : 'no result list'));
    }
    const result = json.result;
    const readable = result.filter(
      (s): s is Record<string, unknown> => isRecord(s) && num(s.creationTimeSeconds) !== undefined && isRecord(s.problem),
    );
    if (result.length > 0 && readable.length === 0) return failed(unknownShape(JUDGE, 'submissions without time or problem'));

    // An object, not a let: TypeScript does not see assignments made inside the callback.
    const reached = { since: false };
    // Newest first: the first Accepted seen of a problem is its latest, whose code a code sync keeps.
    const codes = new Map<string, CodeRef>();
    const items = readable.map((s) => {
      const solvedAt = isoFromSeconds(num(s.creationTimeSeconds));
      if (!solvedAt) return null;
      if (!notBefore(solvedAt, state.since)) {
        reached.since = true;
        return null;
      }
      const problem = s.problem as Record<string, unknown>;
      const contestId = num(problem.contestId) ?? num(s.contestId);
      const index = str(problem.index);
      // Problems of the old acm.sgu.ru archive have no contest, hence no problem URL the tracker knows.
      if (s.verdict !== 'OK' || contestId === undefined || !index) return null;
      const rating = num(problem.rating);
      const tags = Array.isArray(problem.tags) ? problem.tags.filter((t) => typeof t === 'string' && !t.startsWith('*')) : [];
      const item = toSubmission('codeforces', {
        url: problemUrl(contestId, index),
        solvedAt,
        name: str(problem.name),
        difficulty: rating !== undefined ? String(rating) : undefined,
        topics: tags,
      });
      const id = num(s.id);
      if (item && id !== undefined && Number.isSafeInteger(id) && !codes.has(item.problemUrl)) {
        const language = str(s.programmingLanguage)?.slice(0, 40);
        codes.set(item.problemUrl, { submissionId: String(id), problemUrl: item.problemUrl, acceptedAt: solvedAt, ...(language && { language }) });
      }
      return item;
    });
    const { from, count } = state.cursor ?? { from: 1, count: CODEFORCES_COUNT };
    // Newest first: a full page that has not reached `since` may have more behind it.
    const next = result.length >= count && !reached.since ? { from: from + result.length, count } : null;
    const found = page(earliestPerProblem(items), next);
    if (codes.size) found.codes = [...codes.values()];
    return found;
  },
  code: {
    // The submission's own page: public after the contest, and to its author always (so with the user's cookies).
    plan(ref, _state, origins) {
      const key = /\/(?:problemset\/problem|contest|gym)\/(\d{1,7})\/(?:problem\/)?([A-Z][0-9]?)$/.exec(ref.problemUrl);
      const gym = ref.problemUrl.includes('/gym/');
      const url = key ? codeforcesSubmissionUrl(origins.codeforces, `${gym ? 'gym' : ''}${key[1]}${key[2]}`, ref.submissionId) : null;
      return { url: url ?? `${origins.codeforces}/`, method: 'GET', credentials: 'include' };
    },
    parse(answer, ref) {
      if (answer.status === 404) return codeFailure('Codeforces has no page for this submission.');
      if (answer.status !== 200) return codeFailure(`Codeforces answered ${answer.status}.`);
      const read = parseCodeforcesSubmission(answer.body, ref.submissionId);
      // The API's name for the language is the judge's own; the page's row is read only where it gives none.
      return read.ok && ref.language ? { ...read, language: ref.language } : read;
    },
  },
};
