import { browser } from 'wxt/browser';
import type { Reply, Send } from '@shared/schemas/messages';

/**
 * Sends a message to the background and unwraps its reply, whose type follows from the message's
 * `type` (ReplyMap in shared/schemas/messages.ts). A refusal rejects with the background's message.
 */
export const send: Send = async (message) => {
  const reply = await browser.runtime.sendMessage<typeof message, Reply<never> | undefined>(message);
  if (!reply?.ok) throw new Error(reply?.error ?? 'The extension did not answer');
  return reply.data;
};
