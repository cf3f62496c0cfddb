import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedCreatedSchema, contestsResponseSchema } from '../../shared/schemas/contest';
import { createJudgeTestApp } from '../../tests/support/judge-app';
import { createApp } from '../app';
import { contests } from '../db/schema';

type T = Awaited<ReturnType<typeof createJudgeTestApp>>;

/** A calendar answer read as text (t.reply reads JSON). */
async function calendarText(request: Promise<Response>) {
  const res = await request;
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The events of an iCalendar text, read back with ical.js. */
function events(text: string) {
  const cal = ICAL.Component.fromString(text);
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { summary: e.summary, start: e.startDate.toJSDate().toISOString(), end: e.endDate.toJSDate().toISOString(), url: String(v.getFirstPropertyValue('url') ?? ''), props: v.getAllProperties().map((p) => p.name) };
  });
}

describe('contests', () => {
  let t: T;
  let api: T['api'];
  const C = () => api['question-tracker'].v1.contests;
  const ics = () => api['question-tracker'].v1['contests.ics'];
  const F = () => api['question-tracker'].v1.user['calendar-feed'];
  const contestList = (platform?: string) => t.reply(C().$get({ query: { platform } }));
  /** A feed's address, as the typed route takes it: the file name after /contests/feed/. */
  const feedAt = (url: string) => calendarText(C()[':contestId'][':file'].$get({ param: { contestId: 'feed', file: new URL(url).pathname.split('/').pop()! } }));
  beforeAll(async () => {
    t = await createJudgeTestApp();
    api = t.api;
    await t.jobs.send('refresh-contests', {});
    await t.jobs.drain();
  });
  afterAll(() => t.close());

  it('lists upcoming and running contests of every judge, soonest first', async () => {
    const res = await contestList();
    expect(res.status).toBe(200);
    const list = contestsResponseSchema.parse(res.body.data).contests;
    const now = t.clock.now().getTime();
    expect(list.length).toBe(3 + 2 + 3 + 2);
    expect(new Set(list.map((c) => c.platform))).toEqual(new Set(['codeforces', 'leetcode', 'atcoder', 'codechef']));
    for (let i = 1; i < list.length; i++) expect(Date.parse(list[i]!.startsAt)).toBeGreaterThanOrEqual(Date.parse(list[i - 1]!.startsAt));
    for (const c of list) expect(Date.parse(c.startsAt) + c.durationSeconds * 1000).toBeGreaterThan(now);
    // A running one is listed (started before now).
    expect(list.some((c) => Date.parse(c.startsAt) < now)).toBe(true);
    expect(list.find((c) => c.name === 'Starters 215')).toMatchObject({ url: 'https://www.codechef.com/START215', durationSeconds: 7200 });
  });

  it('filters by judge, and drops contests once they end', async () => {
    const lc = contestsResponseSchema.parse((await contestList('leetcode')).body.data).contests;
    expect(lc.map((c) => c.name)).toEqual(['Biweekly Contest 170', 'Weekly Contest 478']);
    expect((await contestList('nowhere')).body.data.contests).toEqual([]);
    const saved = t.clock.now();
    t.clock.advance(30 * 86_400_000);
    expect((await contestList()).body.data.contests).toEqual([]);
    t.clock.set(saved.toISOString());
  });

  it('keeps a judge’s last list when it is down and says so, until a refresh reaches it again', async () => {
    expect((await contestList()).body.data.unreachable).toEqual([]);
    t.judge.setDown('codeforces', true);
    const failedAt = t.clock.now().toISOString();
    await t.jobs.send('refresh-contests', { platform: 'codeforces' });
    await t.jobs.drain();
    const answer = contestsResponseSchema.parse((await contestList('codeforces')).body.data);
    expect(answer.contests).toHaveLength(3);
    expect(answer.unreachable).toEqual([{ platform: 'codeforces', failedAt }]);
    // Every judge's list names it too; one other judge's does not.
    expect((await contestList()).body.data.unreachable).toEqual([{ platform: 'codeforces', failedAt }]);
    expect((await contestList('leetcode')).body.data.unreachable).toEqual([]);
    t.judge.setDown('codeforces', false);
    await t.jobs.send('refresh-contests', { platform: 'codeforces' });
    await t.jobs.drain();
    expect((await contestList('codeforces')).body.data.unreachable).toEqual([]);
  });

  it('serves every contest, or one judge’s, as a calendar ical.js reads', async () => {
    const all = await calendarText(ics().$get({ query: {} }));
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toMatch(/^text\/calendar/);
    const listed = (await contestList()).body.data.contests;
    const read = events(all.text);
    expect(read).toHaveLength(listed.length);
    const abc = read.find((e) => e.summary.startsWith('AtCoder Beginner Contest 433'))!;
    const want = listed.find((c) => c.name === 'AtCoder Beginner Contest 433')!;
    expect(abc).toMatchObject({ summary: 'AtCoder Beginner Contest 433 (AtCoder)', start: want.startsAt, url: 'https://atcoder.jp/contests/abc433' });
    expect(Date.parse(abc.end) - Date.parse(abc.start)).toBe(want.durationSeconds * 1000);
    expect(events((await calendarText(ics().$get({ query: { platform: 'codechef' } }))).text).map((e) => e.summary)).toEqual(['Starters 214 (CodeChef)', 'Starters 215 (CodeChef)']);
  });

  it('serves one contest as a calendar; an unknown id is 404', async () => {
    const [row] = await t.db.select().from(contests).limit(1);
    const contest = (contestId: string) => calendarText(C()[':contestId'][':file'].$get({ param: { contestId, file: 'calendar.ics' } }));
    const one = await contest(row!.id);
    expect(one.status).toBe(200);
    const summaries = events(one.text).map((e) => e.summary);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toContain(row!.name);
    expect((await contest('00000000-0000-0000-0000-000000000000')).status).toBe(404);
    // The route that also serves the feeds answers nothing else under a contest.
    const other = await t.call('GET', `/question-tracker/v1/contests/${row!.id}/calendar.txt`);
    expect(other.status).toBe(404);
    expect(other.body.status.message).toBe('Route not found');
    expect((await contest('not-an-id')).status).toBe(404);
  });

  it('gives a signed-in user a secret feed URL that tells nothing but contest times, and revokes it', async () => {
    const me = await t.signup('Subscriber');
    expect((await t.reply(F().$get({}, t.as(me.token)))).body.data).toEqual({ feed: null });
    const made = await t.reply(F().$put({ json: { platforms: ['leetcode', 'codechef'] } }, t.as(me.token)));
    expect(made.status).toBe(200);
    const { url, token, feed } = calendarFeedCreatedSchema.parse(made.body.data);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(feed.platforms.sort()).toEqual(['codechef', 'leetcode']);
    const sub = await feedAt(url);
    expect(sub.status).toBe(200);
    const read = events(sub.text);
    expect(read.map((e) => e.summary)).toEqual(['Starters 214 (CodeChef)', 'Biweekly Contest 170 (LeetCode)', 'Weekly Contest 478 (LeetCode)', 'Starters 215 (CodeChef)']);
    // Nothing about the owner: no name, email or attendee in the text, only the events' own properties.
    expect(sub.text).not.toContain(me.email);
    expect(sub.text).not.toContain(me.user.profileName);
    for (const e of read) expect(e.props.every((p) => ['uid', 'summary', 'url', 'dtstart', 'dtend', 'dtstamp'].includes(p))).toBe(true);
    // The stored secret is a hash, not the token.
    const stored = JSON.stringify(await t.db.query.calendarFeeds.findMany());
    expect(stored).not.toContain(token);

    // Rotating makes the old URL stop working; revoking ends the new one.
    const rotated = calendarFeedCreatedSchema.parse((await t.reply(F().$put({ json: {} }, t.as(me.token)))).body.data);
    expect(rotated.token).not.toBe(token);
    expect((await feedAt(url)).status).toBe(404);
    expect((await feedAt(rotated.url)).status).toBe(200);
    expect((await t.reply(F().$delete({}, t.as(me.token)))).status).toBe(200);
    expect((await feedAt(rotated.url)).status).toBe(404);
    expect((await t.reply(F().$delete({}, t.as(me.token)))).status).toBe(404);
    expect((await calendarText(C()[':contestId'][':file'].$get({ param: { contestId: 'feed', file: `${'A'.repeat(43)}.ics` } }))).status).toBe(404);
    expect((await t.reply(F().$put({ json: {} }))).status).toBe(401);
  });

  it("builds the feed's address from PUBLIC_URL when set, not from the request's host", async () => {
    const me = await t.signup('Proxied');
    const behindProxy = createApp({ db: t.db, config: { ...t.config, publicUrl: 'https://tracker.example' }, changes: t.changes });
    const res = await behindProxy.fetch(
      new Request('http://10.0.0.7:8080/question-tracker/v1/user/calendar-feed', { method: 'PUT', headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json', host: 'evil.example' }, body: '{}' }),
    );
    const { url } = calendarFeedCreatedSchema.parse(((await res.json()) as { data: unknown }).data);
    expect(url).toMatch(/^https:\/\/tracker\.example\/question-tracker\/v1\/contests\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  });
});
