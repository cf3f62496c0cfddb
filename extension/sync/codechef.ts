import { codechefFacts } from '@shared/platforms/codechef';
import {
  commonTrouble,
  earliestPerProblem,
  encode,
  failed,
  handleOf,
  isoFromWallClock,
  isRecord,
  notBefore,
  num,
  page,
  readJson,
  str,
  toSubmission,
  unknownShape,
} from './read';
import type { HistoryReader, ParseContext } from './types';

/**
 * CodeChef has no public API for a user's submissions. Its profile page fills "Recent Activity" from
 * GET /recent/user?page=<0..>&user_handle=<handle> (public, by handle), which pages through the whole
 * history, newest first: { max_page, content: '<table class="dataTable">…' } where each row is
 * <td title="10:31 PM 05/01/24">time</td><td><a href="/START24C/problems/CODE">CODE</a></td>
 * <td><span title="accepted">…</span></td><td>language</td>…
 * Times are IST ("hh:mm AM dd/mm/yy"), recent ones relative ("5 min ago").
 */
export interface CodechefCursor {
  page: number;
}

const JUDGE = 'CodeChef';
const TIME_ZONE = 'Asia/Kolkata';
const UNITS: Record<string, number> = { sec: 1000, min: 60_000, hour: 3_600_000, day: 86_400_000 };

/** "10:31 PM 05/01/24" (IST) or "2 hours ago" (from now), as ISO UTC. */
export function codechefTime(text: string | undefined, now: Date): string | undefined {
  const t = text?.trim().toLowerCase();
  if (!t) return undefined;
  const ago = t.match(/^(\d+)\s*(sec|min|hour|day)s?\s+ago$/);
  if (ago) return new Date(now.getTime() - Number(ago[1]) * (UNITS[ago[2] ?? ''] ?? 0)).toISOString();
  const abs = t.match(/^(\d{1,2}):(\d{2})\s*(am|pm)\s+(\d{2})\/(\d{2})\/(\d{2})$/);
  if (!abs) return undefined;
  const [, h, mi, half, d, mo, y] = abs;
  const hour12 = Number(h) % 12;
  return isoFromWallClock(
    { year: 2000 + Number(y), month: Number(mo), day: Number(d), hour: half === 'pm' ? hour12 + 12 : hour12, minute: Number(mi), second: 0 },
    TIME_ZONE,
  );
}

/** The time text of a row's first cell: its title, a titled child, or the tooltip, else the visible text. */
function timeText(cell: Element): string | undefined {
  return (
    str(cell.getAttribute('title')) ??
    str(cell.querySelector('[title]')?.getAttribute('title')) ??
    str(cell.querySelector('.tooltiptext')?.textContent) ??
    str(cell.textContent)
  );
}

function readRows(content: string, ctx: ParseContext) {
  const doc = ctx.parseHtml?.(`<!DOCTYPE html><html><body>${content}</body></html>`);
  if (!doc) return null;
  const table = doc.querySelector('table.dataTable') ?? doc.querySelector('table');
  return Array.from(table?.querySelectorAll('tbody tr') ?? []).filter((tr) => tr.querySelectorAll('td').length >= 3);
}

export const codechefReader: HistoryReader<CodechefCursor> = {
  platform: 'codechef',
  needs: 'handle',
  origins: ['codechef'],
  // CodeChef sits behind Cloudflare and throttles bursts: two seconds, as other long-lived scrapers use.
  delayMs: codechefFacts.politeIntervalMs,
  dates: 'submission',
  plan(state, origins) {
    return {
      url: `${origins.codechef}/recent/user?page=${state.cursor?.page ?? 0}&user_handle=${encode(handleOf(state, JUDGE))}`,
      method: 'GET',
      headers: { accept: 'application/json, text/javascript, */*; q=0.01', 'x-requested-with': 'XMLHttpRequest' },
      // The browser's Cloudflare clearance for codechef.com travels with it.
      credentials: 'include',
    };
  },
  parse(answer, state, ctx) {
    const trouble = commonTrouble<CodechefCursor>(JUDGE, answer);
    if (trouble) return trouble;
    const json = readJson(answer.body);
    if (!isRecord(json) || typeof json.content !== 'string') {
      return failed(unknownShape(JUDGE, json === undefined ? `HTTP ${answer.status}, not JSON` : 'no content'));
    }
    const rows = readRows(json.content, ctx);
    if (!rows) return failed('CodeChef history needs an HTML parser (run it where DOMParser exists).');
    // An object, not a let: TypeScript does not see assignments made inside the callback.
    const reached = { since: false };
    let unreadable = 0;
    const items = rows.map((tr) => {
      const [timeCell, problemCell, resultCell] = Array.from(tr.querySelectorAll('td'));
      const link = problemCell?.querySelector('a[href]');
      const href = link?.getAttribute('href');
      const result = resultCell?.querySelector('[title]')?.getAttribute('title')?.trim().toLowerCase();
      const solvedAt = timeCell ? codechefTime(timeText(timeCell), ctx.now) : undefined;
      if (!solvedAt || !href) {
        unreadable++;
        return null;
      }
      if (!notBefore(solvedAt, state.since)) {
        reached.since = true;
        return null;
      }
      if (result !== 'accepted') return null;
      const url = new URL(href, `${codechefFacts.origins.site}/`).href;
      const code = url.split('/').filter(Boolean).pop() ?? '';
      // The link shows the problem code; a different text is the problem's name.
      const text = str(link?.textContent);
      return toSubmission('codechef', { url, solvedAt, name: text && text.toUpperCase() !== code.toUpperCase() ? text : undefined });
    });
    if (rows.length > 0 && unreadable === rows.length) return failed(unknownShape(JUDGE, 'rows without a time or a problem link'));
    const current = state.cursor?.page ?? 0;
    const maxPage = num(json.max_page);
    // Whether max_page counts pages or names the last one, asking past a non-empty page is safe: the
    // page after the last comes back empty and ends the sync.
    const next = rows.length > 0 && !reached.since && maxPage !== undefined && current + 1 <= maxPage ? { page: current + 1 } : null;
    return page(earliestPerProblem(items), next);
  },
};
