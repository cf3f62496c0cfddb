import { leetcodeFacts } from '../../shared/platforms/leetcode';
import { located, MAX_PROBLEMS, type ProblemEntry, type ProblemListSource } from './problem-lists';
import { answerOf, isRecord, num, readJson, text, unreadable, whole } from './read';

const JUDGE = 'LeetCode';

/** Where an unrated problem of each of LeetCode's levels starts, on the contest rating scale. */
const LEVEL_BASE: Record<number, number> = { 1: 1250, 2: 1650, 3: 2150 };

/**
 * A difficulty for a problem no contest rated, from its level and acceptance: the level's base, moved
 * up to 200 either way as acceptance falls below or rises above 50 % (a Medium accepted 25 % of the time
 * is harder than one accepted 75 %). Always marked as an estimate.
 */
export function estimateLeetcodeDifficulty(level: number, acceptance: number): number | null {
  const base = LEVEL_BASE[level];
  if (base === undefined || !Number.isFinite(acceptance) || acceptance < 0 || acceptance > 1) return null;
  return Math.round(base + (0.5 - acceptance) * 400);
}

/**
 * Two answers. api/problems/all/ is LeetCode's problem list: { stat_status_pairs: [{ stat: {
 * question__title, question__title_slug, total_acs, total_submitted, frontend_question_id }, difficulty:
 * { level: 1|2|3 }, paid_only }] }. data.json is the public contest-problem ratings data set
 * (zerotrac/leetcode_problem_rating): [{ Rating, ID, Title, TitleSlug, ContestSlug, ProblemIndex, ... }],
 * ratings on LeetCode's contest rating scale. A rated problem takes its rating; the others an estimate.
 */
export const leetcodeProblems: ProblemListSource = {
  platform: 'leetcode',
  origins: [
    { name: 'leetcode', envVar: 'LEETCODE_ORIGIN', defaultOrigin: leetcodeFacts.origins.site },
    { name: 'leetcode-ratings', envVar: 'LEETCODE_RATINGS_ORIGIN', defaultOrigin: leetcodeFacts.origins.ratings },
  ],
  plan: (origins) => [
    { key: 'problems', url: `${origins.leetcode}/api/problems/all/`, method: 'GET', headers: { referer: `${leetcodeFacts.origins.site}/problemset/` }, maxChars: 16 * 1024 * 1024 },
    { key: 'ratings', url: `${origins['leetcode-ratings']}/data.json`, method: 'GET', maxChars: 16 * 1024 * 1024 },
  ],
  parse(answers) {
    const list = readJson(answerOf(answers, 'problems').body);
    if (!isRecord(list) || !Array.isArray(list.stat_status_pairs)) return unreadable(JUDGE, 'no stat_status_pairs');
    // The data set is optional: without it every problem is estimated.
    const rated = new Map<string, { rating: number; contest: string | undefined; index: string | undefined }>();
    const ratings = readJson(answerOf(answers, 'ratings').body);
    if (Array.isArray(ratings)) {
      for (const r of ratings) {
        if (!isRecord(r) || typeof r.TitleSlug !== 'string') continue;
        const rating = num(r.Rating);
        if (rating !== undefined && rating > 0 && rating < 5000) rated.set(r.TitleSlug.toLowerCase(), { rating: Math.round(rating), contest: text(r.ContestSlug, 80), index: text(r.ProblemIndex, 10) });
      }
    }
    const out: ProblemEntry[] = [];
    for (const pair of list.stat_status_pairs.slice(0, MAX_PROBLEMS)) {
      if (!isRecord(pair) || !isRecord(pair.stat)) continue;
      const slug = typeof pair.stat.question__title_slug === 'string' ? pair.stat.question__title_slug : '';
      const name = text(pair.stat.question__title);
      const at = slug && located('leetcode', `${leetcodeFacts.origins.site}/problems/${slug}/`);
      if (!at || !name) continue;
      const given = rated.get(at.key);
      const level = isRecord(pair.difficulty) ? (whole(pair.difficulty.level, 3) ?? 0) : 0;
      const acs = whole(pair.stat.total_acs);
      const submitted = whole(pair.stat.total_submitted);
      const estimate = acs !== null && submitted ? estimateLeetcodeDifficulty(level, acs / submitted) : null;
      out.push({ ...at, name, difficulty: given?.rating ?? estimate, estimated: !given && estimate !== null, topics: [], contestId: given?.contest ?? null, index: given?.index ?? null });
    }
    if (list.stat_status_pairs.length > 0 && out.length === 0) return unreadable(JUDGE, 'problems without slug or title');
    return { kind: 'ok', problems: out };
  },
};
