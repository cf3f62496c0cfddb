import { defineContentScript } from 'wxt/utils/define-content-script';
import { LEETCODE_MATCHES } from '../lib/content-matches.generated';
import { installVerdictTap } from '../verdicts/leetcode';

/**
 * LeetCode's page world, from the first byte: wraps fetch and XMLHttpRequest before the page's own
 * scripts run, to see the judge's check answers. Chrome only; in Firefox leetcode-tap.content.ts
 * loads the same tap as verdict-tap.js.
 */
export default defineContentScript({
  // See leetcode.content.ts: the patterns are for the manifest only.
  matches: import.meta.env.ENTRYPOINT ? [] : [...LEETCODE_MATCHES],
  world: 'MAIN',
  runAt: 'document_start',
  include: ['chrome'],
  main() {
    installVerdictTap(window);
  },
});
