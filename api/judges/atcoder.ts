import { decodeHTML } from 'entities';
import { atcoderFacts } from '../../shared/platforms/atcoder';
import type { RatingPoint } from '../db/schema';
import { answerOf, code, contest, empty, dateFromString, isRecord, readJson, text, unreadable, whole } from './read';
import type { ContestEntry, JudgeAdapter } from './types';

const JUDGE = 'AtCoder';

/** AtCoder's colour names by rating, as its rankings show them. */
const COLOURS: readonly [number, string][] = [
  [2800, 'Red'],
  [2400, 'Orange'],
  [2000, 'Yellow'],
  [1600, 'Blue'],
  [1200, 'Cyan'],
  [800, 'Green'],
  [400, 'Brown'],
  [0, 'Gray'],
];

/** "2025-01-11 21:00:00+0900" (the contest list's <time>) to a Date. */
function listTime(s: string): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?)([+-]\d{2})(\d{2})$/.exec(s.trim());
  return m ? dateFromString(`${m[1]}T${m[2]}${m[3]}:${m[4]}`) : undefined;
}

/** The rows of one of the contest page's tables (running: contest-table-action, upcoming: contest-table-upcoming). */
function tableRows(html: string, id: string): string[] | undefined {
  const start = html.indexOf(`id="contest-table-${id}"`);
  if (start < 0) return undefined;
  const end = html.indexOf('</table>', start);
  const tbody = html.slice(start, end < 0 ? undefined : end);
  return tbody.split(/<tr[\s>]/).slice(1);
}

/**
 * The rating history is `https://atcoder.jp/users/<h>/history/json`: an array of { IsRated, NewRating,
 * OldRating, Place, ContestName, ContestScreenName, EndTime } (empty for someone who never competed; HTTP
 * 404 for no such user). Contests come from the contest page's HTML (AtCoder publishes no contest API).
 * AtCoder shows no solved count: that needs a third party (AtCoder Problems), so solved stays unknown.
 */
export const atcoderJudge: JudgeAdapter = {
  id: 'atcoder',
  defaultOrigin: atcoderFacts.origins.site,
  minIntervalMs: atcoderFacts.politeIntervalMs,
  account: {
    plan: (handle, origin) => [{ key: 'history', url: `${origin}/users/${encodeURIComponent(handle)}/history/json`, method: 'GET' }],
    parse(answers) {
      const answer = answerOf(answers, 'history');
      if (answer.status === 404) return { kind: 'not-found' };
      const json = readJson(answer.body);
      if (!Array.isArray(json)) return unreadable(JUDGE, 'history is not a list');
      const history: RatingPoint[] = [];
      for (const h of json) {
        if (!isRecord(h) || h.IsRated !== true) continue;
        const at = dateFromString(h.EndTime);
        const rating = whole(h.NewRating, 10_000);
        const name = text(h.ContestName);
        if (at && rating !== null && name) history.push({ contest: name, at: at.toISOString(), rating });
      }
      if (json.length > 0 && !json.some((h) => isRecord(h) && 'IsRated' in h)) return unreadable(JUDGE, 'history entries without IsRated');
      const figures = empty();
      figures.history = history;
      figures.contests = json.length;
      const last = history.at(-1);
      const rating = last ? last.rating : null;
      figures.rating = rating;
      figures.maxRating = history.length ? Math.max(...history.map((p) => p.rating)) : null;
      figures.rank = rating === null ? null : (COLOURS.find(([floor]) => rating >= floor)?.[1] ?? null);
      return { kind: 'ok', figures };
    },
  },
  contests: {
    plan: (origin) => [{ key: 'list', url: `${origin}/contests/?lang=en`, method: 'GET' }],
    parse(answers) {
      const html = answerOf(answers, 'list').body;
      const upcoming = tableRows(html, 'upcoming');
      if (!upcoming) return unreadable(JUDGE, 'no upcoming contest table');
      const out: ContestEntry[] = [];
      for (const row of [...(tableRows(html, 'action') ?? []), ...upcoming]) {
        const time = /<time[^>]*>([^<]{10,40})<\/time>/.exec(row)?.[1];
        const link = /<a href="\/contests\/([^"/?#]+)"\s*>([^<]{1,400})<\/a>/.exec(row);
        const length = /<td[^>]*>\s*(\d{1,4}):(\d{2})\s*<\/td>/.exec(row);
        const entry = contest({
          code: code(link?.[1]),
          name: link ? text(decodeHTML(link[2] ?? '')) : undefined,
          url: (c) => `${atcoderFacts.origins.site}/contests/${c}`,
          startsAt: time ? listTime(time) : undefined,
          durationSeconds: length ? Number(length[1]) * 3600 + Number(length[2]) * 60 : undefined,
        });
        if (entry) out.push(entry);
      }
      return { kind: 'ok', contests: out };
    },
  },
};
