import { send } from '../lib/messaging';
import { detectProblem } from '../lib/detect';
import type { ContentFeature } from './types';

/**
 * Reports the problem on the current page to the background, and again whenever a single-page app
 * (LeetCode) moves to another URL.
 */
export const detectProblemFeature: ContentFeature = {
  id: 'detect-problem',
  description: 'Recognises the problem page and reads its name, difficulty and topics.',
  start({ window, signal }) {
    let lastUrl = '';
    let lastKey = '';
    const report = () => {
      const url = window.location.href;
      const problem = detectProblem(url, window.document);
      const key = problem ? `${problem.url}|${problem.name}|${problem.difficulty}` : '';
      if (url === lastUrl && key === lastKey) return;
      lastUrl = url;
      lastKey = key;
      void send(problem ? { type: 'problem:detected', problem } : { type: 'problem:none' }).catch(() => undefined);
    };
    report();
    // Client-side navigation changes the URL without a load; the page also fills in details late.
    const timer = window.setInterval(report, 1000);
    signal.addEventListener('abort', () => window.clearInterval(timer));
  },
};
