import { hackerrankFacts } from '../../shared/platforms/hackerrank';
import type { RatingPoint } from '../db/schema';
import { answerOf, empty, dateFromString, isRecord, maxOf, num, readJson, text, unreadable, whole } from './read';
import type { JudgeAdapter, JudgeAnswer } from './types';

const JUDGE = 'HackerRank';
/** Far more than anyone holds; a longer list is cut rather than read whole. */
const MAX_BADGES = 100;
const MAX_EVENTS = 1000;

/** The rating category HackerRank's rated contests count towards (its profile's contest rating). */
const RATED_CATEGORY = 'algorithms';

/** The JSON object of a 2xx answer; undefined for another status or a page that is not JSON (a browser check). */
function json(answer: JudgeAnswer): Record<string, unknown> | undefined {
  const value = answer.status >= 200 && answer.status < 300 ? readJson(answer.body) : undefined;
  return isRecord(value) ? value : undefined;
}

/**
 * HackerRank's public REST answers, the ones its own profile page asks for (no sign-in):
 * - `/rest/contests/master/hackers/<h>/profile` → { model: { username, name, country, level, created_at, … } };
 *   an unknown handle answers 404. Only used to tell a real handle from an unknown one.
 * - `/rest/hackers/<h>/badges` → { status, models: [{ badge_name, badge_type, solved, total_challenges, stars, … }] }:
 *   one badge per track (Problem Solving, Python, SQL, 30 Days of Code, …). `solved` is the challenges solved
 *   in that track, and a challenge belongs to one track, so their sum counts each solved challenge once; tracks
 *   that carry no badge (Mathematics, say) are not counted. HackerRank gives no split by difficulty.
 * - `/rest/hackers/<h>/rating_histories_elo` → { models: [{ category, events: [{ contest_name, contest_slug, date,
 *   rating, rank }] }] }: the contest rating after each rated contest, per category. Only the Algorithms category
 *   is read (the rating HackerRank shows for its contests); someone who never took one has no events.
 * Contests: HackerRank's contest list is left unread (contests: null).
 */
export const hackerrankJudge: JudgeAdapter = {
  id: 'hackerrank',
  defaultOrigin: hackerrankFacts.origins.site,
  minIntervalMs: hackerrankFacts.politeIntervalMs,
  account: {
    plan: (handle, origin) => {
      const h = encodeURIComponent(handle);
      return [
        { key: 'profile', url: `${origin}/rest/contests/master/hackers/${h}/profile`, method: 'GET' },
        { key: 'badges', url: `${origin}/rest/hackers/${h}/badges`, method: 'GET' },
        { key: 'ratings', url: `${origin}/rest/hackers/${h}/rating_histories_elo`, method: 'GET' },
      ];
    },
    parse(answers) {
      const profileAnswer = answerOf(answers, 'profile');
      if (profileAnswer.status === 404) return { kind: 'not-found' };
      const profile = json(profileAnswer);
      if (profile?.model === null) return { kind: 'not-found' };
      if (!isRecord(profile?.model) || typeof profile.model.username !== 'string') return unreadable(JUDGE, 'profile without model');
      const badges = json(answerOf(answers, 'badges'))?.models;
      if (!Array.isArray(badges)) return unreadable(JUDGE, 'badges without models');
      const ratings = json(answerOf(answers, 'ratings'))?.models;
      if (!Array.isArray(ratings)) return unreadable(JUDGE, 'rating history without models');

      const figures = empty();
      let solved = 0;
      let best: { name: string; stars: number; solved: number } | null = null;
      for (const b of badges.slice(0, MAX_BADGES)) {
        if (!isRecord(b)) continue;
        const n = whole(b.solved, 100_000) ?? 0;
        solved += n;
        const name = text(b.badge_name, 60);
        const stars = whole(b.stars, 10) ?? 0;
        if (name && stars > 0 && (!best || stars > best.stars || (stars === best.stars && n > best.solved))) best = { name, stars, solved: n };
      }
      figures.solved = solved;
      // The best badge stands for a rank: HackerRank's own short title for a profile.
      figures.rank = best ? `${best.name} ${best.stars}★` : null;

      const rated: unknown = ratings.find((m) => isRecord(m) && typeof m.category === 'string' && m.category.trim().toLowerCase() === RATED_CATEGORY);
      const events: unknown[] = isRecord(rated) && Array.isArray(rated.events) ? rated.events.slice(-MAX_EVENTS) : [];
      const history: RatingPoint[] = [];
      for (const e of events) {
        if (!isRecord(e)) continue;
        const rating = num(e.rating);
        const name = text(e.contest_name) ?? text(e.contest_slug);
        const at = dateFromString(e.date);
        if (rating !== undefined && rating >= 0 && rating < 10_000 && name && at) history.push({ contest: name, at: at.toISOString(), rating: Math.round(rating) });
      }
      history.sort((a, b) => a.at.localeCompare(b.at));
      figures.history = history;
      figures.rating = history.at(-1)?.rating ?? null;
      figures.maxRating = maxOf(history, figures.rating);
      figures.contests = history.length || null;
      return { kind: 'ok', figures };
    },
  },
  contests: null,
};
