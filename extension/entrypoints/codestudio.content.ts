import { defineContentScript } from 'wxt/utils/define-content-script';
import { JUDGE_MATCHES } from '../lib/content-matches.generated';
import { startJudgeScript } from '../lib/judge-script';
import { readCodestudio, selectors } from '../platforms/codestudio.dom';

/** Code360's pages: its own reader, and the shared core. */
export default defineContentScript({
  // WXT reads the options at build time (ENTRYPOINT unset then); the bundle drops the patterns.
  matches: import.meta.env.ENTRYPOINT ? [] : [...JUDGE_MATCHES.codestudio],
  runAt: 'document_idle',
  main: (ctx) => startJudgeScript(ctx, [readCodestudio, selectors]),
});
