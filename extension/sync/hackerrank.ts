import { hackerrankFacts } from '@shared/platforms/hackerrank';
import {
  commonTrouble,
  earliestPerProblem,
  encode,
  failed,
  handleOf,
  isoFromString,
  isRecord,
  notBefore,
  page,
  readJson,
  str,
  toSubmission,
  unknownShape,
} from './read';
import type { HistoryReader } from './types';

/**
 * The REST call behind a HackerRank profile's "recent challenges": the challenges a public handle has
 * solved, newest first, paged by an opaque cursor.
 * GET /rest/hackers/<handle>/recent_challenges?limit=&cursor=&response_version=v2 answers
 * { models: [{ name, ch_slug, con_slug, url: '/challenges/<slug>', created_at: ISO }], cursor, last_page }.
 */
export interface HackerrankCursor {
  cursor: string;
}

/** Per page, as the profile page itself asks. */
const HACKERRANK_LIMIT = 20;
const JUDGE = 'HackerRank';

export const hackerrankReader: HistoryReader<HackerrankCursor> = {
  platform: 'hackerrank',
  needs: 'handle',
  origins: ['hackerrank'],
  delayMs: hackerrankFacts.politeIntervalMs,
  dates: 'submission',
  plan(state, origins) {
    const cursor = state.cursor?.cursor ?? '';
    return {
      url: `${origins.hackerrank}/rest/hackers/${encode(handleOf(state, JUDGE))}/recent_challenges?limit=${HACKERRANK_LIMIT}&cursor=${encode(cursor)}&response_version=v2`,
      method: 'GET',
      headers: { accept: 'application/json' },
      credentials: 'omit',
    };
  },
  parse(answer, state) {
    const trouble = commonTrouble<HackerrankCursor>(JUDGE, answer);
    if (trouble) return trouble;
    const json = readJson(answer.body);
    if (answer.status === 404 || (isRecord(json) && json.error !== undefined && !Array.isArray(json.models))) {
      return failed(`HackerRank has no public profile "${state.handle ?? ''}". Check the handle.`);
    }
    if (!isRecord(json) || !Array.isArray(json.models)) {
      return failed(unknownShape(JUDGE, json === undefined ? `HTTP ${answer.status}, not JSON` : 'no models list'));
    }
    const models = json.models.filter(isRecord);
    // An object, not a let: TypeScript does not see assignments made inside the callback.
    const reached = { since: false };
    const items = models.map((m) => {
      const solvedAt = isoFromString(m.created_at);
      // The slug, or the last segment of the challenge's path.
      const slug = str(m.ch_slug) ?? str(m.url)?.split('/').filter(Boolean).pop();
      if (!solvedAt || !slug) return null;
      if (!notBefore(solvedAt, state.since)) {
        reached.since = true;
        return null;
      }
      return toSubmission('hackerrank', { url: `${hackerrankFacts.origins.site}/challenges/${slug}/problem`, solvedAt, name: str(m.name) });
    });
    if (models.length > 0 && items.every((i) => i === null) && !reached.since) {
      return failed(unknownShape(JUDGE, 'challenges without slug or date'));
    }
    const cursor = str(json.cursor);
    const next = json.last_page === false && cursor && models.length > 0 && !reached.since ? { cursor } : null;
    return page(earliestPerProblem(items), next);
  },
};
