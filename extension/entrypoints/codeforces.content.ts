import { defineContentScript } from 'wxt/utils/define-content-script';
import { codeforcesVerdictFeature } from '../features/codeforces-verdict';
import { JUDGE_MATCHES } from '../lib/content-matches.generated';
import { startJudgeScript } from '../lib/judge-script';
import { readCodeforces, selectors } from '../platforms/codeforces.dom';

/** Codeforces's pages: its own reader and features, and the shared core. */
export default defineContentScript({
  // WXT reads the options at build time (ENTRYPOINT unset then); the bundle drops the patterns.
  matches: import.meta.env.ENTRYPOINT ? [] : [...JUDGE_MATCHES.codeforces],
  runAt: 'document_idle',
  main: (ctx) => startJudgeScript(ctx, [readCodeforces, selectors], [codeforcesVerdictFeature]),
});
