import { browser, type Browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { matchPatterns } from '@shared/platforms/index';
import type { BroadcastMessage } from '@shared/schemas/messages';
import { refreshBadge } from '../background/badge';
import { handleMessage } from '../background/dispatch';
import { healthTabKey } from '../background/health';
import { flushQueue } from '../background/queue';
import { rateableKey } from '../background/review';
import { noteVisibleTab } from '../background/solutions';
import type { HandlerDeps } from '../background/types';
import { addLinkToWorkspace } from '../background/workspace';
import type { KeyValue } from '../lib/api';
import { lookupKey, tabKey } from '../lib/kept-state';
import { resumeSync, wireSync } from '../lib/sync-browser';
import { sessionStorageArea, toolbarAction } from '../lib/browser-fallbacks';

const MENU_ID = 'add-to-workspace';
const FLUSH_ALARM = 'queue-flush';
const BADGE_ALARM = 'review-badge';
/**
 * How often the due count is asked for, besides the refreshes after the user's own actions. Left alone,
 * the count only grows as due times pass, and intervals are whole days (no same-day steps): a badge at
 * most half an hour behind is still right about today's work, for one small request per half hour
 * instead of a poll, and the alarm wakes a sleeping service worker no more often than that.
 */
const BADGE_MINUTES = 30;

function area(storage: Browser.storage.StorageArea): KeyValue {
  return {
    async get<T>(key: string) {
      const found = await storage.get(key);
      return found[key] as T | undefined;
    },
    set: (key, value) => storage.set({ [key]: value }),
    remove: (key) => storage.remove(key),
  };
}

const DUE_COLOR = '#2563eb';

function paintBadge(text: string, color: string) {
  void toolbarAction().setBadgeBackgroundColor({ color });
  void toolbarAction().setBadgeText({ text });
}

export default defineBackground(() => {
  // The badge shows the number due (badge.ts); a context-menu action flashes a sign on it for a moment.
  let dueText: string | null = null; // not known yet in this wake of the service worker
  let flashUntil = 0;
  const deps: HandlerDeps = {
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    local: area(browser.storage.local),
    // storage.session is kept from content scripts by default and cleared when the browser closes.
    session: area(sessionStorageArea()),
    fetch: (...args) => fetch(...args),
    broadcast: (message: BroadcastMessage) => void browser.runtime.sendMessage(message).catch(() => undefined),
    badge: (text) => {
      dueText = text;
      if (Date.now() >= flashUntil) paintBadge(text, DUE_COLOR);
    },
  };
  const flashBadge = (text: string, color: string) => {
    flashUntil = Date.now() + 4000;
    paintBadge(text, color);
    setTimeout(() => {
      if (Date.now() < flashUntil) return;
      if (dueText === null) void refreshBadge(deps);
      else paintBadge(dueText, DUE_COLOR);
    }, 4000);
  };

  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    void handleMessage(message, sender, deps).then(sendResponse);
    return true;
  });
  // Which tab is shown, for the time spent on a problem (kept solutions): tab and window changes.
  browser.tabs.onActivated.addListener(({ tabId }) => void noteVisibleTab(deps, tabId));
  browser.windows.onFocusChanged.addListener((windowId) => {
    if (windowId === browser.windows.WINDOW_ID_NONE) void noteVisibleTab(deps, null);
    else void browser.tabs.query({ active: true, windowId }).then(([tab]) => noteVisibleTab(deps, tab?.id ?? null));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    void deps.session.remove(tabKey(tabId));
    void deps.session.remove(lookupKey(tabId));
    void deps.session.remove(rateableKey(tabId));
    void deps.session.remove(healthTabKey(tabId));
  });

  // A problem link anywhere: 'Add to My Workspace'. Only links the registry recognises show it.
  const createMenu = () => {
    void browser.contextMenus.removeAll().then(() =>
      browser.contextMenus.create({ id: MENU_ID, title: 'Add to My Workspace', contexts: ['link'], targetUrlPatterns: matchPatterns() }),
    );
  };
  browser.runtime.onInstalled.addListener(createMenu);
  browser.runtime.onStartup.addListener(createMenu);
  // The number due on the toolbar button, at start-up (the service worker also wakes for every message:
  // that is not start-up, and does not ask).
  const startBadge = () => void refreshBadge(deps);
  browser.runtime.onInstalled.addListener(startBadge);
  browser.runtime.onStartup.addListener(startBadge);
  browser.contextMenus.onClicked.addListener((info) => {
    if (info.menuItemId !== MENU_ID || !info.linkUrl) return;
    void addLinkToWorkspace(deps, info.linkUrl).then((reply) => {
      if (!reply.ok) flashBadge('!', '#dc2626');
      else flashBadge(reply.data.status === 'queued' ? '…' : '✓', reply.data.status === 'queued' ? '#d97706' : '#16a34a');
    });
  });

  // The offline queue is retried on an alarm, at start-up, and after any call that reaches the API.
  void browser.alarms.create(FLUSH_ALARM, { periodInMinutes: 1 });
  // Created once: creating it again at each wake-up would restart its half hour every time.
  void browser.alarms.get(BADGE_ALARM).then((alarm) => {
    if (!alarm) void browser.alarms.create(BADGE_ALARM, { periodInMinutes: BADGE_MINUTES });
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === FLUSH_ALARM) {
      void flushQueue(deps).catch(() => undefined);
      resumeSync(deps);
    }
    if (alarm.name === BADGE_ALARM) void refreshBadge(deps);
  });
  void flushQueue(deps).catch(() => undefined);
  wireSync(deps);
});
