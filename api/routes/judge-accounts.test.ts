import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeAccountResponseSchema, judgeAccountsResponseSchema, type LinkAccountBody } from '../../shared/schemas/judge-account';
import { leaderboardResponseSchema } from '../../shared/schemas/leaderboard';
import { cScore, type RankingMetric } from '../../shared/rules/ranking';
import { createJudgeTestApp } from '../../tests/support/judge-app';
import { judgeAccounts, userRankings } from '../db/schema';

const L = '/question-tracker/v1/leaderboard';
type T = Awaited<ReturnType<typeof createJudgeTestApp>>;

/** The calls these tests make, through a typed client over the judge app (fake judges, its own clock). */
function judgeCalls(j: T) {
  const api = j.api;
  const accounts = api['question-tracker'].v1.user.accounts;
  const board = api['question-tracker'].v1.leaderboard;
  const as = (token: string | undefined) => (token ? j.as(token) : undefined);
  return {
    api,
    link: (token: string | undefined, platform: string, json: LinkAccountBody) => j.reply(accounts[':platform'].$put({ param: { platform }, json }, as(token))),
    setPublic: (token: string, platform: string, visible: boolean) => j.reply(accounts[':platform'].$patch({ param: { platform }, json: { public: visible } }, as(token))),
    unlink: (token: string, platform: string) => j.reply(accounts[':platform'].$delete({ param: { platform } }, as(token))),
    refresh: (token: string, platform: string) => j.reply(accounts[':platform'].refresh.$post({ param: { platform } }, as(token))),
    list: (token?: string) => j.reply(accounts.$get({}, as(token))),
    board: (query: { metric?: RankingMetric; page?: string; sheet?: string }, token?: string) => j.reply(board.$get({ query }, as(token))),
    optIn: (token: string | undefined, optIn: boolean) => j.reply(board['opt-in'].$put({ json: { optIn } }, as(token))),
  };
}

