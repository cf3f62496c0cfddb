import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { LEETCODE_MATCHES } from '../lib/content-matches.generated';

/**
 * Firefox's way into LeetCode's page world (MV2 runs no manifest content script there): loads the
 * verdict tap (verdict-tap.js) as a page script, from the start as Chrome's leetcode-verdict does.
 * A script of its own, so leetcode.js is the same in both browsers and keeps its size budget.
 */
export default defineContentScript({
  // See leetcode.content.ts: the patterns are for the manifest only.
  matches: import.meta.env.ENTRYPOINT ? [] : [...LEETCODE_MATCHES],
  runAt: 'document_start',
  include: ['firefox'],
  main() {
    const script = document.createElement('script');
    script.src = browser.runtime.getURL('/verdict-tap.js');
    script.onload = () => script.remove();
    document.documentElement.append(script);
  },
});
