import { browser, type Browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { matchPatterns } from '@shared/platforms/index';
import type { BroadcastMessage } from '@shared/schemas/messages';
import { handleMessage } from '../background/dispatch';
import { flushQueue } from '../background/queue';
import type { HandlerDeps } from '../background/types';
import { addLinkToWorkspace } from '../background/workspace';
import type { KeyValue } from '../lib/api';
import { lookupKey, tabKey } from '../lib/kept-state';

const MENU_ID = 'add-to-workspace';
const FLUSH_ALARM = 'queue-flush';

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

/** The extension action's badge: a short sign that a context-menu action worked or failed. */
function flashBadge(text: string, color: string) {
  const action = browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
  void action.setBadgeBackgroundColor({ color });
  void action.setBadgeText({ text });
  setTimeout(() => void action.setBadgeText({ text: '' }), 4000);
}

export default defineBackground(() => {
  const deps: HandlerDeps = {
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    local: area(browser.storage.local),
    // storage.session is kept from content scripts by default and cleared when the browser closes.
    session: area(browser.storage.session ?? browser.storage.local),
    fetch: (...args) => fetch(...args),
    broadcast: (message: BroadcastMessage) => void browser.runtime.sendMessage(message).catch(() => undefined),
  };

  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    void handleMessage(message, sender, deps).then(sendResponse);
    return true;
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    void deps.session.remove(tabKey(tabId));
    void deps.session.remove(lookupKey(tabId));
  });

  // A problem link anywhere: 'Add to My Workspace'. Only links the registry recognises show it.
  const createMenu = () => {
    void browser.contextMenus.removeAll().then(() =>
      browser.contextMenus.create({ id: MENU_ID, title: 'Add to My Workspace', contexts: ['link'], targetUrlPatterns: matchPatterns() }),
    );
  };
  browser.runtime.onInstalled.addListener(createMenu);
  browser.runtime.onStartup.addListener(createMenu);
  browser.contextMenus.onClicked.addListener((info) => {
    if (info.menuItemId !== MENU_ID || !info.linkUrl) return;
    void addLinkToWorkspace(deps, info.linkUrl).then((reply) => {
      if (!reply.ok) flashBadge('!', '#dc2626');
      else flashBadge(reply.data.status === 'queued' ? '…' : '✓', reply.data.status === 'queued' ? '#d97706' : '#16a34a');
    });
  });

  // The offline queue is retried on an alarm, at start-up, and after any call that reaches the API.
  void browser.alarms.create(FLUSH_ALARM, { periodInMinutes: 1 });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === FLUSH_ALARM) void flushQueue(deps).catch(() => undefined);
  });
  void flushQueue(deps).catch(() => undefined);
});
