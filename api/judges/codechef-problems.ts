import { codechefFacts } from '../../shared/platforms/codechef';
import { located, type ProblemEntry, type ProblemListSource } from './problem-lists';
import { answerOf, code, isRecord, readJson, text, unreadable, whole } from './read';

const JUDGE = 'CodeChef';
/** Pages of the practice list read, PAGE_SIZE problems each: CodeChef rates about 6,000 problems. */
const PAGES = 5;
const PAGE_SIZE = 2000;

/**
 * The contest a problem was set in, as the contest's code (START150A): contest_code where the answer has
 * it; intended_contest_id in older answers, where it held the code (newer ones put a numeric id there).
 */
function contestOf(p: Record<string, unknown>): string | null {
  const named = code(p.contest_code) ?? code(p.intended_contest_id);
  return named && !/^\d+$/.test(named) ? named.toUpperCase() : null;
}

/**
 * The practice page's list: `/api/list/problems?...&category=rated` answers { status: 'success', data:
 * [{ id, code, name, difficulty_rating, intended_contest_id, actual_intended_contests, contest_code,
 * successful_submissions, ... }], count }, a page at a time. difficulty_rating is a string of a number on
 * CodeChef's rating scale.
 */
export const codechefProblems: ProblemListSource = {
  platform: 'codechef',
  origins: [{ name: 'codechef', envVar: 'CODECHEF_ORIGIN', defaultOrigin: codechefFacts.origins.site }],
  plan: (origins) =>
    Array.from({ length: PAGES }, (_, page) => ({
      key: `page${page}`,
      url: `${origins.codechef}/api/list/problems?page=${page}&limit=${PAGE_SIZE}&sort_by=difficulty_rating&sort_order=asc&search=&category=rated&start_rating=0&end_rating=5000&topic=&tags=&group=all`,
      method: 'GET' as const,
      maxChars: 8 * 1024 * 1024,
    })),
  parse(answers) {
    const first = readJson(answerOf(answers, 'page0').body);
    if (!isRecord(first) || first.status !== 'success' || !Array.isArray(first.data)) return unreadable(JUDGE, 'problem list has no data');
    const total = whole(first.count);
    const out: ProblemEntry[] = [];
    for (let page = 0; page < PAGES; page++) {
      const json = page === 0 ? first : readJson(answerOf(answers, `page${page}`).body);
      if (!isRecord(json) || !Array.isArray(json.data) || json.data.length === 0) break;
      for (const p of json.data) {
        if (!isRecord(p)) continue;
        const key = code(p.code);
        const name = text(p.name);
        const at = key && located('codechef', `${codechefFacts.origins.site}/problems/${key}`);
        if (!at || !name) continue;
        const rating = whole(p.difficulty_rating, 5000);
        out.push({ ...at, name, difficulty: rating || null, estimated: false, topics: [], contestId: contestOf(p), index: null });
      }
    }
    if (first.data.length > 0 && out.length === 0) return unreadable(JUDGE, 'problems without code or name');
    // A later page that did not answer leaves the list short of its count: a partial list is no list.
    if (total !== null && out.length < Math.min(total, PAGES * PAGE_SIZE) * 0.9) return unreadable(JUDGE, `${out.length} of ${total} problems read`);
    return { kind: 'ok', problems: out };
  },
};
