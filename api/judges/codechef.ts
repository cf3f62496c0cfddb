import { codechefFacts } from '../../shared/platforms/codechef';
import type { RatingPoint } from '../db/schema';
import { answerOf, code, contest, empty, dateFromString, isRecord, num, readJson, text, unreadable, whole } from './read';
import type { ContestEntry, JudgeAdapter } from './types';

const JUDGE = 'CodeChef';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** CodeChef's own times are India's (UTC+05:30, no daylight saving): "2024-05-01" and "22:31" or "22:31:05". */
export function istTime(date: string, time: string): Date | undefined {
  return dateFromString(`${date}T${time.length === 5 ? `${time}:00` : time}+05:30`);
}

/** "26 Nov 2026  20:00:00" (the list's older field, IST). */
function listDate(v: unknown): Date | undefined {
  const m = typeof v === 'string' ? /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})\s+(\d{2}:\d{2}(?::\d{2})?)$/.exec(v.trim()) : null;
  const month = m ? MONTHS.indexOf(m[2] ?? '') : -1;
  // Date would roll 31 Feb over into March: such a date is refused.
  if (!m || month < 0 || Number(m[1]) > new Date(Date.UTC(Number(m[3]), month + 1, 0)).getUTCDate()) return undefined;
  return istTime(`${m[3]}-${String(month + 1).padStart(2, '0')}-${(m[1] ?? '').padStart(2, '0')}`, m[4] ?? '');
}

/** The rating history the profile page embeds for its chart: `var all_rating = [...];`. */
export function embeddedHistory(html: string): unknown[] | undefined {
  const m = /var all_rating\s*=\s*(\[[\s\S]*?\]);/.exec(html);
  const json = m ? readJson(m[1] ?? '') : undefined;
  return Array.isArray(json) ? json : undefined;
}

/** A rating history entry's end_date, "YYYY-MM-DD HH:MM:SS" in IST; anything else is no date. */
export function historyEndDate(v: unknown): Date | undefined {
  const end = typeof v === 'string' ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(v) : null;
  return end ? istTime(end[1] ?? '', end[2] ?? '') : undefined;
}

/**
 * No public profile API: the profile page `https://www.codechef.com/users/<h>` is read (rating, highest
 * rating, stars, "Total Problems Solved", and the embedded rating history). An unknown handle redirects
 * away from /users/ (or answers 404). Contests: `/api/list/contests/all`, JSON with present_contests and
 * future_contests (duration in minutes; start as ISO with offset, or IST text in older answers).
 */
export const codechefJudge: JudgeAdapter = {
  id: 'codechef',
  defaultOrigin: codechefFacts.origins.site,
  minIntervalMs: codechefFacts.politeIntervalMs,
  account: {
    plan: (handle, origin) => [{ key: 'profile', url: `${origin}/users/${encodeURIComponent(handle)}`, method: 'GET' }],
    parse(answers) {
      const answer = answerOf(answers, 'profile');
      if (answer.status === 404 || (answer.status >= 300 && answer.status < 400)) return { kind: 'not-found' };
      const html = answer.body;
      const rating = /class="rating-number"[^>]*>\s*(\d{1,4})/.exec(html)?.[1];
      const solved = /Total Problems Solved:\s*(\d{1,6})/.exec(html)?.[1];
      if (rating === undefined && solved === undefined) return unreadable(JUDGE, 'no rating or solved count on the profile page');
      const figures = empty();
      // A provisional profile shows 0? until its first rated contest.
      figures.rating = whole(rating, 10_000) || null;
      figures.solved = whole(solved, 100_000);
      const stars = /class="rating"[^>]*>\s*(\d)\s*(?:★|&#9733;)/.exec(html)?.[1];
      figures.rank = stars ? `${stars}★` : null;
      const history: RatingPoint[] = [];
      const raw = embeddedHistory(html) ?? [];
      for (const h of raw) {
        if (!isRecord(h)) continue;
        const value = whole(h.rating, 10_000);
        const name = text(h.name);
        const at = historyEndDate(h.end_date);
        if (value !== null && name && at) history.push({ contest: name, at: at.toISOString(), rating: value });
      }
      figures.history = history;
      figures.contests = raw.length || null;
      const highest = whole(/Highest Rating\s*(\d{1,4})/.exec(html)?.[1], 10_000);
      figures.maxRating = highest ?? (history.length ? Math.max(...history.map((p) => p.rating)) : figures.rating);
      return { kind: 'ok', figures };
    },
  },
  contests: {
    plan: (origin) => [{ key: 'list', url: `${origin}/api/list/contests/all?sort_by=START&sorting_order=asc&offset=0&mode=all`, method: 'GET' }],
    parse(answers) {
      const json = readJson(answerOf(answers, 'list').body);
      if (!isRecord(json) || json.status !== 'success' || !Array.isArray(json.future_contests)) return unreadable(JUDGE, 'no future_contests');
      const present: unknown[] = Array.isArray(json.present_contests) ? json.present_contests : [];
      const future: unknown[] = json.future_contests;
      const out: ContestEntry[] = [];
      for (const c of [...present, ...future]) {
        if (!isRecord(c)) continue;
        const minutes = num(c.contest_duration);
        const entry = contest({
          code: code(c.contest_code),
          name: text(c.contest_name),
          url: (id) => `${codechefFacts.origins.site}/${id}`,
          startsAt: dateFromString(c.contest_start_date_iso) ?? listDate(c.contest_start_date),
          durationSeconds: minutes === undefined ? undefined : Math.round(minutes * 60),
        });
        if (entry) out.push(entry);
      }
      return { kind: 'ok', contests: out };
    },
  },
};
