import { browser } from 'wxt/browser';
import { isOffscreenParse, parseHistoryAnswer } from '../../lib/offscreen-parse';

// Chrome's offscreen document (reason DOM_PARSER): the service worker has no DOMParser, so the history
// readers whose judges answer in HTML (CodeChef, CSES, SPOJ) run here. Other messages are not ours: no answer.
browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  if (sender.id !== browser.runtime.id || !isOffscreenParse(message)) return;
  sendResponse(parseHistoryAnswer(message, (html) => new DOMParser().parseFromString(html, 'text/html')));
});