describe('judge accounts', () => {
  let t: T;
  let c: ReturnType<typeof judgeCalls>;
  beforeAll(async () => {
    t = await createJudgeTestApp();
    c = judgeCalls(t);
  });
  afterAll(() => t.close());

  it('links a handle after checking it on the judge, and lists it', async () => {
    const me = await t.signup('Linker');
    const put = await c.link(me.token, 'codeforces', { handle: 'tourist' });
    expect(put.status).toBe(200);
    const { account } = judgeAccountResponseSchema.parse(put.body.data);
    expect(account).toMatchObject({ platform: 'codeforces', handle: 'tourist', rating: 3757, maxRating: 4009, rank: 'legendary grandmaster', status: 'ok', public: false, ageSeconds: 0, profileUrl: 'https://codeforces.com/profile/tourist', contests: 3, solved: 6 });
    expect(t.judge.requests.filter((r) => r.judge === 'codeforces').map((r) => r.path)).toEqual(['/codeforces/api/user.info', '/codeforces/api/user.rating', '/codeforces/api/user.status']);

    const list = await c.list(me.token);
    expect(list.status).toBe(200);
    const parsed = judgeAccountsResponseSchema.parse(list.body.data);
    expect(parsed.accounts.map((a) => [a.platform, a.handle])).toEqual([['codeforces', 'tourist']]);
    expect(parsed.leaderboardOptIn).toBe(false);
  });

  it('links a HackerRank handle: solved from its badges, its best badge, its contest rating', async () => {
    const me = await t.signup('Hacker');
    const put = await c.link(me.token, 'hackerrank', { handle: 'hr_example' });
    expect(put.status).toBe(200);
    const { account } = judgeAccountResponseSchema.parse(put.body.data);
    expect(account).toMatchObject({ platform: 'hackerrank', handle: 'hr_example', solved: 327, rank: 'Problem Solving 5★', rating: 1602, maxRating: 1649, contests: 3, status: 'ok', profileUrl: 'https://www.hackerrank.com/profile/hr_example' });
    expect(t.judge.requests.filter((r) => r.judge === 'hackerrank').map((r) => r.path)).toEqual([
      '/hackerrank/rest/contests/master/hackers/hr_example/profile',
      '/hackerrank/rest/hackers/hr_example/badges',
      '/hackerrank/rest/hackers/hr_example/rating_histories_elo',
    ]);
    expect((await c.link(me.token, 'hackerrank', { handle: 'broken_badges' })).status).toBe(502);
    expect((await c.link(me.token, 'hackerrank', { handle: 'down_there' })).status).toBe(503);
  });

  it('answers 404 "No such user on <Judge>" for an unknown handle, and stores nothing', async () => {
    const me = await t.signup('Typo');
    for (const [platform, judge] of [['codeforces', 'Codeforces'], ['leetcode', 'LeetCode'], ['atcoder', 'AtCoder'], ['codechef', 'CodeChef'], ['geeksforgeeks', 'GeeksforGeeks'], ['hackerrank', 'HackerRank']] as const) {
      const res = await c.link(me.token, platform, { handle: 'missing_person' });
      expect(res.status, platform).toBe(404);
      expect(res.body.status.message).toBe(`No such user on ${judge}`);
    }
    expect((await c.list(me.token)).body.data.accounts).toEqual([]);
  });

  it('refuses bad handles, unknown judges, a judge that is down or unreadable, and strangers', async () => {
    const me = await t.signup('Careful');
    expect((await c.link(me.token, 'codeforces', { handle: 'a b' })).status).toBe(400);
    expect((await c.link(me.token, 'codeforces', { handle: '../../x' })).status).toBe(400);
    expect((await c.link(me.token, 'interviewbit', { handle: 'someone' })).status).toBe(404);
    const down = await c.link(me.token, 'leetcode', { handle: 'down_badly' });
    expect(down.status).toBe(503);
    expect(down.body.status.error).toBe('JudgeUnavailable');
    expect((await c.link(me.token, 'leetcode', { handle: 'broken_shape' })).status).toBe(502);
    expect((await c.link(undefined, 'leetcode', { handle: 'lee215' })).status).toBe(401);
    expect((await c.list()).status).toBe(401);
  });

  it('replaces the handle on a judge, toggles public, deletes', async () => {
    const me = await t.signup('Switcher');
    await c.link(me.token, 'atcoder', { handle: 'first1', public: true });
    const again = await c.link(me.token, 'atcoder', { handle: 'second2' });
    expect(again.body.data.account).toMatchObject({ handle: 'second2', public: true, rating: 1690, maxRating: 1733, rank: 'Blue' });
    const hidden = await c.setPublic(me.token, 'atcoder', false);
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.account.public).toBe(false);
    expect((await c.setPublic(me.token, 'codechef', true)).status).toBe(404);
    expect((await c.unlink(me.token, 'atcoder')).status).toBe(200);
    expect((await c.unlink(me.token, 'atcoder')).status).toBe(404);
    expect((await c.list(me.token)).body.data.accounts).toEqual([]);
  });

  it('queues a refresh, limits it per user, and keeps old figures with their age when the judge is down or changed', async () => {
    const me = await t.signup('Refresher');
    await c.link(me.token, 'codechef', { handle: 'chef1' });
    const [row] = await t.db.select().from(judgeAccounts).where(eq(judgeAccounts.handle, 'chef1'));
    // Old figures, to see the refresh replace them.
    await t.db.update(judgeAccounts).set({ rating: 1000 }).where(eq(judgeAccounts.id, row!.id));

    const first = await c.refresh(me.token, 'codechef');
    expect(first.status).toBe(200);
    expect(t.jobs.waiting().filter((j) => j.name === 'refresh-account')).toEqual([{ name: 'refresh-account', data: { accountId: row!.id, platform: 'codechef' } }]);
    const soon = await c.refresh(me.token, 'codechef');
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(60_000);
    await t.jobs.drain();
    let acc = (await c.list(me.token)).body.data.accounts[0];
    expect(acc).toMatchObject({ rating: 3548, status: 'ok', ageSeconds: 0 });

    // The judge goes down: the job fails (and is retried), the figures stay, their age shows.
    t.judge.setDown('codechef', true);
    t.clock.advance(300_000);
    expect((await c.refresh(me.token, 'codechef')).status).toBe(200);
    const runs = await t.jobs.drain();
    expect(runs).toBe(6);
    acc = (await c.list(me.token)).body.data.accounts[0];
    expect(acc).toMatchObject({ rating: 3548, status: 'judge-down', ageSeconds: 300 });
    t.judge.setDown('codechef', false);

    // A changed page: could-not-read, old figures kept, not retried.
    await t.db.update(judgeAccounts).set({ handle: 'broken_page' }).where(eq(judgeAccounts.id, row!.id));
    t.clock.advance(600_000);
    await c.refresh(me.token, 'codechef');
    // Read once, not retried; then its accepted list, which cannot be read either.
    expect(await t.jobs.drain()).toBe(2);
    acc = (await c.list(me.token)).body.data.accounts[0];
    expect(acc).toMatchObject({ rating: 3548, status: 'could-not-read', ageSeconds: 900 });
    expect(acc!.statusDetail).toMatch(/CodeChef answered in a shape/);
  });
});

