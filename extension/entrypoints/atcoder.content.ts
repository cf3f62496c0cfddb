import { defineContentScript } from 'wxt/utils/define-content-script';
import { JUDGE_MATCHES } from '../lib/content-matches.generated';
import { startJudgeScript } from '../lib/judge-script';
import { readAtcoder, selectors } from '../platforms/atcoder.dom';

/** AtCoder's pages: its own reader, and the shared core. */
export default defineContentScript({
  // WXT reads the options at build time (ENTRYPOINT unset then); the bundle drops the patterns.
  matches: import.meta.env.ENTRYPOINT ? [] : [...JUDGE_MATCHES.atcoder],
  runAt: 'document_idle',
  main: (ctx) => startJudgeScript(ctx, [readAtcoder, selectors]),
});
