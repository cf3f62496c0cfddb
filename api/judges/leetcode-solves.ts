import { leetcodeFacts } from '../../shared/platforms/leetcode';
import { located } from './problem-lists';
import { answerOf, dateFromSeconds, isRecord, readJson, text, unreadable } from './read';
import { addSolve, type ContestEntryOfUser, type SolveEntry, type SolvesReader } from './solves';

const JUDGE = 'LeetCode';
/** Weekly and biweekly contests both last 90 minutes; the history gives only the start. */
const CONTEST_SECONDS = 90 * 60;
/** The most recent accepted submissions LeetCode shows anyone but the account's owner. */
const RECENT_AC = 20;

const QUERY = `query upsolve($username: String!, $limit: Int!) {
  matchedUser(username: $username) { username }
  userContestRankingHistory(username: $username) { attended problemsSolved totalProblems contest { title startTime } }
  recentAcSubmissionList(username: $username, limit: $limit) { id title titleSlug timestamp }
}`;

/** "Weekly Contest 420" to weekly-contest-420, the slug its page and the ratings data set use. */
export function leetcodeContestSlug(title: string): string | undefined {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return /^[a-z0-9-]{1,80}$/.test(slug) ? slug : undefined;
}

/**
 * LeetCode's public GraphQL, as its profile page asks it: userContestRankingHistory lists every contest
 * since the account began ({ attended, problemsSolved, contest: { title, startTime } }), and
 * recentAcSubmissionList the latest accepted submissions ({ titleSlug, timestamp } in Unix seconds as a
 * string), at most 20 for anyone but the owner: older solves reach the tracker through the history sync.
 * Which problem was solved during a contest is not public, so the contest's end decides (upsolve list).
 */
export const leetcodeSolves: SolvesReader = {
  platform: 'leetcode',
  plan: (handle, origins) => [
    {
      key: 'upsolve',
      url: `${origins.leetcode ?? leetcodeFacts.origins.site}/graphql/`,
      method: 'POST',
      headers: { 'content-type': 'application/json', referer: `${leetcodeFacts.origins.site}/` },
      body: JSON.stringify({ query: QUERY, variables: { username: handle, limit: RECENT_AC } }),
    },
  ],
  parse(answers) {
    const json = readJson(answerOf(answers, 'upsolve').body);
    const data = isRecord(json) ? json.data : undefined;
    if (!isRecord(data)) return unreadable(JUDGE, 'no data');
    if (data.matchedUser === null) return { kind: 'not-found' };
    // Someone who never took a contest has a null history; anything else not a list is a changed answer.
    if (data.userContestRankingHistory !== null && !Array.isArray(data.userContestRankingHistory)) return unreadable(JUDGE, 'no userContestRankingHistory');
    if (!Array.isArray(data.recentAcSubmissionList)) return unreadable(JUDGE, 'no recentAcSubmissionList');

    const contests = new Map<string, ContestEntryOfUser>();
    for (const h of Array.isArray(data.userContestRankingHistory) ? data.userContestRankingHistory : []) {
      if (!isRecord(h) || h.attended !== true || !isRecord(h.contest)) continue;
      const name = text(h.contest.title);
      const contestId = name && leetcodeContestSlug(name);
      const start = dateFromSeconds(h.contest.startTime);
      if (contestId && name && start) contests.set(contestId, { contestId, name, endedAt: new Date(start.getTime() + CONTEST_SECONDS * 1000) });
    }
    const solves = new Map<string, SolveEntry>();
    for (const s of data.recentAcSubmissionList.slice(0, RECENT_AC * 5)) {
      if (!isRecord(s) || typeof s.titleSlug !== 'string') continue;
      const at = dateFromSeconds(s.timestamp);
      const where = located('leetcode', `${leetcodeFacts.origins.site}/problems/${encodeURIComponent(s.titleSlug)}/`);
      if (!at || !where) continue;
      // Which problem was solved during a contest is not public.
      addSolve(solves, where.key, at, false);
    }
    return { kind: 'ok', solves: [...solves.values()], contests: [...contests.values()] };
  },
};
