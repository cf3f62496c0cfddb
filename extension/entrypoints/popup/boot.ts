import { browser } from 'wxt/browser';
import type { AuthStatus, ProblemState, Settings } from '@shared/schemas/messages';
import { readKeptState } from '../../lib/kept-state';
import { send } from '../../lib/messaging';
import { sessionStorageArea } from '../../lib/browser-fallbacks';

export interface PopupTarget {
  tabId: number | null;
  windowId: number | null;
}

/** What the popup needs before it can show anything but its frame: requests already on their way. */
export interface PopupBoot {
  target: Promise<PopupTarget>;
  auth: Promise<AuthStatus>;
  settings: Promise<Settings>;
  /** The tab's problem and the catalogue's answer, fresh from the background. */
  state: Promise<ProblemState>;
  /** The same as the background kept it at the page's visit, read from storage (null when there is none). */
  kept: Promise<{ state: ProblemState; auth: AuthStatus } | null>;
}

export const NO_PROBLEM: ProblemState = { problem: null, platform: null, signedIn: false, lookup: null };

/** The tab the popup is about: the active tab, or ?tabId= when the popup is opened as a page. */
export async function targetTab(search: string): Promise<PopupTarget> {
  const param = new URLSearchParams(search).get('tabId');
  if (param && /^\d+$/.test(param)) return { tabId: Number(param), windowId: null };
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return { tabId: tab?.id ?? null, windowId: tab?.windowId ?? null };
}

const afterNextPaint = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));

/**
 * Sends the popup's first questions to the background, before anything is drawn, and reads what the
 * background kept for the tab: that needs no answer from the background (which may be asleep).
 */
export function startPopup(search: string): PopupBoot {
  const target = targetTab(search);
  // The same fallback as the background's (Firefox before storage.session).
  const session = sessionStorageArea();
  const kept = target.then((t) => (t.tabId === null ? null : readKeptState(session, browser.storage.local, t.tabId, Date.now()))).catch(() => null);
  const state = Promise.all([target, kept]).then(async ([t, k]) => {
    if (t.tabId === null) return NO_PROBLEM;
    // With something to paint, the fresh answer (an API lookup, and the server's work) waits for that
    // frame instead of competing with it.
    if (k) await afterNextPaint();
    return send({ type: 'problem:state', tabId: t.tabId });
  });
  return { target, auth: send({ type: 'auth:status' }), settings: send({ type: 'settings:get' }), state, kept };
}
