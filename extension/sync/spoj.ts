import { spojFacts } from '@shared/platforms/spoj';
import {
  commonTrouble,
  earliestPerProblem,
  encode,
  failed,
  handleOf,
  isoFromLocalDateTime,
  notBefore,
  page,
  str,
  toSubmission,
  unknownShape,
} from './read';
import type { HistoryReader } from './types';

/**
 * SPOJ has no API. A user's status pages are public by handle, 20 submissions each, newest first:
 * https://www.spoj.com/status/<handle>/all/start=<0, 20, …>. Each row of table.problems has the date
 * (<td class="status_sm"><span>2019-09-22 18:22:02</span>), the problem (<a href="/problems/PRIME1/"
 * title="Prime Generator">) and the result (<td class="statusres" status="15">accepted</td>, 15 is AC).
 * Times are the site's own (Central European, with summer time).
 */
export interface SpojCursor {
  start: number;
}

/** Rows per status page: a full page means there may be more. */
const SPOJ_PAGE = 20;
const JUDGE = 'SPOJ';
const TIME_ZONE = 'Europe/Warsaw';
const ACCEPTED = '15';

export const spojReader: HistoryReader<SpojCursor> = {
  platform: 'spoj',
  needs: 'handle',
  origins: ['spoj'],
  delayMs: spojFacts.politeIntervalMs,
  dates: 'submission',
  plan(state, origins) {
    return {
      url: `${origins.spoj}/status/${encode(handleOf(state, JUDGE))}/all/start=${state.cursor?.start ?? 0}`,
      method: 'GET',
      // The browser's Cloudflare clearance for spoj.com travels with it.
      credentials: 'include',
    };
  },
  parse(answer, state, ctx) {
    const trouble = commonTrouble<SpojCursor>(JUDGE, answer);
    if (trouble) return trouble;
    if (answer.status === 404) return failed(`SPOJ has no user "${state.handle ?? ''}". Check the handle.`);
    const doc = ctx.parseHtml?.(answer.body);
    if (!doc) return failed('SPOJ history needs an HTML parser (run it where DOMParser exists).');
    const table = doc.querySelector('table.problems');
    if (!table) return failed(unknownShape(JUDGE, 'no status table'));
    const rows = Array.from(table.querySelectorAll('tbody tr')).filter((tr) => tr.querySelector('td'));
    // An object, not a let: TypeScript does not see assignments made inside the callback.
    const reached = { since: false };
    let unreadable = 0;
    const items = rows.map((tr) => {
      const date = isoFromLocalDateTime(tr.querySelector('td.status_sm span, td.status_sm')?.textContent, TIME_ZONE);
      const link = tr.querySelector('a[href*="/problems/"]');
      const href = link?.getAttribute('href');
      const status = tr.querySelector('td[status]')?.getAttribute('status')?.trim();
      if (!date || !href || status === undefined) {
        unreadable++;
        return null;
      }
      if (!notBefore(date, state.since)) {
        reached.since = true;
        return null;
      }
      if (status !== ACCEPTED) return null;
      const url = new URL(href, `${spojFacts.origins.site}/`).href;
      const code = url.split('/').filter(Boolean).pop()?.toUpperCase();
      // The link's title (or text) names the problem; one that only repeats the code is no name.
      const name = [link?.getAttribute('title'), link?.textContent].map(str).find((n) => n && n.toUpperCase() !== code);
      return toSubmission('spoj', { url, solvedAt: date, name });
    });
    if (rows.length > 0 && unreadable === rows.length) return failed(unknownShape(JUDGE, 'rows without date, problem or status'));
    const start = state.cursor?.start ?? 0;
    const next = rows.length >= SPOJ_PAGE && !reached.since ? { start: start + rows.length } : null;
    return page(earliestPerProblem(items), next);
  },
};
