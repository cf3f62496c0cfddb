import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedCreatedSchema, contestsResponseSchema } from '../../shared/schemas/contest';
import { createJudgeTestApp } from '../../tests/support/judge-app';
import { createApp } from '../app';
import { contests } from '../db/schema';

type T = Awaited<ReturnType<typeof createJudgeTestApp>>;
const C = '/question-tracker/v1/contests';
const F = '/question-tracker/v1/user/calendar-feed';

/** The events of an iCalendar text, read back with ical.js. */
function events(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { summary: e.summary, start: e.startDate.toJSDate().toISOString(), end: e.endDate.toJSDate().toISOString(), url: String(v.getFirstPropertyValue('url') ?? ''), props: v.getAllProperties().map((p) => p.name) };
  });
}

describe('contests', () => {
  let t: T;
  beforeAll(async () => {
    t = await createJudgeTestApp();
    await t.jobs.send('refresh-contests', {});
    await t.jobs.drain();
  });
  afterAll(() => t.close());

  it('lists upcoming and running contests of every judge, soonest first', async () => {
    const res = await t.call('GET', C);
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
    const lc = contestsResponseSchema.parse((await t.call('GET', `${C}?platform=leetcode`)).body.data).contests;
    expect(lc.map((c) => c.name)).toEqual(['Biweekly Contest 170', 'Weekly Contest 478']);
    expect((await t.call('GET', `${C}?platform=nowhere`)).body.data.contests).toEqual([]);
    const saved = t.clock.now();
    t.clock.advance(30 * 86_400_000);
    expect((await t.call('GET', C)).body.data.contests).toEqual([]);
    t.clock.set(saved.toISOString());
  });

  it('keeps a judge’s last list when it is down, and replaces it when it answers', async () => {
    t.judge.setDown('codeforces', true);
    await t.jobs.send('refresh-contests', { platform: 'codeforces' });
    await t.jobs.drain();
    expect((await t.call('GET', `${C}?platform=codeforces`)).body.data.contests).toHaveLength(3);
    t.judge.setDown('codeforces', false);
  });

  it('serves every contest, or one judge’s, as a calendar ical.js reads', async () => {
    const all = await t.call('GET', `${C}.ics`);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toMatch(/^text\/calendar/);
    const list = (await t.call('GET', C)).body.data.contests as { name: string; startsAt: string; durationSeconds: number; url: string }[];
    const read = events(all.text);
    expect(read).toHaveLength(list.length);
    const abc = read.find((e) => e.summary.startsWith('AtCoder Beginner Contest 433'))!;
    const want = list.find((c) => c.name === 'AtCoder Beginner Contest 433')!;
    expect(abc).toMatchObject({ summary: 'AtCoder Beginner Contest 433 (AtCoder)', start: want.startsAt, url: 'https://atcoder.jp/contests/abc433' });
    expect(Date.parse(abc.end) - Date.parse(abc.start)).toBe(want.durationSeconds * 1000);
    expect(events((await t.call('GET', `${C}.ics?platform=codechef`)).text).map((e) => e.summary)).toEqual(['Starters 214 (CodeChef)', 'Starters 215 (CodeChef)']);
  });

  it('serves one contest as a calendar; an unknown id is 404', async () => {
    const [row] = await t.db.select().from(contests).limit(1);
    const one = await t.call('GET', `${C}/${row!.id}/calendar.ics`);
    expect(one.status).toBe(200);
    expect(events(one.text).map((e) => e.summary)).toEqual([expect.stringContaining(row!.name)]);
    expect((await t.call('GET', `${C}/00000000-0000-0000-0000-000000000000/calendar.ics`)).status).toBe(404);
    expect((await t.call('GET', `${C}/not-an-id/calendar.ics`)).status).toBe(404);
  });

  it('gives a signed-in user a secret feed URL that tells nothing but contest times, and revokes it', async () => {
    const me = await t.signup('Subscriber');
    expect((await t.call('GET', F, { token: me.token })).body.data).toEqual({ feed: null });
    const made = await t.call('PUT', F, { token: me.token, body: { platforms: ['leetcode', 'codechef'] } });
    expect(made.status).toBe(200);
    const { url, token, feed } = calendarFeedCreatedSchema.parse(made.body.data);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(feed.platforms.sort()).toEqual(['codechef', 'leetcode']);
    const path = new URL(url).pathname;
    const sub = await t.call('GET', path);
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
    const rotated = calendarFeedCreatedSchema.parse((await t.call('PUT', F, { token: me.token, body: {} })).body.data);
    expect(rotated.token).not.toBe(token);
    expect((await t.call('GET', path)).status).toBe(404);
    expect((await t.call('GET', new URL(rotated.url).pathname)).status).toBe(200);
    expect((await t.call('DELETE', F, { token: me.token })).status).toBe(200);
    expect((await t.call('GET', new URL(rotated.url).pathname)).status).toBe(404);
    expect((await t.call('DELETE', F, { token: me.token })).status).toBe(404);
    expect((await t.call('GET', `${C}/feed/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await t.call('PUT', F, { body: {} })).status).toBe(401);
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
