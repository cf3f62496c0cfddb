import { daysUntil, dayWords } from '@shared/rules/review';
import type { ActionResult } from '@shared/schemas/message-replies';
import { REVIEW_MESSAGES, type RateAnswer } from '@shared/schemas/review';
import { apiClient, unwrap } from '../lib/api';
import { showDue } from './badge';
import { actionReply, queueFor, reached } from './queue';
import { defineArea, done, fail, type HandlerDeps } from './types';
import { oneAtATime } from '../lib/one-at-a-time';

// The review queue: "How was it?" ratings (from the popup, and from the page's toast after an Accepted
// verdict) and the popup's review facts. The toolbar badge is badge.ts.

export const REVIEW_AREA_MESSAGES = {
  refused: 'This rating is not for the problem of this tab',
  rated: (due: string, now: number) => `${REVIEW_MESSAGES.rated}: next review in ${dayWords(daysUntil(due, now))}.`,
} as const;

/** The questions a tab's verdicts ticked and its page may rate, each once (kept for the browser session). */
export const rateableKey = (tabId: number) => `rateable:${tabId}`;
const RATEABLE_LIMIT = 20;

// One lock per background, so a rating sent twice at once from a page is allowed once.
const withLock = oneAtATime();

/** After a verdict ticked a question on a tab: its page may ask "How was it?" and send one rating. */
export function allowRating(deps: HandlerDeps, tabId: number, questionId: string): Promise<void> {
  return withLock(deps, async () => {
    const list = (await deps.session.get<string[]>(rateableKey(tabId))) ?? [];
    await deps.session.set(rateableKey(tabId), [...list.filter((q) => q !== questionId), questionId].slice(-RATEABLE_LIMIT));
  });
}

/** Whether a tab's page may rate this question now; using the permission uses it up. */
function takeRating(deps: HandlerDeps, tabId: number, questionId: string): Promise<boolean> {
  return withLock(deps, async () => {
    const list = (await deps.session.get<string[]>(rateableKey(tabId))) ?? [];
    if (!list.includes(questionId)) return false;
    await deps.session.set(
      rateableKey(tabId),
      list.filter((q) => q !== questionId),
    );
    return true;
  });
}

export const reviewArea = defineArea('review', {
  'review:rate': async ({ questionId, rating }, { deps, tabId }) => {
    if (tabId !== undefined && !(await takeRating(deps, tabId, questionId))) return fail(REVIEW_AREA_MESSAGES.refused);
    // The client id goes with the rating into the offline queue: a retry rates it once.
    const outcome = await queueFor(deps).submit({ kind: 'review:rate', questionId, rating, id: crypto.randomUUID() });
    const reply = actionReply<RateAnswer>(outcome);
    if (!reply.ok || reply.data.status !== 'sent') return reply;
    const rated: ActionResult<RateAnswer> = { ...reply.data, message: REVIEW_AREA_MESSAGES.rated(reply.data.result.card.due, (deps.now ?? Date.now)()) };
    return done(rated);
  },
  'review:status': async (m, { deps }) => {
    const client = await apiClient(deps.local, deps.fetch);
    const review = client['question-tracker'].v1.user.review;
    const [count, streak] = await Promise.all([unwrap(review.count.$get()), unwrap(review.streak.$get({ query: m.timeZone ? { tz: m.timeZone } : {} }))]);
    showDue(deps, count.due);
    return reached(deps, {
      due: count.due,
      streak: streak.current,
      today: { reviews: streak.today.reviews, newProblems: streak.today.newProblems, goal: streak.goal, met: streak.today.met },
    });
  },
});
