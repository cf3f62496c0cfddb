import { defineContentScript } from 'wxt/utils/define-content-script';
import { contentFeatures } from '../../features/index';
import { CONTENT_SCRIPT_MATCHES } from '../../lib/content-matches.generated';
import { send } from '../../lib/messaging';
import { showPageToast } from '../../lib/page-toast';

export default defineContentScript({
  // WXT reads these options at build time (ENTRYPOINT unset then) and also bundles them: the patterns
  // (the registry's, kept in sync by content-matches.test.ts) are only needed for the manifest.
  matches: import.meta.env.ENTRYPOINT ? [] : [...CONTENT_SCRIPT_MATCHES],
  runAt: 'document_idle',
  main(ctx) {
    const url = new URL(window.location.href);
    for (const feature of contentFeatures) {
      if (!feature.runsOn(url)) continue;
      try {
        feature.start({
          window,
          signal: ctx.signal,
          send,
          onLocationChange: (callback) => ctx.addEventListener(window, 'wxt:locationchange', callback),
          toast: (text, tone, rate) => showPageToast(document, text, tone, rate),
        });
      } catch (err) {
        console.warn(`[practice-tracker] ${feature.id} failed`, err);
      }
    }
  },
});
