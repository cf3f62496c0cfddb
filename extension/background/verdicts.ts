import type { DetectedProblem } from '@shared/schemas/messages';
import type { RecordSetResult } from '@shared/schemas/message-replies';
import { getSettings, TOKEN_KEY } from '../lib/api';
import { tabKey } from '../lib/kept-state';
import { verdictProblem } from '../verdicts/problem';
import { noteVerdict } from './health';
import { queueFor } from './queue';
import { allowRating } from './review';
import { keepSolution } from './solutions';
import { defineArea, done, fail } from './types';
import { oneAtATime } from '../lib/one-at-a-time';

// Auto-tick: an Accepted verdict a content script read on a judge's page (extension/verdicts/<judge>.ts)
// marks the problem solved, once per submission.

const SEEN_VERDICTS = 'verdicts:seen';
const SEEN_LIMIT = 2000;

export const VERDICT_MESSAGES = {
  refused: 'This verdict is not for the problem of this tab',
  signedOut: 'Sign in to Practice Tracker to tick solved problems automatically.',
  queued: 'Accepted! It will be ticked in Practice Tracker when the tracker is reachable.',
  ticked: (name: string) => `Accepted! ${name} is marked solved in Practice Tracker.`,
} as const;

// One verdict lock per background, kept with its dependencies.
/** Runs verdicts one at a time, so the same submission reported twice at once is ticked once. */
const withVerdictLock = oneAtATime();

export const verdictsArea = defineArea('verdicts', {
  'verdict:accepted': async ({ verdict, code }, { deps, sender, tabId }) => {
    const tabProblem = await deps.session.get<DetectedProblem>(tabKey(tabId));
    const problem = verdictProblem(verdict, sender.url, tabProblem);
    if (!problem) return fail(VERDICT_MESSAGES.refused);
    await noteVerdict(deps, problem.platform, problem.url);
    const settings = await getSettings(deps.local);
    if (!settings.autoTick) return done({ status: 'disabled', message: '' });
    if (!(await deps.local.get<string>(TOKEN_KEY))) return done({ status: 'signed-out', message: VERDICT_MESSAGES.signedOut });
    const id = `${verdict.source}:${verdict.submissionId}`;
    const fresh = await withVerdictLock(deps, async () => {
      const seen = (await deps.local.get<string[]>(SEEN_VERDICTS)) ?? [];
      if (seen.includes(id)) return false;
      await deps.local.set(SEEN_VERDICTS, [...seen, id].slice(-SEEN_LIMIT));
      return true;
    });
    if (!fresh) return done({ status: 'duplicate', message: '' });
    const details = tabProblem && tabProblem.platform === problem.platform && tabProblem.key === problem.key ? tabProblem : null;
    const outcome = await queueFor(deps).submit({
      kind: 'record:set',
      problemUrl: problem.url,
      checked: true,
      ...(details && { details: { name: details.name, difficulty: details.difficulty, topics: details.topics } }),
    });
    if (outcome.status === 'dropped') return fail(outcome.error.message, outcome.error.code);
    // The code, its attempts and time, queued after the tick (which put the question in the workspace).
    // Not awaited: asking the judge for the code never delays the tick's reply and its toast.
    if (settings.keepCode) void keepSolution(deps, problem, verdict, code).catch(() => undefined);
    if (outcome.status === 'queued') return done({ status: 'queued', message: VERDICT_MESSAGES.queued });
    const name = details?.name ?? problem.key;
    const message = VERDICT_MESSAGES.ticked(name);
    if (!settings.askRating) return done({ status: 'ticked', message });
    // The page may now ask "How was it?" about this question, and rate it once.
    const { questionId } = outcome.result as RecordSetResult;
    await allowRating(deps, tabId, questionId);
    return done({ status: 'ticked', message, ask: { questionId } });
  },
});
