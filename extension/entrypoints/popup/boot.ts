import { browser } from 'wxt/browser';
import type { AuthStatus, ProblemState, Settings } from '@shared/schemas/messages';
import { send } from '../../lib/messaging';

export interface PopupTarget {
  tabId: number | null;
  windowId: number | null;
}

/** What the popup needs before it can show anything but its frame: requests already on their way. */
export interface PopupBoot {
  target: Promise<PopupTarget>;
  auth: Promise<AuthStatus>;
  settings: Promise<Settings>;
  /** The tab's problem, with the lookup kept from the page's visit when there is one (state.cached). */
  state: Promise<ProblemState>;
}

export const NO_PROBLEM: ProblemState = { problem: null, platform: null, signedIn: false, lookup: null };

/** The tab the popup is about: the active tab, or ?tabId= when the popup is opened as a page. */
export async function targetTab(search: string): Promise<PopupTarget> {
  const param = new URLSearchParams(search).get('tabId');
  if (param && /^\d+$/.test(param)) return { tabId: Number(param), windowId: null };
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return { tabId: tab?.id ?? null, windowId: tab?.windowId ?? null };
}

/** Sends the popup's first questions to the background, before anything is drawn. */
export function startPopup(search: string): PopupBoot {
  const target = targetTab(search);
  return {
    target,
    auth: send<AuthStatus>({ type: 'auth:status' }),
    settings: send<Settings>({ type: 'settings:get' }),
    state: target.then((t) => (t.tabId === null ? NO_PROBLEM : send<ProblemState>({ type: 'problem:state', tabId: t.tabId, cached: true }))),
  };
}
