import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { createEvents, type EventAttributes } from 'ics';
import { CALENDAR_MESSAGES } from '../../shared/rules/judge-accounts';
import type { Contest, ContestsResponse } from '../../shared/schemas/contest';
import type { Db } from '../db/client';
import { calendarFeeds, contestSources, contests } from '../db/schema';
import { judgeById, judgeName, judges } from '../judges/index';
import type { ContestEntry } from '../judges/types';
import { notFound } from '../lib/errors';
import { hashToken } from './auth';
import { JudgeDownError } from './judge-client';
import type { JudgeDeps } from './judge-accounts';

/** Contests an answer lists at most (a judge's upcoming list is a few dozen). */
const MAX_CONTESTS = 500;

type Row = typeof contests.$inferSelect;

const toWire = (r: Row): Contest => ({
  id: r.id,
  platform: r.platform,
  name: r.name,
  url: r.url,
  startsAt: r.startsAt.toISOString(),
  durationSeconds: r.durationSeconds,
});

/** Upcoming and running contests (not yet ended), soonest first; one judge's, or every judge's. */
export async function listContests(db: Db, now: Date, platforms?: readonly string[]): Promise<Row[]> {
  const ends = sql`${contests.startsAt} + make_interval(secs => ${contests.durationSeconds})`;
  return db
    .select()
    .from(contests)
    .where(and(sql`${ends} > ${now.toISOString()}::timestamptz`, platforms?.length ? inArray(contests.platform, [...platforms]) : undefined))
    .orderBy(asc(contests.startsAt), asc(contests.platform), asc(contests.name))
    .limit(MAX_CONTESTS);
}

/** Judges whose latest contest refresh failed, so their lists may be short: one judge's, or every judge's. */
async function unreachableJudges(db: Db, platform?: string): Promise<ContestsResponse['unreachable']> {
  const rows = await db
    .select({ platform: contestSources.platform, failedAt: contestSources.failedAt })
    .from(contestSources)
    .where(and(isNotNull(contestSources.failedAt), platform ? eq(contestSources.platform, platform) : undefined))
    .orderBy(asc(contestSources.platform));
  return rows.flatMap((r) => (r.failedAt ? [{ platform: r.platform, failedAt: r.failedAt.toISOString() }] : []));
}

export async function contestsAnswer(db: Db, now: Date, platform?: string): Promise<ContestsResponse> {
  const [rows, unreachable] = await Promise.all([listContests(db, now, platform ? [platform] : undefined), unreachableJudges(db, platform)]);
  return { contests: rows.map(toWire), unreachable };
}

/** Keeps how a judge's refresh went: a failure is shown beside its list until a refresh reaches it again. */
async function noteRefresh(db: Db, platform: string, reached: boolean, now: Date): Promise<void> {
  await db
    .insert(contestSources)
    .values({ platform, checkedAt: now, reachedAt: reached ? now : null, failedAt: reached ? null : now })
    .onConflictDoUpdate({
      target: contestSources.platform,
      set: reached ? { checkedAt: now, reachedAt: now, failedAt: null } : { checkedAt: now, failedAt: now },
    });
}

/**
 * The contests as iCalendar text: each event has the contest's name, its link and its times, nothing
 * else (a subscribed feed tells nobody anything about its owner).
 */
export function toIcs(rows: readonly Row[], calName: string): string {
  const events: EventAttributes[] = rows.map((r) => ({
    uid: `${r.platform}-${r.code}@practice-tracker`,
    title: `${r.name} (${judgeName(r.platform)})`,
    url: r.url,
    start: r.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: r.startsAt.getTime() + r.durationSeconds * 1000,
    endInputType: 'utc',
    endOutputType: 'utc',
    productId: 'practice-tracker/contests',
    calName,
  }));
  if (events.length === 0) {
    // ics refuses an empty list; an empty calendar is still a valid answer for a feed.
    return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'PRODID:practice-tracker/contests', 'METHOD:PUBLISH', `X-WR-CALNAME:${calName}`, 'END:VCALENDAR', ''].join('\r\n');
  }
  const { error, value } = createEvents(events, { productId: 'practice-tracker/contests', calName, method: 'PUBLISH' });
  if (error || !value) throw error ?? new Error('ics produced nothing');
  return value;
}

