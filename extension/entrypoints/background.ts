import browser, { type Runtime } from 'webextension-polyfill';
import { defineBackground } from 'wxt/utils/define-background';
import { handleMessage, type HandlerDeps, type KeyValue } from '../lib/handler';

function area(storage: browser.Storage.StorageArea): KeyValue {
  return {
    async get<T>(key: string) {
      const found = await storage.get(key);
      return found[key] as T | undefined;
    },
    set: (key, value) => storage.set({ [key]: value }),
    remove: (key) => storage.remove(key),
  };
}

export default defineBackground(() => {
  const deps: HandlerDeps = {
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    local: area(browser.storage.local),
    // storage.session is kept from content scripts by default and cleared when the browser closes.
    session: area(browser.storage.session ?? browser.storage.local),
    fetch: (...args) => fetch(...args),
  };
  browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => handleMessage(message, sender, deps));
  browser.tabs.onRemoved.addListener((tabId) => void deps.session.remove(`tab:${tabId}`));
});
