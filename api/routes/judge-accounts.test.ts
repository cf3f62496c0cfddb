import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeAccountResponseSchema, judgeAccountsResponseSchema } from '../../shared/schemas/judge-account';
import { leaderboardResponseSchema } from '../../shared/schemas/leaderboard';
import { cScore } from '../../shared/rules/ranking';
import { createJudgeTestApp } from '../../tests/support/judge-app';
import { judgeAccounts, userRankings } from '../db/schema';

const A = '/question-tracker/v1/user/accounts';
const L = '/question-tracker/v1/leaderboard';
type T = Awaited<ReturnType<typeof createJudgeTestApp>>;

describe('judge accounts', () => {
  let t: T;
  beforeAll(async () => {
    t = await createJudgeTestApp();
  });
  afterAll(() => t.close());

  it('links a handle after checking it on the judge, and lists it', async () => {
    const me = await t.signup('Linker');
    const put = await t.call('PUT', `${A}/codeforces`, { token: me.token, body: { handle: 'tourist' } });
    expect(put.status).toBe(200);
    const { account } = judgeAccountResponseSchema.parse(put.body.data);
    expect(account).toMatchObject({ platform: 'codeforces', handle: 'tourist', rating: 3757, maxRating: 4009, rank: 'legendary grandmaster', status: 'ok', public: false, ageSeconds: 0, profileUrl: 'https://codeforces.com/profile/tourist', contests: 3 });
    expect(t.judge.requests.filter((r) => r.judge === 'codeforces').map((r) => r.path)).toEqual(['/codeforces/api/user.info', '/codeforces/api/user.rating']);

    const list = await t.call('GET', A, { token: me.token });
    expect(list.status).toBe(200);
    const parsed = judgeAccountsResponseSchema.parse(list.body.data);
    expect(parsed.accounts.map((a) => [a.platform, a.handle])).toEqual([['codeforces', 'tourist']]);
    expect(parsed.leaderboardOptIn).toBe(false);
  });

  it('links a HackerRank handle: solved from its badges, its best badge, its contest rating', async () => {
    const me = await t.signup('Hacker');
    const put = await t.call('PUT', `${A}/hackerrank`, { token: me.token, body: { handle: 'hr_example' } });
    expect(put.status).toBe(200);
    const { account } = judgeAccountResponseSchema.parse(put.body.data);
    expect(account).toMatchObject({ platform: 'hackerrank', handle: 'hr_example', solved: 327, rank: 'Problem Solving 5★', rating: 1602, maxRating: 1649, contests: 3, status: 'ok', profileUrl: 'https://www.hackerrank.com/profile/hr_example' });
    expect(t.judge.requests.filter((r) => r.judge === 'hackerrank').map((r) => r.path)).toEqual([
      '/hackerrank/rest/contests/master/hackers/hr_example/profile',
      '/hackerrank/rest/hackers/hr_example/badges',
      '/hackerrank/rest/hackers/hr_example/rating_histories_elo',
    ]);
    expect((await t.call('PUT', `${A}/hackerrank`, { token: me.token, body: { handle: 'broken_badges' } })).status).toBe(502);
    expect((await t.call('PUT', `${A}/hackerrank`, { token: me.token, body: { handle: 'down_there' } })).status).toBe(503);
  });

  it('answers 404 "No such user on <Judge>" for an unknown handle, and stores nothing', async () => {
    const me = await t.signup('Typo');
    for (const [platform, judge] of [['codeforces', 'Codeforces'], ['leetcode', 'LeetCode'], ['atcoder', 'AtCoder'], ['codechef', 'CodeChef'], ['geeksforgeeks', 'GeeksforGeeks'], ['hackerrank', 'HackerRank']]) {
      const res = await t.call('PUT', `${A}/${platform}`, { token: me.token, body: { handle: 'missing_person' } });
      expect(res.status, platform).toBe(404);
      expect(res.body.status.message).toBe(`No such user on ${judge}`);
    }
    expect((await t.call('GET', A, { token: me.token })).body.data.accounts).toEqual([]);
  });

  it('refuses bad handles, unknown judges, a judge that is down or unreadable, and strangers', async () => {
    const me = await t.signup('Careful');
    expect((await t.call('PUT', `${A}/codeforces`, { token: me.token, body: { handle: 'a b' } })).status).toBe(400);
    expect((await t.call('PUT', `${A}/codeforces`, { token: me.token, body: { handle: '../../x' } })).status).toBe(400);
    expect((await t.call('PUT', `${A}/interviewbit`, { token: me.token, body: { handle: 'someone' } })).status).toBe(404);
    const down = await t.call('PUT', `${A}/leetcode`, { token: me.token, body: { handle: 'down_badly' } });
    expect(down.status).toBe(503);
    expect(down.body.status.error).toBe('JudgeUnavailable');
    expect((await t.call('PUT', `${A}/leetcode`, { token: me.token, body: { handle: 'broken_shape' } })).status).toBe(502);
    expect((await t.call('PUT', `${A}/leetcode`, { body: { handle: 'lee215' } })).status).toBe(401);
    expect((await t.call('GET', A)).status).toBe(401);
  });

  it('replaces the handle on a judge, toggles public, deletes', async () => {
    const me = await t.signup('Switcher');
    await t.call('PUT', `${A}/atcoder`, { token: me.token, body: { handle: 'first1', public: true } });
    const again = await t.call('PUT', `${A}/atcoder`, { token: me.token, body: { handle: 'second2' } });
    expect(again.body.data.account).toMatchObject({ handle: 'second2', public: true, rating: 1690, maxRating: 1733, rank: 'Blue' });
    const hidden = await t.call('PATCH', `${A}/atcoder`, { token: me.token, body: { public: false } });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.account.public).toBe(false);
    expect((await t.call('PATCH', `${A}/codechef`, { token: me.token, body: { public: true } })).status).toBe(404);
    expect((await t.call('DELETE', `${A}/atcoder`, { token: me.token })).status).toBe(200);
    expect((await t.call('DELETE', `${A}/atcoder`, { token: me.token })).status).toBe(404);
    expect((await t.call('GET', A, { token: me.token })).body.data.accounts).toEqual([]);
  });

  it('queues a refresh, limits it per user, and keeps old figures with their age when the judge is down or changed', async () => {
    const me = await t.signup('Refresher');
    await t.call('PUT', `${A}/codechef`, { token: me.token, body: { handle: 'chef1' } });
    const [row] = await t.db.select().from(judgeAccounts).where(eq(judgeAccounts.handle, 'chef1'));
    // Old figures, to see the refresh replace them.
    await t.db.update(judgeAccounts).set({ rating: 1000 }).where(eq(judgeAccounts.id, row!.id));

    const first = await t.call('POST', `${A}/codechef/refresh`, { token: me.token });
    expect(first.status).toBe(200);
    expect(t.jobs.waiting()).toEqual([{ name: 'refresh-account', data: { accountId: row!.id, platform: 'codechef' } }]);
    const soon = await t.call('POST', `${A}/codechef/refresh`, { token: me.token });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(60_000);
    await t.jobs.drain();
    let acc = (await t.call('GET', A, { token: me.token })).body.data.accounts[0];
    expect(acc).toMatchObject({ rating: 3548, status: 'ok', ageSeconds: 0 });

    // The judge goes down: the job fails (and is retried), the figures stay, their age shows.
    t.judge.setDown('codechef', true);
    t.clock.advance(300_000);
    expect((await t.call('POST', `${A}/codechef/refresh`, { token: me.token })).status).toBe(200);
    const runs = await t.jobs.drain();
    expect(runs).toBe(6);
    acc = (await t.call('GET', A, { token: me.token })).body.data.accounts[0];
    expect(acc).toMatchObject({ rating: 3548, status: 'judge-down', ageSeconds: 300 });
    t.judge.setDown('codechef', false);

    // A changed page: could-not-read, old figures kept, not retried.
    await t.db.update(judgeAccounts).set({ handle: 'broken_page' }).where(eq(judgeAccounts.id, row!.id));
    t.clock.advance(600_000);
    await t.call('POST', `${A}/codechef/refresh`, { token: me.token });
    expect(await t.jobs.drain()).toBe(1);
    acc = (await t.call('GET', A, { token: me.token })).body.data.accounts[0];
    expect(acc).toMatchObject({ rating: 3548, status: 'could-not-read', ageSeconds: 900 });
    expect(acc.statusDetail).toMatch(/CodeChef answered in a shape/);
  });
});