export async function contestIcs(db: Db, id: string): Promise<{ text: string; row: Row }> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id) ? await db.select().from(contests).where(eq(contests.id, id)) : [];
  if (!row) throw notFound(CALENDAR_MESSAGES.contestNotFound);
  return { text: toIcs([row], row.name), row };
}

/** Writes one judge's current list: new and moved contests upserted, upcoming ones no longer listed removed. */
async function storeContests(db: Db, platform: string, list: readonly ContestEntry[], now: Date): Promise<void> {
  const unique = [...new Map(list.map((c) => [c.code, c])).values()].slice(0, MAX_CONTESTS);
  if (unique.length) {
    await db
      .insert(contests)
      .values(unique.map((c) => ({ platform, code: c.code, name: c.name, url: c.url, startsAt: c.startsAt, durationSeconds: c.durationSeconds, updatedAt: now })))
      .onConflictDoUpdate({
        target: [contests.platform, contests.code],
        set: { name: sql`excluded.name`, url: sql`excluded.url`, startsAt: sql`excluded.starts_at`, durationSeconds: sql`excluded.duration_seconds`, updatedAt: now },
      });
  }
  // A contest that has not started and is gone from the judge's list was cancelled or moved.
  await db
    .delete(contests)
    .where(and(eq(contests.platform, platform), gt(contests.startsAt, now), unique.length ? notInArray(contests.code, unique.map((c) => c.code)) : undefined));
}

/** The refresh-contests job: reads each judge's list; a judge down or unreadable keeps its old list. */
export async function refreshContests(deps: JudgeDeps, platform?: string): Promise<{ platform: string; result: string }[]> {
  const targets = platform ? [judgeById(platform)].filter((j) => j !== undefined) : judges;
  const results: { platform: string; result: string }[] = [];
  for (const judge of targets) {
    if (!judge.contests) continue;
    try {
      const answers = await deps.judgeClient.run(judge, judge.contests.plan(deps.judgeClient.origin(judge)));
      const read = judge.contests.parse(answers);
      if (read.kind === 'ok') await storeContests(deps.db, judge.id, read.contests, deps.clock.now());
      await noteRefresh(deps.db, judge.id, read.kind === 'ok', deps.clock.now());
      results.push({ platform: judge.id, result: read.kind === 'ok' ? `ok (${read.contests.length})` : read.reason });
    } catch (err) {
      if (!(err instanceof JudgeDownError)) throw err;
      await noteRefresh(deps.db, judge.id, false, deps.clock.now());
      results.push({ platform: judge.id, result: `down: ${err.message}` });
    }
  }
  return results;
}

/** Creates the user's feed, or replaces it (the old token stops working at once). 256 random bits. */
export async function createFeed(db: Db, userId: string, platforms: readonly string[]) {
  const token = randomBytes(32).toString('base64url');
  const known = [...new Set(platforms)].filter((p) => judgeById(p)?.contests);
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashToken(token), platforms: known })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), platforms: known, createdAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('calendar feed upsert returned nothing');
  return { token, feed: { platforms: row.platforms, createdAt: row.createdAt.toISOString() } };
}

export async function getFeed(db: Db, userId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ? { platforms: row.platforms, createdAt: row.createdAt.toISOString() } : null;
}

export async function revokeFeed(db: Db, userId: string): Promise<void> {
  const gone = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
  if (!gone.length) throw notFound(CALENDAR_MESSAGES.noFeed);
}

/** The feed's calendar for a token, or 404 for any token that is not a current one. */
export async function feedIcs(db: Db, token: string, now: Date): Promise<string> {
  const [row] = /^[A-Za-z0-9_-]{43}$/.test(token) ? await db.select({ platforms: calendarFeeds.platforms }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, hashToken(token))) : [];
  if (!row) throw notFound(CALENDAR_MESSAGES.noFeed);
  return toIcs(await listContests(db, now, row.platforms), 'Contests');
}
