import { defineContentScript } from 'wxt/utils/define-content-script';
import { leetcodeCsrfFeature } from '../features/leetcode-csrf';
import { leetcodeVerdictFeature } from '../features/leetcode-verdict';
import { JUDGE_MATCHES } from '../lib/content-matches.generated';
import { startJudgeScript } from '../lib/judge-script';
import { readLeetcode, selectors } from '../platforms/leetcode.dom';

/** LeetCode's pages: its own reader and features, and the shared core. */
export default defineContentScript({
  // WXT reads the options at build time (ENTRYPOINT unset then); the bundle drops the patterns.
  matches: import.meta.env.ENTRYPOINT ? [] : [...JUDGE_MATCHES.leetcode],
  runAt: 'document_idle',
  main: (ctx) => startJudgeScript(ctx, [readLeetcode, selectors], [leetcodeVerdictFeature, leetcodeCsrfFeature]),
});
