import { browser } from 'wxt/browser';
import type { ContentMessage, PageMessage, Reply } from '@shared/schemas/messages';

/** Sends a message to the background and unwraps its reply. */
export async function send<T>(message: PageMessage | ContentMessage): Promise<T> {
  const reply = (await browser.runtime.sendMessage(message)) as Reply<T> | undefined;
  if (!reply) throw new Error('The extension did not answer');
  if (!reply.ok) throw new Error(reply.error);
  return reply.data;
}