describe('background refreshes', () => {
  let t: T;
  let c: ReturnType<typeof judgeCalls>;
  beforeAll(async () => {
    t = await createJudgeTestApp();
    c = judgeCalls(t);
  });
  afterAll(() => t.close());

  it('queues every account older than ACCOUNT_REFRESH_HOURS once, and the jobs read them again', async () => {
    const a = await t.signup('Stale');
    const b = await t.signup('Fresh');
    await c.link(a.token, 'leetcode', { handle: 'lee215' });
    await c.link(a.token, 'geeksforgeeks', { handle: 'gfg_person' });
    t.clock.advance(23 * 3600_000);
    await c.link(b.token, 'leetcode', { handle: 'quiet1' });
    // The accepted lists linking queued.
    await t.jobs.drain();
    t.clock.advance(2 * 3600_000);
    await t.jobs.send('refresh-due-accounts', {});
    await t.jobs.send('refresh-due-accounts', {});
    const before = t.judge.requests.length;
    await t.jobs.drain();
    // Two stale accounts of a's, each read once (the second sweep finds them already queued), then
    // LeetCode's accepted list; b's is not a day old.
    expect(t.judge.requests.slice(before).map((r) => r.handle).sort()).toEqual(['gfg_person', 'lee215', 'lee215']);
    const accounts = (await c.list(a.token)).body.data.accounts;
    expect(accounts.map((x) => x.ageSeconds)).toEqual([0, 0]);
    expect(accounts.every((x) => (x.solved ?? 0) > 0)).toBe(true);
  });
});

