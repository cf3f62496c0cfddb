import { leetcodeFacts } from '../../shared/platforms/leetcode';
import type { RatingPoint } from '../db/schema';
import { answerOf, code, contest, empty, dateFromSeconds, isRecord, maxOf, num, readJson, text, unreadable, whole } from './read';
import type { ContestEntry, JudgeAdapter } from './types';

const JUDGE = 'LeetCode';

// LeetCode's public GraphQL, as its own profile and contest pages ask it (no sign-in needed).
const PROFILE_QUERY = `query profile($username: String!) {
  matchedUser(username: $username) { username submitStatsGlobal { acSubmissionNum { difficulty count } } }
  userContestRanking(username: $username) { attendedContestsCount rating globalRanking topPercentage badge { name } }
  userContestRankingHistory(username: $username) { attended rating contest { title startTime } }
}`;
const CONTESTS_QUERY = 'query upcoming { topTwoContests { title titleSlug startTime duration } }';

const graphql = (origin: string, key: string, query: string, variables: Record<string, string>) => ({
  key,
  url: `${origin}/graphql/`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', referer: `${leetcodeFacts.origins.site}/` },
  body: JSON.stringify({ query, variables }),
});

/**
 * matchedUser is null for an unknown user (with an error "That user does not exist."); userContestRanking
 * is null for someone who never took a contest. Rating is a float; the history lists every contest since
 * the account began, attended or not.
 */
export const leetcodeJudge: JudgeAdapter = {
  id: 'leetcode',
  defaultOrigin: leetcodeFacts.origins.site,
  minIntervalMs: leetcodeFacts.politeIntervalMs,
  account: {
    plan: (handle, origin) => [graphql(origin, 'profile', PROFILE_QUERY, { username: handle })],
    parse(answers) {
      const json = readJson(answerOf(answers, 'profile').body);
      const data = isRecord(json) ? json.data : undefined;
      if (!isRecord(data)) return unreadable(JUDGE, 'no data');
      if (data.matchedUser === null) return { kind: 'not-found' };
      const user = data.matchedUser;
      if (!isRecord(user) || !isRecord(user.submitStatsGlobal) || !Array.isArray(user.submitStatsGlobal.acSubmissionNum)) {
        return unreadable(JUDGE, 'matchedUser without submitStatsGlobal');
      }
      const figures = empty();
      const split: Record<string, number> = {};
      for (const row of user.submitStatsGlobal.acSubmissionNum) {
        if (!isRecord(row)) continue;
        const name = text(row.difficulty, 20);
        const n = whole(row.count, 100_000);
        if (!name || n === null) continue;
        if (name === 'All') figures.solved = n;
        else split[name] = n;
      }
      if (figures.solved === null && Object.keys(split).length === 0) return unreadable(JUDGE, 'no solved counts');
      figures.solvedByDifficulty = split;
      figures.solved ??= Object.values(split).reduce((a, b) => a + b, 0);

      const ranking = data.userContestRanking;
      if (isRecord(ranking)) {
        const rating = num(ranking.rating);
        figures.rating = rating !== undefined && rating >= 0 && rating < 10_000 ? Math.round(rating) : null;
        figures.contests = whole(ranking.attendedContestsCount, 100_000);
        figures.rank = (isRecord(ranking.badge) ? text(ranking.badge.name, 60) : undefined) ?? null;
      }
      const history: RatingPoint[] = [];
      if (Array.isArray(data.userContestRankingHistory)) {
        for (const h of data.userContestRankingHistory) {
          if (!isRecord(h) || h.attended !== true || !isRecord(h.contest)) continue;
          const at = dateFromSeconds(h.contest.startTime);
          const rating = num(h.rating);
          const name = text(h.contest.title);
          if (at && rating !== undefined && rating >= 0 && rating < 10_000 && name) history.push({ contest: name, at: at.toISOString(), rating: Math.round(rating) });
        }
      }
      figures.history = history;
      figures.maxRating = maxOf(history, figures.rating);
      return { kind: 'ok', figures };
    },
  },
  contests: {
    plan: (origin) => [graphql(origin, 'upcoming', CONTESTS_QUERY, {})],
    parse(answers) {
      const json = readJson(answerOf(answers, 'upcoming').body);
      const data = isRecord(json) ? json.data : undefined;
      // Older answers (and the contest page's other query) name the list allContests: same entries.
      const list = isRecord(data) ? (data.topTwoContests ?? data.allContests) : undefined;
      if (!Array.isArray(list)) return unreadable(JUDGE, 'no topTwoContests');
      const out: ContestEntry[] = [];
      for (const c of list) {
        if (!isRecord(c)) continue;
        const entry = contest({
          code: code(c.titleSlug),
          name: text(c.title),
          url: (slug) => `${leetcodeFacts.origins.site}/contest/${slug}/`,
          startsAt: dateFromSeconds(c.startTime),
          durationSeconds: whole(c.duration),
        });
        if (entry) out.push(entry);
      }
      return { kind: 'ok', contests: out };
    },
  },
};
