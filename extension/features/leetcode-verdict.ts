import { leetcodeFacts } from '@shared/platforms/leetcode';
import { isOneOf } from '@shared/platforms/url';
import { leetcodePage } from '../platforms/leetcode.dom';
import { isAcceptedForPage, isTapShape, readTapMessage } from '../verdicts/leetcode';
import { showVerdictReply } from '../lib/verdict-toast';
import type { ContentFeature } from './types';

/**
 * Auto-tick on LeetCode: the page-world tap posts the verdict of a check answer; this checks it
 * field by field, checks that the submission is for this page's problem, and reports it: an Accepted
 * with the code the page sent, another finished verdict as an attempt, and an answer the tap could
 * not read as a verdict whose shape is new. The background decides (setting on, signed in, not
 * ticked before) and answers what to show.
 */
export const leetcodeVerdictFeature: ContentFeature = {
  id: 'leetcode-verdict',
  runsOn: (url) => isOneOf(leetcodeFacts.hosts, url.hostname),
  start(ctx) {
    const { window, signal, send } = ctx;
    const seen = new Set<string>();
    window.addEventListener(
      'message',
      (event: MessageEvent) => {
        if (event.source !== window || event.origin !== window.location.origin) return;
        const message = readTapMessage(event.data);
        if (!message || seen.has(message.submissionId)) return;
        seen.add(message.submissionId);
        if (isTapShape(message)) {
          void send({ type: 'verdict:layout', layout: message.fields, answer: true }).catch(() => undefined);
          return;
        }
        const page = leetcodePage(window.location, window.document);
        const problemUrl = `${window.location.origin}/problems/${page.slug}/`;
        const verdict = { source: 'leetcode', problemUrl, submissionId: message.submissionId } as const;
        if (!isAcceptedForPage(message, page)) {
          // A finished verdict other than Accepted on this page's problem: an attempt.
          if (message.state === 'SUCCESS' && isAcceptedForPage({ ...message, statusMsg: 'Accepted' }, page)) void send({ type: 'verdict:rejected', verdict }).catch(() => undefined);
          else seen.delete(message.submissionId);
          return;
        }
        const code = message.code && message.language ? { code: message.code, language: message.language } : undefined;
        void send({ type: 'verdict:accepted', verdict, ...(code && { code }) })
          .then((r) => showVerdictReply(ctx, r))
          .catch(() => undefined);
      },
      { signal },
    );
  },
};
