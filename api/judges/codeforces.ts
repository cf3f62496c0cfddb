import { codeforcesFacts } from '../../shared/platforms/codeforces';
import type { RatingPoint } from '../db/schema';
import { acceptedCount, statusRequest } from './codeforces-solves';
import { answerOf, contest, empty, dateFromSeconds, isRecord, maxOf, readJson, text, unreadable, whole } from './read';
import type { ContestEntry, JudgeAdapter } from './types';

const JUDGE = 'Codeforces';

/**
 * Codeforces' documented API (https://codeforces.com/apiHelp): user.info for rating, maxRating and rank,
 * user.rating for the rating changes, user.status for the solved count (distinct accepted problems), contest.list for contests (phase BEFORE or CODING). Every answer is
 * { status: 'OK', result } or { status: 'FAILED', comment }; an unknown handle is HTTP 400 with
 * "handles: User with handle X not found". The API asks for at most one call every two seconds.
 */
export const codeforcesJudge: JudgeAdapter = {
  id: 'codeforces',
  defaultOrigin: codeforcesFacts.origins.site,
  minIntervalMs: codeforcesFacts.politeIntervalMs,
  account: {
    plan: (handle, origin) => [
      { key: 'info', url: `${origin}/api/user.info?handles=${encodeURIComponent(handle)}`, method: 'GET' },
      { key: 'rating', url: `${origin}/api/user.rating?handle=${encodeURIComponent(handle)}`, method: 'GET' },
      statusRequest(handle, origin),
    ],
    parse(answers) {
      const info = readJson(answerOf(answers, 'info').body);
      if (isRecord(info) && info.status === 'FAILED') {
        return typeof info.comment === 'string' && /not found/i.test(info.comment) ? { kind: 'not-found' } : unreadable(JUDGE, 'user.info failed');
      }
      if (!isRecord(info) || info.status !== 'OK' || !Array.isArray(info.result)) return unreadable(JUDGE, 'user.info has no result');
      const user: unknown = info.result[0];
      if (!isRecord(user) || typeof user.handle !== 'string') return unreadable(JUDGE, 'user.info result has no handle');

      const figures = empty();
      // An unrated user has no rating, maxRating or rank fields at all.
      figures.rating = whole(user.rating, 10_000);
      figures.maxRating = whole(user.maxRating, 10_000);
      figures.rank = text(user.rank, 60) ?? null;

      const rating = readJson(answerOf(answers, 'rating').body);
      if (isRecord(rating) && rating.status === 'OK' && Array.isArray(rating.result)) {
        const history: RatingPoint[] = [];
        for (const change of rating.result) {
          if (!isRecord(change)) continue;
          const at = dateFromSeconds(change.ratingUpdateTimeSeconds);
          const value = whole(change.newRating, 10_000);
          const name = text(change.contestName);
          if (at && value !== null && name) history.push({ contest: name, at: at.toISOString(), rating: value });
        }
        if (rating.result.length > 0 && history.length === 0) return unreadable(JUDGE, 'user.rating entries without contest, time or rating');
        figures.history = history;
        figures.contests = history.length;
      } else {
        return unreadable(JUDGE, 'user.rating has no result');
      }
      figures.maxRating ??= maxOf(figures.history, figures.rating);
      // A submission list that cannot be read leaves the count unknown; the rating figures still stand.
      figures.solved = acceptedCount(answerOf(answers, 'status').body);
      return { kind: 'ok', figures };
    },
  },
  contests: {
    plan: (origin) => [{ key: 'list', url: `${origin}/api/contest.list?gym=false`, method: 'GET' }],
    parse(answers) {
      const json = readJson(answerOf(answers, 'list').body);
      if (!isRecord(json) || json.status !== 'OK' || !Array.isArray(json.result)) return unreadable(JUDGE, 'contest.list has no result');
      const out: ContestEntry[] = [];
      for (const c of json.result) {
        if (!isRecord(c) || (c.phase !== 'BEFORE' && c.phase !== 'CODING')) continue;
        const entry = contest({
          code: typeof c.id === 'number' && Number.isInteger(c.id) && c.id > 0 ? String(c.id) : undefined,
          name: text(c.name),
          url: (id) => `${codeforcesFacts.origins.site}/contests/${id}`,
          startsAt: dateFromSeconds(c.startTimeSeconds),
          durationSeconds: whole(c.durationSeconds),
        });
        if (entry) out.push(entry);
      }
      return { kind: 'ok', contests: out };
    },
  },
};
