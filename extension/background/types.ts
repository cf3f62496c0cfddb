import type { BroadcastMessage, ContentMessageType, MessageType, Reply, ReplyMap, SharedMessageType, ValidMessage } from '@shared/schemas/messages';
import type { KeyValue } from '../lib/api';

/** Who sent a message, as the browser reports it (runtime.MessageSender). */
export interface Sender {
  id?: string;
  url?: string;
  /** `active`: the tab is its window's shown one (the browser says so without the `tabs` permission). */
  tab?: { id?: number; active?: boolean };
}

export interface HandlerDeps {
  extensionId: string;
  extensionOrigin: string;
  local: KeyValue;
  session: KeyValue;
  fetch: typeof fetch;
  /** Tells the extension's own pages that something changed (a tab's problem, the queue). */
  broadcast?: (message: BroadcastMessage) => void;
  /** Sets the toolbar badge's text ('' clears it); without it the badge is left alone. */
  badge?: (text: string) => void;
  now?: () => number;
  newId?: () => string;
}

/** What a handler of an extension page's message gets besides the message. */
export interface PageContext {
  deps: HandlerDeps;
  sender: Sender;
}

/** A content script's message is about its own tab, and only that one. */
export interface ContentContext extends PageContext {
  tabId: number;
}

/** A message both sides send: `tabId` is set when a content script sent it (about its own tab). */
interface SharedContext extends PageContext {
  tabId?: number;
}

type ContextOf<K extends MessageType> = K extends SharedMessageType ? SharedContext : K extends ContentMessageType ? ContentContext : PageContext;

/**
 * Answers one message type, already validated and from a sender allowed to send it (dispatch.ts):
 * its reply is the protocol's (ReplyMap), or a refusal.
 */
type Handler<K extends MessageType> = (
  message: ValidMessage<K>,
  ctx: ContextOf<K>,
) => Promise<Reply<ReplyMap[K]>>;

/** The typed map from message to reply, as handlers: one per message type of the protocol. */
export type Handlers = { [K in MessageType]: Handler<K> };

/** One background area: the handlers of its message types, a part of the map. */
export interface Area<K extends MessageType = MessageType> {
  id: string;
  handlers: Pick<Handlers, K>;
}

/** Declares an area (its id is its file name); the compiler refuses a type the protocol does not have. */
export function defineArea<K extends MessageType>(id: string, handlers: Pick<Handlers, K>): Area<K> {
  return { id, handlers };
}

export const done = <T>(data: T): Reply<T> => ({ ok: true, data });
export const fail = (error: string, code?: number): Reply<never> => (code === undefined ? { ok: false, error } : { ok: false, error, code });
