import { decodeHTML } from 'entities';
import { codechefFacts } from '../../shared/platforms/codechef';
import { embeddedHistory, historyEndDate, istTime } from './codechef';
import { located } from './problem-lists';
import { plausibleDate } from '../../shared/untrusted';
import { answerOf, code, isRecord, num, readJson, text, unreadable } from './read';
import { addSolve, type ContestEntryOfUser, type SolveEntry, type SolvesReader } from './solves';
import type { JudgeAnswer, JudgeRequest } from './types';

const JUDGE = 'CodeChef';
/** Pages of recent activity read at most (newest first): the contests worth upsolving are the recent ones. */
const MAX_PAGES = 30;
const UNITS: Record<string, number> = { sec: 1000, min: 60_000, hour: 3_600_000, day: 86_400_000 };

const pageKey = (n: number) => `recent${n}`;

function recentRequest(handle: string, origins: Readonly<Record<string, string>>, page: number): JudgeRequest {
  return {
    key: pageKey(page),
    url: `${origins.codechef ?? codechefFacts.origins.site}/recent/user?page=${page}&user_handle=${encodeURIComponent(handle)}`,
    method: 'GET',
    headers: { accept: 'application/json, text/javascript, */*; q=0.01', 'x-requested-with': 'XMLHttpRequest' },
  };
}

/** A recent-activity time: "10:31 PM 05/01/24" (IST, day first) or "2 hours ago" (from `now`). */
export function codechefActivityTime(value: string, now: Date): Date | undefined {
  const t = value.trim().toLowerCase();
  const ago = /^(\d{1,4})\s*(sec|min|hour|day)s?\s+ago$/.exec(t);
  if (ago) return plausibleDate(now.getTime() - Number(ago[1]) * (UNITS[ago[2] ?? ''] ?? 0));
  const abs = /^(\d{1,2}):(\d{2})\s*(am|pm)\s+(\d{2})\/(\d{2})\/(\d{2})$/.exec(t);
  if (!abs) return undefined;
  const [, h, mi, half, d, mo, y] = abs;
  const day = Number(d);
  const month = Number(mo);
  const year = 2000 + Number(y);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate() || Number(h) > 12 || Number(mi) > 59) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return istTime(`${year}-${pad(month)}-${pad(day)}`, `${pad((Number(h) % 12) + (half === 'pm' ? 12 : 0))}:${mi}`);
}

interface Row {
  time: string | undefined;
  href: string | undefined;
  result: string | undefined;
}

/** The rows of recent activity's table: the first cell's time, the problem link, the result's title. */
function rowsOf(content: string): Row[] {
  const body = content.slice(Math.max(0, content.indexOf('<tbody')));
  return body
    .split(/<tr[\s>]/i)
    .slice(1)
    .map((tr) => {
      const cells = tr.split(/<td[\s>]/i).slice(1);
      const attr = (cell: string | undefined, name: string) => (cell ? new RegExp(`${name}=(?:'([^']*)'|"([^"]*)")`, 'i').exec(cell) : null);
      const timeAttr = attr(cells[0], 'title');
      const timeText = cells[0] ? /^[^>]*>([^<]*)</.exec(cells[0])?.[1] : undefined;
      const href = attr(cells[1], 'href');
      const result = attr(cells[2], 'title');
      const pick = (m: RegExpExecArray | null) => (m ? decodeHTML(m[1] ?? m[2] ?? '') : undefined);
      return { time: pick(timeAttr) ?? timeText, href: pick(href), result: pick(result)?.trim().toLowerCase() };
    });
}

const contentOf = (answer: JudgeAnswer) => {
  const json = readJson(answer.body);
  return isRecord(json) && typeof json.content === 'string' ? { content: json.content, maxPage: num(json.max_page) } : undefined;
};

/**
 * No public API for a user's contests or submissions. The profile page `/users/<h>` embeds the rated
 * contests for its chart (`all_rating`: [{ code: 'START150A', name, end_date: 'YYYY-MM-DD HH:MM:SS' IST,
 * rating, rank }]; an unknown handle redirects away or answers 404). Its "Recent Activity" pages
 * `/recent/user?page=&user_handle=` answer { max_page, content: '<table>' }, newest first, one row a
 * submission: time (title "10:31 PM 05/01/24" IST, recent ones "2 hours ago"), the problem link
 * (`/START120C/problems/CODE` or `/problems/CODE`) and the result (title "accepted"). An accepted sent to a
 * contest's own problem page before that contest ended came in the contest.
 */
export const codechefSolves: SolvesReader = {
  platform: 'codechef',
  plan: (handle, origins) => [{ key: 'profile', url: `${origins.codechef ?? codechefFacts.origins.site}/users/${encodeURIComponent(handle)}`, method: 'GET' }, recentRequest(handle, origins, 0)],
  next(handle, origins, answers) {
    let n = 0;
    while (answers[pageKey(n + 1)]) n++;
    const page = contentOf(answerOf(answers, pageKey(n)));
    // Whether max_page counts pages or names the last one, a page past the end comes back empty.
    if (!page || rowsOf(page.content).length === 0 || page.maxPage === undefined || n + 1 > page.maxPage || n + 1 >= MAX_PAGES) return null;
    return recentRequest(handle, origins, n + 1);
  },
  parse(answers, now) {
    const profile = answerOf(answers, 'profile');
    if (profile.status === 404 || (profile.status >= 300 && profile.status < 400)) return { kind: 'not-found' };
    const history = embeddedHistory(profile.body);
    if (!history) {
      // A profile of someone never rated has no chart data; a browser check has no profile at all.
      if (!/class="rating-number"|Total Problems Solved/.test(profile.body)) return unreadable(JUDGE, 'no profile on the page');
    }
    const contests = new Map<string, ContestEntryOfUser>();
    for (const h of history ?? []) {
      if (!isRecord(h)) continue;
      const contestId = code(h.code);
      const name = text(h.name);
      const endedAt = historyEndDate(h.end_date);
      if (contestId && name && endedAt) contests.set(contestId.toUpperCase(), { contestId: contestId.toUpperCase(), name, endedAt });
    }

    const first = contentOf(answerOf(answers, pageKey(0)));
    if (!first) return unreadable(JUDGE, 'recent activity has no content');
    const solves = new Map<string, SolveEntry>();
    let rows = 0;
    let readable = 0;
    for (let n = 0; answers[pageKey(n)]; n++) {
      const page = n === 0 ? first : contentOf(answerOf(answers, pageKey(n)));
      if (!page) break;
      for (const row of rowsOf(page.content)) {
        rows++;
        const at = row.time ? codechefActivityTime(row.time, now) : undefined;
        if (!at || !row.href) continue;
        readable++;
        if (row.result !== 'accepted') continue;
        const path = row.href.startsWith('/') ? row.href : `/${row.href.replace(/^https?:\/\/[^/]+\//, '')}`;
        const where = located('codechef', `${codechefFacts.origins.site}${path}`);
        if (!where) continue;
        const contestCode = /^\/([A-Za-z0-9_]+)\/problems\//.exec(path)?.[1]?.toUpperCase();
        const contest = contestCode ? contests.get(contestCode) : undefined;
        const inContest = contest !== undefined && at <= contest.endedAt;
        addSolve(solves, where.key, at, inContest);
      }
    }
    if (rows > 0 && readable === 0) return unreadable(JUDGE, 'rows without a time or a problem link');
    return { kind: 'ok', solves: [...solves.values()], contests: [...contests.values()] };
  },
};