describe('background refreshes', () => {
  let t: T;
  beforeAll(async () => {
    t = await createJudgeTestApp();
  });
  afterAll(() => t.close());

  it('queues every account older than ACCOUNT_REFRESH_HOURS once, and the jobs read them again', async () => {
    const a = await t.signup('Stale');
    const b = await t.signup('Fresh');
    await t.call('PUT', `${A}/leetcode`, { token: a.token, body: { handle: 'lee215' } });
    await t.call('PUT', `${A}/geeksforgeeks`, { token: a.token, body: { handle: 'gfg_person' } });
    t.clock.advance(23 * 3600_000);
    await t.call('PUT', `${A}/leetcode`, { token: b.token, body: { handle: 'quiet1' } });
    t.clock.advance(2 * 3600_000);
    await t.jobs.send('refresh-due-accounts', {});
    await t.jobs.send('refresh-due-accounts', {});
    const before = t.judge.requests.length;
    await t.jobs.drain();
    // Two stale accounts of a's, each read once (the second sweep finds them already queued); b's is not a day old.
    expect(t.judge.requests.slice(before).map((r) => r.handle).sort()).toEqual(['gfg_person', 'lee215']);
    const accounts = (await t.call('GET', A, { token: a.token })).body.data.accounts as { ageSeconds: number; solved: number }[];
    expect(accounts.map((x) => x.ageSeconds)).toEqual([0, 0]);
    expect(accounts.every((x) => x.solved > 0)).toBe(true);
  });
});

