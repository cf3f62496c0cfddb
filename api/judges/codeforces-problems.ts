import { codeforcesFacts } from '../../shared/platforms/codeforces';
import { located, MAX_PROBLEMS, type ProblemEntry, type ProblemListSource } from './problem-lists';
import { answerOf, code, isRecord, readJson, text, unreadable, whole } from './read';

const JUDGE = 'Codeforces';

/**
 * problemset.problems (https://codeforces.com/apiHelp/methods#problemset.problems): { status: 'OK',
 * result: { problems: [{ contestId, index, name, type, points?, rating?, tags }], problemStatistics } }.
 * A problem of a contest not yet rated has no rating field. The answer is several megabytes.
 */
export const codeforcesProblems: ProblemListSource = {
  platform: 'codeforces',
  origins: [{ name: 'codeforces', envVar: 'CODEFORCES_ORIGIN', defaultOrigin: codeforcesFacts.origins.site }],
  plan: (origins) => [{ key: 'problems', url: `${origins.codeforces}/api/problemset.problems`, method: 'GET', maxChars: 32 * 1024 * 1024 }],
  parse(answers) {
    const json = readJson(answerOf(answers, 'problems').body);
    if (!isRecord(json) || json.status !== 'OK' || !isRecord(json.result) || !Array.isArray(json.result.problems)) return unreadable(JUDGE, 'problemset.problems has no problems');
    const out: ProblemEntry[] = [];
    for (const p of json.result.problems.slice(0, MAX_PROBLEMS)) {
      if (!isRecord(p)) continue;
      const contestId = whole(p.contestId, 10_000_000);
      const index = code(p.index);
      const name = text(p.name);
      if (contestId === null || !index || !name) continue;
      const at = located('codeforces', `${codeforcesFacts.origins.site}/contest/${contestId}/problem/${index}`);
      if (!at) continue;
      const tags = Array.isArray(p.tags) ? p.tags.map((t) => text(t, 60)).filter((t): t is string => !!t && t !== '*special') : [];
      out.push({ ...at, name, difficulty: whole(p.rating, 5000), estimated: false, topics: tags.slice(0, 20), contestId: String(contestId), index });
    }
    if (json.result.problems.length > 0 && out.length === 0) return unreadable(JUDGE, 'problems without contestId, index or name');
    return { kind: 'ok', problems: out };
  },
};
