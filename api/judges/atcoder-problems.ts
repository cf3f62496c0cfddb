import { atcoderFacts } from '../../shared/platforms/atcoder';
import { located, MAX_PROBLEMS, type ProblemEntry, type ProblemListSource } from './problem-lists';
import { answerOf, code, isRecord, num, readJson, text, unreadable } from './read';

const JUDGE = 'AtCoder Problems';

/**
 * AtCoder Problems shows a raw estimate below 400 squeezed into (0, 400), so that no difficulty is
 * negative: 400 / e^(1 − d/400) (continuous at 400, and near 0 for very easy problems).
 */
export function clipDifficulty(raw: number): number {
  return Math.round(raw >= 400 ? raw : 400 / Math.exp(1 - raw / 400));
}

/**
 * AtCoder publishes no difficulties; AtCoder Problems (https://github.com/kenkoooo/AtCoderProblems,
 * doc/api.md) estimates them from contest results: resources/problem-models.json maps a problem id to
 * { slope, intercept, variance, difficulty?, discrimination, irt_loglikelihood, irt_users, is_experimental }
 * (no difficulty for problems it could not fit), and resources/problems.json lists
 * [{ id, contest_id, problem_index, name, title }]. An experimental estimate is marked as an estimate.
 */
export const atcoderProblems: ProblemListSource = {
  platform: 'atcoder',
  origins: [{ name: 'atcoder-problems', envVar: 'ATCODER_PROBLEMS_ORIGIN', defaultOrigin: atcoderFacts.origins.atcoderProblems }],
  plan: (origins) => [
    { key: 'problems', url: `${origins['atcoder-problems']}/resources/problems.json`, method: 'GET', maxChars: 16 * 1024 * 1024 },
    { key: 'models', url: `${origins['atcoder-problems']}/resources/problem-models.json`, method: 'GET', maxChars: 16 * 1024 * 1024 },
  ],
  parse(answers) {
    const problems = readJson(answerOf(answers, 'problems').body);
    const models = readJson(answerOf(answers, 'models').body);
    if (!Array.isArray(problems)) return unreadable(JUDGE, 'problems.json is not a list');
    if (!isRecord(models)) return unreadable(JUDGE, 'problem-models.json is not an object');
    const out: ProblemEntry[] = [];
    for (const p of problems.slice(0, MAX_PROBLEMS)) {
      if (!isRecord(p)) continue;
      const id = code(p.id);
      const contestId = code(p.contest_id);
      const name = text(p.name) ?? text(p.title);
      if (!id || !contestId || !name) continue;
      const at = located('atcoder', `${atcoderFacts.origins.site}/contests/${contestId}/tasks/${id}`);
      if (!at) continue;
      const model = models[id];
      const raw = isRecord(model) ? num(model.difficulty) : undefined;
      const difficulty = raw !== undefined && raw > -10_000 && raw < 10_000 ? clipDifficulty(raw) : null;
      out.push({ ...at, name, difficulty, estimated: isRecord(model) && model.is_experimental === true, topics: [], contestId, index: text(p.problem_index, 10) ?? null });
    }
    if (problems.length > 0 && out.length === 0) return unreadable(JUDGE, 'problems without id, contest_id or name');
    return { kind: 'ok', problems: out };
  },
};