describe('leaderboard', () => {
  let t: T;
  const people: { token: string; profileName: string }[] = [];
  beforeAll(async () => {
    t = await createJudgeTestApp();
    // Codeforces ratings from the fake judge: 800 + (n * 37) % 2800 for handle userN.
    for (const n of [1, 2, 3, 4, 5]) {
      const p = await t.signup(`Ranked${n}`);
      people.push({ token: p.token, profileName: p.user.profileName });
      await t.call('PUT', `${A}/codeforces`, { token: p.token, body: { handle: `user${n}`, public: true } });
      if (n !== 5) await t.call('PUT', `${L}/opt-in`, { token: p.token, body: { optIn: true } });
    }
  });
  afterAll(() => t.close());

  it('ranks opted-in users only, highest first, with the viewer’s own row', async () => {
    const res = await t.call('GET', `${L}?metric=codeforces_rating`, { token: people[0]!.token });
    expect(res.status).toBe(200);
    const board = leaderboardResponseSchema.parse(res.body.data);
    expect(board.rows.map((r) => r.value)).toEqual([948, 911, 874, 837]);
    expect(board.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(board.rows.map((r) => r.profileName)).toEqual([people[3]!, people[2]!, people[1]!, people[0]!].map((p) => p.profileName));
    expect(board.total).toBe(4);
    expect(board.me).toEqual({ rank: 4, profileName: people[0]!.profileName, value: 837 });
    expect(JSON.stringify(res.body)).not.toContain('@');
    // Not opted in: not on the board, no row of their own; anonymous: no row either.
    expect((await t.call('GET', L, { token: people[4]!.token })).body.data.me).toBeNull();
    expect((await t.call('GET', L)).body.data.me).toBeNull();
  });

  it('pages, shares ranks on ties, and counts only public accounts', async () => {
    // A tie: person 1 gets person 2's rating.
    const [p2] = await t.db.select().from(userRankings).innerJoin(judgeAccounts, eq(judgeAccounts.userId, userRankings.userId)).where(eq(judgeAccounts.handle, 'user2'));
    const [p1] = await t.db.select().from(judgeAccounts).where(eq(judgeAccounts.handle, 'user1'));
    await t.db.update(userRankings).set({ codeforcesRating: p2!.user_rankings.codeforcesRating }).where(eq(userRankings.userId, p1!.userId));
    // Written past the API: the database announces it, and the board this process keeps is dropped.
    const board = (await t.call('GET', `${L}?metric=codeforces_rating`)).body.data;
    expect(board.rows.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3, 3]);
    expect((await t.call('GET', `${L}?metric=codeforces_rating&page=2`)).body.data).toMatchObject({ rows: [], total: 4, page: 2 });

    // c_score is the shared rule's, from public accounts; hiding the account takes the figures away.
    const c = (await t.call('GET', `${L}?metric=c_score`, { token: people[3]!.token })).body.data;
    expect(c.me.value).toBe(cScore([{ platform: 'codeforces', rating: 948, solved: null, solvedByDifficulty: null }]));
    await t.call('PATCH', `${A}/codeforces`, { token: people[3]!.token, body: { public: false } });
    const after = (await t.call('GET', `${L}?metric=codeforces_rating`, { token: people[3]!.token })).body.data;
    expect(after.total).toBe(3);
    expect(after.me).toBeNull();
    await t.call('PATCH', `${A}/codeforces`, { token: people[3]!.token, body: { public: true } });
  });

  it('filters to a sheet’s creator, collaborators and followers; a private sheet is 404 for others', async () => {
    const sheet = await t.createSheet(people[0]!.token, 'Board Sheet');
    await t.call('PATCH', `/question-tracker/v2/sheet/mark-sheet-public/${sheet._id}`, { token: people[0]!.token });
    await t.call('PATCH', `/question-tracker/v2/sheet/public/follow-sheet/${sheet._id}`, { token: people[2]!.token });
    for (const key of [sheet.slug, sheet._id]) {
      const board = (await t.call('GET', `${L}?metric=codeforces_rating&sheet=${key}`, { token: people[1]!.token })).body.data;
      expect(board.rows.map((r: { profileName: string }) => r.profileName).sort()).toEqual([people[0]!.profileName, people[2]!.profileName].sort());
      expect(board.total).toBe(2);
      expect(board.me).toBeNull();
    }
    const secret = await t.createSheet(people[0]!.token, 'Secret Board');
    expect((await t.call('GET', `${L}?sheet=${secret.slug}`, { token: people[1]!.token })).status).toBe(404);
    expect((await t.call('GET', `${L}?sheet=${secret.slug}`, { token: people[0]!.token })).status).toBe(200);
    expect((await t.call('GET', `${L}?metric=nope`)).status).toBe(400);
  });

  it('takes the opt-in back', async () => {
    expect((await t.call('PUT', `${L}/opt-in`, { token: people[0]!.token, body: { optIn: false } })).body.data).toEqual({ optIn: false });
    expect((await t.call('GET', `${L}?metric=codeforces_rating`)).body.data.total).toBe(3);
    expect((await t.call('GET', A, { token: people[0]!.token })).body.data.leaderboardOptIn).toBe(false);
    expect((await t.call('PUT', `${L}/opt-in`, { body: { optIn: true } })).status).toBe(401);
  });
});
