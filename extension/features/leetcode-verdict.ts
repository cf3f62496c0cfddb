import { browser } from 'wxt/browser';
import { leetcodeFacts } from '@shared/platforms/leetcode';
import { isOneOf } from '@shared/platforms/url';
import { leetcodePage } from '../platforms/leetcode.dom';
import { isAcceptedForPage, readTapMessage } from '../verdicts/leetcode';
import { showVerdictReply } from '../lib/verdict-toast';
import type { ContentFeature } from './types';
import type { PartialDocument } from '../lib/partial-document';

/** Loads the page-world tap where the manifest cannot run it in the page's world (Firefox MV2). */
function injectTap(doc: Document) {
  const script = doc.createElement('script');
  script.src = browser.runtime.getURL('/verdict-tap.js');
  script.onload = () => script.remove();
  const page: PartialDocument = doc;
  (page.head ?? page.documentElement).append(script);
}

/**
 * Auto-tick on LeetCode: the page-world tap posts the verdict of a check answer; this checks it
 * field by field, checks that the submission is for this page's problem, and reports it. The
 * background decides (setting on, signed in, not ticked before) and answers what to show.
 */
export const leetcodeVerdictFeature: ContentFeature = {
  id: 'leetcode-verdict',
  runsOn: (url) => isOneOf(leetcodeFacts.hosts, url.hostname),
  start(ctx) {
    const { window, signal, send } = ctx;
    if (import.meta.env.FIREFOX) injectTap(window.document);
    const seen = new Set<string>();
    window.addEventListener(
      'message',
      (event: MessageEvent) => {
        if (event.source !== window || event.origin !== window.location.origin) return;
        const verdict = readTapMessage(event.data);
        if (!verdict || seen.has(verdict.submissionId)) return;
        const page = leetcodePage(window.location, window.document);
        if (!isAcceptedForPage(verdict, page)) return;
        seen.add(verdict.submissionId);
        void send({
          type: 'verdict:accepted',
          verdict: { source: 'leetcode', problemUrl: `${window.location.origin}/problems/${page.slug}/`, submissionId: verdict.submissionId },
        })
          .then((r) => showVerdictReply(ctx, r))
          .catch(() => undefined);
      },
      { signal },
    );
  },
};
