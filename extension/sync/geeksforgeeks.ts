import { geeksforgeeksFacts } from '@shared/platforms/geeksforgeeks';
import {
  commonTrouble,
  earliestPerProblem,
  failed,
  handleOf,
  isoFromLocalDateTime,
  isRecord,
  notBefore,
  lastPage,
  readJson,
  str,
  toSubmission,
  unknownShape,
} from './read';
import type { HistoryReader } from './types';

/**
 * The API a GeeksforGeeks profile page reads its solved problems from; public by handle, no cookie:
 * POST practiceapi.geeksforgeeks.org/api/v1/user/problems/submissions/ with
 * { handle, requestType: '', year: '', month: '' } answers, in one go,
 * { status: 'success', message, count, result: { School|Basic|Easy|Medium|Hard: { <id>: { slug, pname,
 * lang, user_subtime: 'YYYY-MM-DD HH:MM:SS' } } } }: one entry per solved problem. The site is Indian
 * and shows times in IST, so user_subtime is read as Asia/Kolkata. Without it (older answers) the solve
 * is dated by the sync on a full sync and left out of an incremental one.
 */
export type GeeksforgeeksCursor = never;

const JUDGE = 'GeeksforGeeks';
const TIME_ZONE = 'Asia/Kolkata';

export const geeksforgeeksReader: HistoryReader<GeeksforgeeksCursor> = {
  platform: 'geeksforgeeks',
  needs: 'handle',
  origins: ['geeksforgeeksApi'],
  delayMs: geeksforgeeksFacts.politeIntervalMs,
  dates: 'submission',
  plan(state, origins) {
    return {
      url: `${origins.geeksforgeeksApi}/api/v1/user/problems/submissions/`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ handle: handleOf(state, JUDGE), requestType: '', year: '', month: '' }),
      credentials: 'omit',
    };
  },
  parse(answer, state, ctx) {
    const trouble = commonTrouble<GeeksforgeeksCursor>(JUDGE, answer);
    if (trouble) return trouble;
    const json = readJson(answer.body);
    if (!isRecord(json)) return failed(unknownShape(JUDGE, `HTTP ${answer.status}, not a JSON object`));
    if (json.status !== 'success') {
      const message = str(json.message);
      return failed(message ? `GeeksforGeeks: ${message}` : `GeeksforGeeks found no user "${state.handle ?? ''}". Check the handle.`);
    }
    // An empty history comes as an empty object, or as an empty list on some answers.
    if (Array.isArray(json.result) && json.result.length === 0) return lastPage([]);
    if (!isRecord(json.result)) return failed(unknownShape(JUDGE, 'no result groups'));
    const now = ctx.now.toISOString();
    let entries = 0;
    let unreadable = 0;
    const items = Object.entries(json.result).flatMap(([level, problems]) => {
      if (!isRecord(problems)) return [];
      return Object.values(problems).map((p) => {
        entries++;
        const slug = isRecord(p) ? str(p.slug) : undefined;
        if (!isRecord(p) || !slug) {
          unreadable++;
          return null;
        }
        const at = isoFromLocalDateTime(p.user_subtime, TIME_ZONE);
        if (at ? !notBefore(at, state.since) : state.since) return null;
        // The group is GfG's difficulty: School, Basic, Easy, Medium or Hard.
        return toSubmission('geeksforgeeks', { url: `${geeksforgeeksFacts.origins.site}/problems/${slug}/1`, solvedAt: at ?? now, name: str(p.pname), difficulty: level });
      });
    });
    if (entries > 0 && unreadable === entries) return failed(unknownShape(JUDGE, 'solved entries without a slug'));
    return lastPage(earliestPerProblem(items));
  },
};
