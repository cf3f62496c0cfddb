import type { VerdictResult } from '@shared/schemas/message-replies';
import type { FeatureContext } from '../features/types';

/**
 * Shows the background's answer to an Accepted verdict on the page. When the verdict ticked a question
 * and the background says to ask, the toast asks "How was it?" and sends the rating (review:rate).
 */
export function showVerdictReply({ send, toast }: Pick<FeatureContext, 'send' | 'toast'>, reply: VerdictResult) {
  const ask = reply.ask;
  if (reply.message) toast(reply.message, reply.status === 'ticked' ? 'success' : 'info', ask && ((rating) => send({ type: 'review:rate', questionId: ask.questionId, rating })));
}
