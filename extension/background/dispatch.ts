import { contentMessageSchema, externalMessageSchema, pageMessageSchema, type Reply, type ValidMessage } from '@shared/schemas/messages';
import { ApiError, getSettings, NetworkError, NETWORK_MESSAGE } from '../lib/api';
import { signOut } from './auth';
import { messageHandlers } from './index';
import { fail, type ContentContext, type HandlerDeps, type PageContext, type Sender } from './types';

/** Runs the handler of a validated message (the map pairs each type with its handler: a pairing the compiler cannot follow here). */
function run(message: ValidMessage, ctx: ContentContext | PageContext): Promise<Reply<unknown>> {
  const handler = messageHandlers[message.type] as (m: ValidMessage, c: ContentContext | PageContext) => Promise<Reply<unknown>>;
  return handler(message, ctx);
}

/**
 * Every message the background receives goes through here, before any handler. Content scripts are
 * untrusted: they may only report what they detected, and verdicts, for their own tab, and rate the
 * question their own tab's verdict ticked (their schema has no other type). Privileged calls (the
 * token, the API, settings, notes) come only from extension pages. Every message is validated by its
 * schema.
 */
export async function handleMessage(raw: unknown, sender: Sender, deps: HandlerDeps): Promise<Reply<unknown>> {
  if (sender.id !== deps.extensionId) return fail('Unknown sender');
  // The browser sets sender.url: a content script's is the web page's, an extension page's is ours
  // (even when the popup or side panel is opened in a tab).
  const fromExtensionPage = !!sender.url?.startsWith(deps.extensionOrigin);
  const tabId = sender.tab?.id;
  // A content script's message is about its own tab, so it must have one.
  const ctx: ContentContext | PageContext | null = fromExtensionPage ? { deps, sender } : tabId === undefined ? null : { deps, sender, tabId };
  if (!ctx) return fail('Unknown sender');
  const msg = fromExtensionPage ? pageMessageSchema.safeParse(raw) : contentMessageSchema.safeParse(raw);
  if (!msg.success) return fail('Invalid message');
  try {
    return await run(msg.data, ctx);
  } catch (err) {
    if (err instanceof NetworkError) return fail(NETWORK_MESSAGE, 0);
    if (err instanceof ApiError) {
      if (err.code === 401) await signOut(deps);
      return fail(err.error === 'InvalidPlatform' ? 'Invalid Platform' : err.message, err.code);
    }
    return fail(err instanceof TypeError ? NETWORK_MESSAGE : (err as Error).message);
  }
}

/**
 * A message from a web page (externally_connectable): only the tracker's own dashboard, on the origin the
 * extension talks to, and only the sync's status, start and cancel (externalMessageSchema).
 */
export async function handleExternalMessage(raw: unknown, sender: Sender & { origin?: string }, deps: HandlerDeps): Promise<Reply<unknown>> {
  const { apiBaseUrl } = await getSettings(deps.local);
  let origin: string | null = sender.origin ?? null;
  try {
    origin ??= sender.url ? new URL(sender.url).origin : null;
  } catch {
    origin = null;
  }
  if (!origin || origin !== new URL(apiBaseUrl).origin) return fail('Unknown sender');
  const msg = externalMessageSchema.safeParse(raw);
  if (!msg.success) return fail('Invalid message');
  try {
    return await run(msg.data, { deps, sender });
  } catch (err) {
    return fail((err as Error).message);
  }
}