describe('leaderboard', () => {
  let t: T;
  let c: ReturnType<typeof judgeCalls>;
  const people: { token: string; profileName: string }[] = [];
  beforeAll(async () => {
    t = await createJudgeTestApp();
    c = judgeCalls(t);
    // Codeforces ratings from the fake judge: 800 + (n * 37) % 2800 for handle userN.
    for (const n of [1, 2, 3, 4, 5]) {
      const p = await t.signup(`Ranked${n}`);
      people.push({ token: p.token, profileName: p.user.profileName });
      await c.link(p.token, 'codeforces', { handle: `user${n}`, public: true });
      if (n !== 5) await c.optIn(p.token, true);
    }
  });
  afterAll(() => t.close());

  it('ranks opted-in users only, highest first, with the viewer’s own row', async () => {
    const res = await c.board({ metric: 'codeforces_rating' }, people[0]!.token);
    expect(res.status).toBe(200);
    const board = leaderboardResponseSchema.parse(res.body.data);
    expect(board.rows.map((r) => r.value)).toEqual([948, 911, 874, 837]);
    expect(board.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(board.rows.map((r) => r.profileName)).toEqual([people[3]!, people[2]!, people[1]!, people[0]!].map((p) => p.profileName));
    expect(board.total).toBe(4);
    expect(board.me).toEqual({ rank: 4, profileName: people[0]!.profileName, value: 837 });
    expect(JSON.stringify(res.body)).not.toContain('@');
    // Not opted in: not on the board, no row of their own; anonymous: no row either.
    expect((await c.board({}, people[4]!.token)).body.data.me).toBeNull();
    expect((await c.board({})).body.data.me).toBeNull();
  });

  it('pages, shares ranks on ties, and counts only public accounts', async () => {
    // A tie: person 1 gets person 2's rating.
    const [p2] = await t.db.select().from(userRankings).innerJoin(judgeAccounts, eq(judgeAccounts.userId, userRankings.userId)).where(eq(judgeAccounts.handle, 'user2'));
    const [p1] = await t.db.select().from(judgeAccounts).where(eq(judgeAccounts.handle, 'user1'));
    await t.db.update(userRankings).set({ codeforcesRating: p2!.user_rankings.codeforcesRating }).where(eq(userRankings.userId, p1!.userId));
    // Written past the API: the database announces it, and the board this process keeps is dropped.
    const board = (await c.board({ metric: 'codeforces_rating' })).body.data;
    expect(board.rows.map((r) => r.rank)).toEqual([1, 2, 3, 3]);
    expect((await c.board({ metric: 'codeforces_rating', page: '2' })).body.data).toMatchObject({ rows: [], total: 4, page: 2 });

    // c_score is the shared rule's, from public accounts; hiding the account takes the figures away.
    const scored = (await c.board({ metric: 'c_score' }, people[3]!.token)).body.data;
    // Codeforces' solved count is its distinct accepted problems (the fake judge's six for every handle).
    expect(scored.me!.value).toBe(cScore([{ platform: 'codeforces', rating: 948, solved: 6, solvedByDifficulty: null }]));
    await c.setPublic(people[3]!.token, 'codeforces', false);
    const after = (await c.board({ metric: 'codeforces_rating' }, people[3]!.token)).body.data;
    expect(after.total).toBe(3);
    expect(after.me).toBeNull();
    await c.setPublic(people[3]!.token, 'codeforces', true);
  });

  it('filters to a sheet’s creator, collaborators and followers; a private sheet is 404 for others', async () => {
    const sheet = await t.createSheet(people[0]!.token, 'Board Sheet');
    const sheets = c.api['question-tracker'].v2.sheet;
    await t.reply(sheets['mark-sheet-public'][':id'].$patch({ param: { id: sheet._id } }, t.as(people[0]!.token)));
    await t.reply(sheets.public['follow-sheet'][':id'].$patch({ param: { id: sheet._id } }, t.as(people[2]!.token)));
    for (const key of [sheet.slug, sheet._id]) {
      const board = (await c.board({ metric: 'codeforces_rating', sheet: key }, people[1]!.token)).body.data;
      expect(board.rows.map((r) => r.profileName).sort()).toEqual([people[0]!.profileName, people[2]!.profileName].sort());
      expect(board.total).toBe(2);
      expect(board.me).toBeNull();
    }
    const secret = await t.createSheet(people[0]!.token, 'Secret Board');
    expect((await c.board({ sheet: secret.slug }, people[1]!.token)).status).toBe(404);
    expect((await c.board({ sheet: secret.slug }, people[0]!.token)).status).toBe(200);
    // A metric outside the declared ones, so sent raw.
    expect((await t.call('GET', `${L}?metric=nope`)).status).toBe(400);
  });

  it('takes the opt-in back', async () => {
    expect((await c.optIn(people[0]!.token, false)).body.data).toEqual({ optIn: false });
    expect((await c.board({ metric: 'codeforces_rating' })).body.data.total).toBe(3);
    expect((await c.list(people[0]!.token)).body.data.leaderboardOptIn).toBe(false);
    expect((await c.optIn(undefined, true)).status).toBe(401);
  });
});
