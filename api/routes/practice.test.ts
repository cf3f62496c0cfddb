import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_MESSAGES } from '../../shared/rules/practice';
import { nextResponseSchema, recommendationsResponseSchema, upsolveResponseSchema } from '../../shared/schemas/practice';
import { createJudgeTestApp } from '../../tests/support/judge-app';
import { editor } from '../testing-sheets';

type T = Awaited<ReturnType<typeof createJudgeTestApp>>;
const cf = (key: string) => {
  const [, contest, index] = /^(\d+)(\w+)$/.exec(key)!;
  return `https://codeforces.com/problemset/problem/${contest}/${index}`;
};

describe('practice', () => {
  let t: T;
  const U = () => t.api['question-tracker'].v1.user;
  const recs = async (token: string | undefined, query: { platform: string; band?: string; limit?: string }) => {
    const res = await t.call('GET', `/question-tracker/v1/user/recommendations?${new URLSearchParams(query).toString()}`, { token });
    return { status: res.status, message: (res.body as { status?: { message?: string } } | null)?.status?.message, data: res.status === 200 ? recommendationsResponseSchema.parse(res.body.data) : null };
  };
  const sync = (token: string, platform: string, submissions: { problemUrl: string; solvedAt: string }[]) => t.reply(U().sync.import.$post({ json: { platform, submissions } }, t.as(token)));
  const dismiss = (token: string, key: string) => t.reply(U().practice.dismissals.$post({ json: { platform: 'codeforces', key } }, t.as(token)));
  const undo = (token: string, key: string) => t.reply(U().practice.dismissals[':platform'][':key'].$delete({ param: { platform: 'codeforces', key } }, t.as(token)));

  beforeAll(async () => {
    t = await createJudgeTestApp();
    await t.jobs.send('refresh-problem-ratings', {});
    await t.jobs.drain();
  });
  afterAll(() => t.close());

  it('refuses an unknown judge, band or limit, and anyone signed out', async () => {
    const me = await t.signup('Picky');
    expect(await recs(me.token, { platform: 'hackerrank' })).toMatchObject({ status: 400, message: PRACTICE_MESSAGES.unknownPlatform });
    expect(await recs(me.token, { platform: 'nowhere', band: 'easy' })).toMatchObject({ status: 400, message: PRACTICE_MESSAGES.unknownPlatform });
    expect(await recs(me.token, { platform: 'codeforces', band: 'extreme' })).toMatchObject({ status: 400, message: PRACTICE_MESSAGES.unknownBand });
    expect((await recs(me.token, { platform: 'codeforces', limit: '51' })).status).toBe(400);
    expect((await recs(me.token, { platform: 'codeforces', limit: '0' })).status).toBe(400);
    expect((await recs(undefined, { platform: 'codeforces' })).status).toBe(401);
    expect((await t.call('GET', '/question-tracker/v1/user/upsolve')).status).toBe(401);
    expect((await t.call('GET', '/question-tracker/v1/user/next')).status).toBe(401);
    expect((await t.reply(U().practice.dismissals.$post({ json: { platform: 'codeforces', key: 'nope' } }, t.as(me.token)))).status).toBe(404);
  });

  it('says why there is no recommendation with fewer than 10 rated solves', async () => {
    const me = await t.signup('Newcomer');
    await sync(me.token, 'codeforces', ['1900A', '1900B', '1901A'].map((k) => ({ problemUrl: cf(k), solvedAt: '2026-01-01T00:00:00Z' })));
    const { status, data } = await recs(me.token, { platform: 'codeforces' });
    expect(status).toBe(200);
    expect(data).toEqual({ platform: 'codeforces', rating: null, ratingSource: null, ratedSolves: 3, note: PRACTICE_MESSAGES.tooFewSolves(3, 'Codeforces'), items: [] });
  });

  it('estimates a rating from synced solves and recommends around the band’s middle, never what was solved, suspended or dismissed', async () => {
    const me = await t.signup('Estimator');
    const solved = ['1900A', '1900B', '1901A', '1901B', '1902A', '1902B', '1903A', '1903B', '1904A', '1904B', '1905A', '1905B'];
    expect((await sync(me.token, 'codeforces', solved.map((k) => ({ problemUrl: cf(k), solvedAt: '2026-01-01T00:00:00Z' })))).status).toBe(200);

    const first = (await recs(me.token, { platform: 'codeforces', band: 'moderate' })).data!;
    // The 80th percentile of 800…1300 by twos is 1200.
    expect(first).toMatchObject({ rating: 1200, ratingSource: 'estimated', ratedSolves: 12, note: 'estimated from 12 solved problems' });
    const keys = first.items.map((i) => i.key);
    // 1100 sits nearest p = 0.65, then 1000 (p ≈ 0.76), then 1200 (p = 0.5); 1300 and below 960 are other bands.
    expect(keys.slice(0, 2).sort()).toEqual(['1791E', '1791G1']);
    expect(keys.slice(2)).toEqual(['1791D', '2053B']);
    for (const i of first.items) {
      expect(i.band).toBe('moderate');
      expect(i.solveProbability).toBeGreaterThanOrEqual(0.5);
      expect(i.solveProbability).toBeLessThan(0.8);
      expect(solved).not.toContain(i.key);
    }
    expect(first.items.find((i) => i.key === '1791D')).toMatchObject({ url: cf('1791D'), difficulty: 1000, questionId: null });

    // Dismissed: gone until undone.
    expect((await dismiss(me.token, '1791D')).status).toBe(200);
    expect((await recs(me.token, { platform: 'codeforces', band: 'moderate' })).data!.items.map((i) => i.key)).not.toContain('1791D');
    expect((await undo(me.token, '1791D')).status).toBe(200);
    expect((await recs(me.token, { platform: 'codeforces', band: 'moderate' })).data!.items.map((i) => i.key)).toContain('1791D');

    // Suspended in review: starred into the workspace (not solved), then suspended.
    const added = await t.reply(U().question['solve-question'].$post({ json: { custom: { name: 'Ice Skating', problemUrl: cf('2053B') }, starred: true } }, t.as(me.token)));
    expect(added.status).toBe(201);
    const questionId = added.body.data.question.question._id;
    const listed = (await recs(me.token, { platform: 'codeforces', band: 'moderate' })).data!.items.find((i) => i.key === '2053B');
    expect(listed?.questionId).toBe(questionId);
    expect((await t.reply(U().review.suspend[':questionId'].$post({ param: { questionId } }, t.as(me.token)))).status).toBe(200);
    expect((await recs(me.token, { platform: 'codeforces', band: 'moderate' })).data!.items.map((i) => i.key)).not.toContain('2053B');

    const hard = (await recs(me.token, { platform: 'codeforces', band: 'hard', limit: '1' })).data!;
    expect(hard.items).toHaveLength(1);
    expect(hard.items[0]).toMatchObject({ difficulty: 1400, band: 'hard' });
  });

  it('takes the linked account’s rating and leaves out the judge’s accepted list', async () => {
    const me = await t.signup('Linked');
    expect((await t.reply(U().accounts[':platform'].$put({ param: { platform: 'codeforces' }, json: { handle: 'user10' } }, t.as(me.token)))).status).toBe(200);
    await t.jobs.drain();
    const easy = (await recs(me.token, { platform: 'codeforces', band: 'easy' })).data!;
    // user10 is rated 1170 on the fake judge; 1791A, 2053A and 2062A (all 800) are in its accepted list.
    expect(easy).toMatchObject({ rating: 1170, ratingSource: 'account', note: null });
    // The 800s tie on p: those with a topic never solved (two pointers, graphs) come before those whose
    // least-solved topic was solved once (geometry, strings); then the 900s.
    expect(easy.items.map((i) => i.key)).toEqual(['1791C', '1900A', '1791B', '1900B', '1901A', '1901B']);

    const up = await t.reply(U().upsolve.$get({}, t.as(me.token)));
    expect(up.status).toBe(200);
    const { contests, platforms } = upsolveResponseSchema.parse(up.body.data);
    expect(platforms).toEqual(['codeforces', 'atcoder', 'codechef', 'leetcode']);
    expect(contests.map((c) => c.contestId)).toEqual(['2062', '2053', '2041']);
    const [c2062, c2053, c2041] = contests;
    expect(c2062!.problems.map((p) => [p.index, p.status])).toEqual([
      ['A', 'solved'],
      ['B', 'upsolved'],
      ['C', 'unsolved'],
    ]);
    // B was wrong during the contest and accepted two days after it ended.
    const b = c2062!.problems[1]!;
    expect(Date.parse(b.solvedAt!) - Date.parse(c2062!.endedAt)).toBeGreaterThan(86_400_000);
    expect(c2062!.done).toBe(false);
    expect(c2053).toMatchObject({ done: true });
    expect(c2041!.problems.every((p) => p.status === 'unsolved')).toBe(true);

    // A tick in the tracker counts against the contest's end: after it an upsolve, before it a solve.
    const end = Date.parse(c2062!.endedAt);
    await sync(me.token, 'codeforces', [
      { problemUrl: cf('2062C'), solvedAt: new Date(end + 3_600_000).toISOString() },
      { problemUrl: cf('2041B'), solvedAt: new Date(Date.parse(c2041!.endedAt) - 60_000).toISOString() },
    ]);
    const again = upsolveResponseSchema.parse((await t.reply(U().upsolve.$get({}, t.as(me.token)))).body.data).contests;
    expect(again[0]!.problems.map((p) => p.status)).toEqual(['solved', 'upsolved', 'upsolved']);
    expect(again[0]!.done).toBe(true);
    expect(again[2]!.problems.find((p) => p.index === 'B')?.status).toBe('solved');
  });

  it('lists an AtCoder account’s contests with each problem classified against the contest’s end', async () => {
    const me = await t.signup('AtCoderUpsolver');
    expect((await t.reply(U().accounts[':platform'].$put({ param: { platform: 'atcoder' }, json: { handle: 'tourist' } }, t.as(me.token)))).status).toBe(200);
    await t.jobs.drain();
    expect(t.judge.requests.some((r) => r.judge === 'atcoder-problems' && r.path.endsWith('/atcoder-api/v3/user/submissions') && r.handle === 'tourist')).toBe(true);

    const list = async () => upsolveResponseSchema.parse((await t.reply(U().upsolve.$get({}, t.as(me.token)))).body.data).contests;
    const contests = await list();
    // The rating history's contests, rated or not, newest first.
    expect(contests.map((c) => [c.platform, c.contestId, c.name])).toEqual([
      ['atcoder', 'abc382', 'AtCoder Beginner Contest 382'],
      ['atcoder', 'abc381', 'AtCoder Beginner Contest 381'],
      ['atcoder', 'arc187', 'AtCoder Regular Contest 187'],
      ['atcoder', 'abc380', 'AtCoder Beginner Contest 380'],
    ]);
    const abc380 = contests[3]!;
    expect(abc380.endedAt).toBe('2024-11-16T13:40:00.000Z');
    // A in the contest; B wrong, then accepted before the end; C too slow in the contest and accepted the
    // next day; D wrong only; E to G never tried.
    expect(abc380.problems.map((p) => [p.index, p.status])).toEqual([
      ['A', 'solved'],
      ['B', 'solved'],
      ['C', 'upsolved'],
      ['D', 'unsolved'],
      ['E', 'unsolved'],
      ['F', 'unsolved'],
      ['G', 'unsolved'],
    ]);
    expect(abc380.problems[2]).toMatchObject({ name: 'Move Segments', url: 'https://atcoder.jp/contests/abc380/tasks/abc380_c', solvedAt: new Date(1731850000_000).toISOString() });
    expect(abc380.problems[0]!.difficulty).toBe(9);
    expect(abc380.done).toBe(false);

    // A tick in the tracker after the end is an upsolve too.
    const at = (task: string) => `https://atcoder.jp/contests/abc380/tasks/${task}`;
    await sync(me.token, 'atcoder', ['abc380_d', 'abc380_e', 'abc380_f', 'abc380_g'].map((task) => ({ problemUrl: at(task), solvedAt: '2024-11-20T10:00:00Z' })));
    const after = (await list()).find((c) => c.contestId === 'abc380')!;
    expect(after.problems.map((p) => p.status)).toEqual(['solved', 'solved', 'upsolved', 'upsolved', 'upsolved', 'upsolved', 'upsolved']);
    expect(after.done).toBe(true);
  });

  it('lists LeetCode and CodeChef contests too, reading CodeChef’s activity page by page', async () => {
    const me = await t.signup('EveryJudge');
    for (const [platform, handle] of [['leetcode', 'lee215'], ['codechef', 'chef2']] as const) {
      expect((await t.reply(U().accounts[':platform'].$put({ param: { platform }, json: { handle } }, t.as(me.token)))).status).toBe(200);
    }
    await t.jobs.drain();
    expect(t.judge.requests.filter((r) => r.path === '/codechef/recent/user' && r.handle === 'chef2')).toHaveLength(3);

    const { contests } = upsolveResponseSchema.parse((await t.reply(U().upsolve.$get({}, t.as(me.token)))).body.data);
    expect(contests.map((c) => [c.platform, c.contestId])).toEqual([
      ['codechef', 'START165A'],
      ['codechef', 'START160A'],
      ['codechef', 'START155A'],
      ['codechef', 'START150A'],
      ['leetcode', 'weekly-contest-300'],
      ['leetcode', 'biweekly-contest-44'],
    ]);
    // Decode the Message accepted eight minutes into Weekly Contest 300; the tree problem long after Biweekly 44.
    expect(contests[4]!.problems.map((p) => [p.index, p.name, p.status])).toEqual([['Q1', 'Decode the Message', 'solved']]);
    expect(contests[5]!.problems.map((p) => [p.index, p.status, p.solvedAt])).toEqual([['Q4', 'upsolved', new Date(1700000000_000).toISOString()]]);
    expect(contests[5]!.done).toBe(true);
  });

  it('names the next unsolved questions of one’s sheets, weak topics first', async () => {
    const me = await t.signup('Interviewee');
    const sheet = await t.createSheet(me.token);
    const edit = editor(t, me.token, sheet._id);
    for (const topic of ['Arrays', 'Graphs']) expect((await edit.addTopic({ topic })).status).toBe(201);
    const lc = (slug: string) => `https://leetcode.com/problems/${slug}/`;
    const arrays = ['two-sum', 'contains-duplicate', 'product-of-array-except-self'];
    const graphs = ['number-of-islands', 'clone-graph'];
    expect((await edit.addQuestions({ data: [...arrays.map((s) => ({ topic: 'Arrays', problemUrl: lc(s) })), ...graphs.map((s) => ({ topic: 'Graphs', problemUrl: lc(s) }))] })).status).toBe(201);
    await sync(me.token, 'leetcode', arrays.slice(0, 2).map((s) => ({ problemUrl: lc(s), solvedAt: '2026-01-01T00:00:00Z' })));

    const res = await t.reply(U().next.$get({ query: { limit: '10' } }, t.as(me.token)));
    expect(res.status).toBe(200);
    const { items } = nextResponseSchema.parse(res.body.data);
    expect(items.map((i) => [i.url, i.topic])).toEqual([
      [lc('number-of-islands'), 'Graphs'],
      [lc('product-of-array-except-self'), 'Arrays'],
      [lc('clone-graph'), 'Graphs'],
    ]);
    expect(items[0]).toMatchObject({ sheet: { id: sheet._id }, topicSolvedShare: 0 });
    expect((await t.reply(U().next.$get({ query: { limit: '1' } }, t.as(me.token)))).body.data.items).toHaveLength(1);
  });
});
