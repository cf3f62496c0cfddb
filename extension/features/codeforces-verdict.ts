import { codeforcesFacts } from '@shared/platforms/codeforces';
import { isOneOf } from '@shared/platforms/url';
import { selectors } from '../platforms/codeforces.dom';
import { isInterstitial, matchedSelectors } from '../platforms/types';
import { codeforcesStatusScope, ownSubmissions } from '../verdicts/codeforces';
import { showVerdictReply } from '../lib/verdict-toast';
import type { ContentFeature } from './types';
import type { PartialDocument } from '../lib/partial-document';

/**
 * Auto-tick on Codeforces: the status page shown after a submit (/contest/{id}/my, the problemset
 * status, /submissions/{handle}) lists the user's rows and updates their verdicts in place. Rows of
 * the signed-in handle that are Accepted are reported once each (the judged others too, as attempts); the background remembers which
 * submissions it has ticked, so a reload or another visit ticks nothing twice.
 */
export const codeforcesVerdictFeature: ContentFeature = {
  id: 'codeforces-verdict',
  runsOn: (url) => isOneOf(codeforcesFacts.hosts, url.hostname) && codeforcesStatusScope(url) !== null,
  start(ctx) {
    const { window, signal, send } = ctx;
    const reported = new Set<string>();
    const scan = () => {
      const { accepted, rejected } = ownSubmissions(window.document, window.location.href);
      // Attempts first: an Accepted counts the wrong verdicts already reported on its problem.
      for (const s of rejected) {
        if (reported.has(s.submissionId)) continue;
        reported.add(s.submissionId);
        void send({ type: 'verdict:rejected', verdict: { source: 'codeforces', ...s } }).catch(() => undefined);
      }
      for (const s of accepted) {
        if (reported.has(s.submissionId)) continue;
        reported.add(s.submissionId);
        void send({ type: 'verdict:accepted', verdict: { source: 'codeforces', ...s } })
          .then((r) => showVerdictReply(ctx, r))
          .catch(() => undefined);
      }
    };
    scan();
    // A status page without its table of submissions has a layout new to the reader: said, never silent.
    const doc = window.document;
    const statusTable = doc.querySelector(selectors.statusTable);
    if (!statusTable && !isInterstitial(doc)) void send({ type: 'verdict:layout', layout: matchedSelectors(doc, selectors) }).catch(() => undefined);
    // Verdicts change from "Running" to their result in place.
    let timer = 0;
    const observer = new MutationObserver(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(scan, 250);
    });
    const page: PartialDocument = doc;
    const table = statusTable ?? page.body;
    if (table) observer.observe(table, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['submissionverdict', 'waiting', 'class'] });
    signal.addEventListener('abort', () => {
      observer.disconnect();
      window.clearTimeout(timer);
    });
  },
};
