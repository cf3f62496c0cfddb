import { retryAdvice } from '@shared/retry';
import { SOLUTION_MESSAGES } from '@shared/rules/solutions';
import { apiClient, unwrap } from '../lib/api';
import { SYNC_ORIGINS, type HistoryReader } from '../sync/index';
import { askJudge, stateFor, trackerTrouble } from './sync-calls';
import { addSkipped, nameOf, now, saveRun, type Run, type RunJudge } from './sync-state';
import type { HandlerDeps } from './types';

/**
 * One step of the code stage, after the judge's solves are in the workspace: asks the judge for the code
 * of one Accepted submission and keeps it in the tracker (source "sync"). The list waits in the run, so a
 * restart goes on with the next one; keeping the same code twice adds no version.
 */
export async function keepCode(deps: HandlerDeps, run: Run, c: RunJudge, reader: HistoryReader, signal: AbortSignal) {
  const codes = c.codes ?? [];
  const ref = codes[0];
  const code = reader.code;
  if (!ref || !code) return;
  const judge = nameOf(c.platform);
  const next = () => {
    c.codes = codes.slice(1);
    c.attempt = 0;
    c.notBefore = now(deps) + reader.delayMs;
    return saveRun(deps, run);
  };
  const asked = await askJudge(deps, code.plan(ref, await stateFor(deps, c), SYNC_ORIGINS), signal);
  if (!asked) return;
  const { answer, retryAfter } = asked;
  const t = now(deps);
  if (answer.status === 0 || answer.status === 429 || answer.status >= 500) {
    const advice = retryAdvice(reader, { status: answer.status, rateLimited: false, retryAfter, attempt: c.attempt + 1, now: new Date(t) });
    if (advice.retry) {
      c.attempt += 1;
      c.notBefore = t + advice.waitMs;
      return saveRun(deps, run);
    }
    addSkipped(c.summary, codes.length, `solutions whose code ${judge} did not answer`);
    c.codes = [];
    c.codeCut = true;
    return saveRun(deps, run);
  }
  const read = code.parse(answer, ref);
  if (!read.ok) {
    if (read.signedOut) {
      // Every other submission would be refused alike: said once, with what to do.
      addSkipped(c.summary, codes.length, `solutions whose code needs you signed in on ${judge} in this browser`);
      c.codes = [];
      c.codeCut = true;
      return saveRun(deps, run);
    }
    addSkipped(c.summary, 1, read.error === SOLUTION_MESSAGES.tooLarge ? `solutions the tracker refused (${read.error})` : `solutions whose code ${judge} did not show`);
    return next();
  }
  try {
    const client = await apiClient(deps.local, deps.fetch);
    const kept = await unwrap(
      client['question-tracker'].v1.user.solutions.$post({ json: { url: ref.problemUrl, code: read.code, language: read.language, acceptedAt: ref.acceptedAt, source: 'sync' } }),
    );
    if (kept.created) c.summary.codeKept = (c.summary.codeKept ?? 0) + 1;
    await next();
    return;
  } catch (err) {
    const held = await trackerTrouble(deps, run, c, err, (wait) => (c.notBefore = wait), `The tracker could not be reached: the code of ${codes.length} solution(s) waits to be kept. Sync again to go on.`);
    if (held) return;
    // The tracker refused this one (too large, a question it does not know): the others go on.
    addSkipped(c.summary, 1, `solutions the tracker refused (${(err as Error).message})`);
    return next();
  }
}
