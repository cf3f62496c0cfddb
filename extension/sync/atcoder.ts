import { ATCODER_SUBMISSIONS_PAGE, atcoderFacts, atcoderNextSecond } from '@shared/platforms/atcoder';
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
  str,
  toSubmission,
  unknownShape,
} from './read';
import type { HistoryReader } from './types';

/**
 * AtCoder has no history API of its own; AtCoder Problems (kenkoooo/AtCoderProblems, doc/api.md)
 * mirrors every public submission: GET /atcoder/atcoder-api/v3/user/submissions?user=&from_second=
 * answers up to 500 submissions from that Unix second on, oldest first:
 * [{ id, epoch_second, problem_id, contest_id, user_id, language, point, length, result: 'AC', execution_time }].
 * Its docs ask for more than a second between calls. Submissions carry no problem names; the tracker
 * names unknown problems from their URL (a later step could read resources/problems.json once).
 */
export interface AtcoderCursor {
  fromSecond: number;
}

const JUDGE = 'AtCoder Problems';

/** The second a request starts from: the cursor's, else `since` (an incremental sync), else the beginning. */
function fromSecondOf(state: { cursor: AtcoderCursor | null; since?: string | null }): number {
  if (state.cursor) return state.cursor.fromSecond;
  const since = state.since ? Math.floor(Date.parse(state.since) / 1000) : 0;
  return Number.isFinite(since) && since > 0 ? since : 0;
}

export const atcoderReader: HistoryReader<AtcoderCursor> = {
  platform: 'atcoder',
  needs: 'handle',
  origins: ['atcoderProblems'],
  delayMs: atcoderFacts.politeIntervalMs,
  dates: 'submission',
  plan(state, origins) {
    return {
      url: `${origins.atcoderProblems}/atcoder/atcoder-api/v3/user/submissions?user=${encode(handleOf(state, 'AtCoder'))}&from_second=${fromSecondOf(state)}`,
      method: 'GET',
      credentials: 'omit',
    };
  },
  parse(answer, state) {
    const trouble = commonTrouble<AtcoderCursor>(JUDGE, answer);
    if (trouble) return trouble;
    // An id AtCoder cannot have (spaces, symbols) is refused with 400; an unknown one is simply empty.
    if (answer.status === 400) return failed(`AtCoder Problems refused the user id "${state.handle ?? ''}". Check the handle.`);
    if (answer.status === 403) return failed('AtCoder Problems refused the request (403). Try again later.');
    const json = readJson(answer.body);
    if (!Array.isArray(json)) return failed(unknownShape(JUDGE, json === undefined ? `HTTP ${answer.status}, not JSON` : 'not a list'));
    const rows = json.filter((s): s is Record<string, unknown> => isRecord(s) && num(s.epoch_second) !== undefined);
    if (json.length > 0 && rows.length === 0) return failed(unknownShape(JUDGE, 'submissions without epoch_second'));

    const items = rows.map((s) => {
      const solvedAt = isoFromSeconds(num(s.epoch_second));
      const task = str(s.problem_id);
      const contest = str(s.contest_id);
      if (s.result !== 'AC' || !solvedAt || !task || !contest || !notBefore(solvedAt, state.since)) return null;
      return toSubmission('atcoder', { url: `${atcoderFacts.origins.site}/contests/${contest}/tasks/${task}`, solvedAt });
    });
    const next: AtcoderCursor | null = json.length >= ATCODER_SUBMISSIONS_PAGE ? { fromSecond: atcoderNextSecond(rows.map((s) => num(s.epoch_second) ?? 0), fromSecondOf(state)) } : null;
    return page(earliestPerProblem(items), next);
  },
};
