import { geeksforgeeksFacts } from '../../shared/platforms/geeksforgeeks';
import { answerOf, isRecord, readJson, text, unreadable } from './read';
import type { JudgeAdapter } from './types';

const JUDGE = 'GeeksforGeeks';

/**
 * GeeksforGeeks has no rating; its practice API lists a public handle's solved problems by difficulty:
 * POST `practiceapi.geeksforgeeks.org/api/v1/user/problems/submissions/` with { handle } answers
 * { status: 'success', count, result: { School: {id: problem}, Basic, Easy, Medium, Hard } }, or
 * { status: 'error', message: 'Invalid handle' } for an unknown one. Its contests are not listed publicly.
 */
export const geeksforgeeksJudge: JudgeAdapter = {
  id: 'geeksforgeeks',
  defaultOrigin: geeksforgeeksFacts.origins.api,
  minIntervalMs: geeksforgeeksFacts.politeIntervalMs,
  account: {
    plan: (handle, origin) => [
      {
        key: 'solved',
        url: `${origin}/api/v1/user/problems/submissions/`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ handle, requestType: '', year: '', month: '' }),
      },
    ],
    parse(answers) {
      const json = readJson(answerOf(answers, 'solved').body);
      if (isRecord(json) && json.status === 'error') {
        return typeof json.message === 'string' && /invalid handle|not found|does not exist/i.test(json.message) ? { kind: 'not-found' } : unreadable(JUDGE, 'an error');
      }
      if (!isRecord(json) || json.status !== 'success' || !isRecord(json.result)) return unreadable(JUDGE, 'no result');
      const split: Record<string, number> = {};
      let solved = 0;
      for (const [difficulty, problems] of Object.entries(json.result)) {
        // Only names that look like difficulties: a key such as __proto__ must never become a property.
        const name = text(difficulty, 20);
        if (!name || !/^[A-Za-z][A-Za-z0-9 ]*$/.test(name) || !isRecord(problems)) continue;
        const n = Object.keys(problems).length;
        split[name] = n;
        solved += n;
      }
      return {
        kind: 'ok',
        figures: { rating: null, maxRating: null, rank: null, solved, solvedByDifficulty: split, contests: null, history: [] },
      };
    },
  },
  contests: null,
};
