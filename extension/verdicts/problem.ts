import { parseProblemUrl, platformForHost } from '@shared/platforms/index';
import type { ParsedProblem } from '@shared/platforms/types';
import type { Verdict } from '@shared/schemas/messages';
import { codeforcesStatusScope, keyInContest } from './codeforces';

const same = (a: { platform: string; key: string } | null | undefined, b: ParsedProblem) => !!a && a.platform === b.platform && a.key === b.key;

/**
 * The problem a verdict may tick, or null when the tab that sent it has no business reporting it.
 * A verdict counts only for the problem of the sender's own page (its URL, or what its content
 * script detected there), or, on Codeforces, for a problem listed by the status page it came from
 * (within that contest for a contest's status).
 */
export function verdictProblem(verdict: Verdict, senderUrl: string | undefined, tabProblem: { platform: string; key: string } | null | undefined): ParsedProblem | null {
  const problem = parseProblemUrl(verdict.problemUrl);
  if (!problem || problem.platform !== verdict.source) return null;
  let page: URL | null = null;
  try {
    page = senderUrl ? new URL(senderUrl) : null;
  } catch {
    page = null;
  }
  if (!page || platformForHost(page.hostname)?.id !== problem.platform) return null;
  if (same(parseProblemUrl(page.href), problem) || same(tabProblem, problem)) return problem;
  if (problem.platform === 'codeforces') {
    const scope = codeforcesStatusScope(page);
    if (scope?.scope === 'any') return problem;
    if (scope?.scope === 'contest' && keyInContest(problem.key, scope.contestId)) return problem;
  }
  return null;
}
