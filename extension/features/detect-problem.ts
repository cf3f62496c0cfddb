import type { ParsedPageProblem } from '@shared/schemas/messages';
import { emptyDetails, isInterstitial, matchedSelectors, readWith } from '../platforms/types';
import type { ContentFeature } from './types';

/** After a load or a client-side navigation the page fills in its details late: read again at these delays. */
const AFTER_NAVIGATION_MS = [0, 400, 1200, 3000, 6000];
/** A slow safety net for pages that change without telling anyone. */
const POLL_MS = 5000;
/**
 * How long after the URL changed a page that still shows another problem is waited for before the
 * problem is reported from its URL alone (the page may never show its details in a form we read).
 */
const SETTLE_MS = 5000;

/**
 * Reports the problem on the current page to the background, and again whenever a single-page app
 * (LeetCode) moves to another problem. The URL decides which problem it is (the background resolves
 * it with the registry); the judge's own DOM reader adds what the page shows.
 */
export const detectProblemFeature: ContentFeature = {
  id: 'detect-problem',
  runsOn: () => true,
  start({ window, signal, send, onLocationChange, reader }) {
    let identified: { url: string; problem: ParsedPageProblem | null; since: number } | null = null;
    let lastReport = '';
    let running = false;
    let again = false;

    const report = async () => {
      const url = window.location.href;
      if (identified?.url !== url) {
        identified = { url, problem: await send({ type: 'page:identify', url }), since: Date.now() };
      }
      const parsed = identified.problem;
      if (!parsed) {
        if (lastReport !== 'none') await send({ type: 'problem:none' });
        lastReport = 'none';
        return;
      }
      // Nothing is reported (so nothing is enriched) while the page still shows the previous problem.
      const details = readWith(reader, window.document);
      const settled = Date.now() - identified.since >= SETTLE_MS;
      if (!details && !settled) return;
      const problem = { ...parsed, ...(details ?? emptyDetails()) };
      // Once the page has settled: which of the reader's selectors match (none on a wall), so the
      // background can tell a page it understood from a layout new to it.
      const doc = window.document;
      const layout = settled && !isInterstitial(doc, reader[1].statement) ? matchedSelectors(doc, reader[1]) : undefined;
      const message = { type: 'problem:detected', problem, layout } as const;
      const key = JSON.stringify(message);
      if (key === lastReport) return;
      lastReport = key;
      await send(message);
    };

    // One report at a time; a request made meanwhile runs once more afterwards.
    const run = () => {
      if (signal.aborted) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      void report()
        .catch(() => undefined)
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            run();
          }
        });
    };

    const timers: number[] = [];
    const burst = () => {
      for (const t of timers.splice(0)) window.clearTimeout(t);
      for (const ms of AFTER_NAVIGATION_MS) timers.push(window.setTimeout(run, ms));
    };
    burst();
    onLocationChange(burst);
    window.addEventListener('popstate', burst, { signal });
    const poll = window.setInterval(run, POLL_MS);
    signal.addEventListener('abort', () => {
      window.clearInterval(poll);
      for (const t of timers) window.clearTimeout(t);
    });
  },
};
