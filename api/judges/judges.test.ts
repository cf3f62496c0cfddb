import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { platforms } from '../../shared/platforms/index';
import { atcoderJudge } from './atcoder';
import { codechefJudge } from './codechef';
import { codeforcesJudge } from './codeforces';
import { geeksforgeeksJudge } from './geeksforgeeks';
import { hackerrankJudge } from './hackerrank';
import { judgeById, judges, judgesWithoutAdapter, originEnvVar } from './index';
import { leetcodeJudge } from './leetcode';
import { problemSources } from './problem-sources';
import { solvesPlatforms } from './solves-readers';
import type { AccountRead, ContestRead, JudgeAnswer } from './types';

const fixture = (judge: string, name: string) => readFileSync(new URL(`../../tests/fixtures/judges/${judge}/${name}`, import.meta.url), 'utf8');
const ok = (body: string, status = 200): JudgeAnswer => ({ status, body });
const figures = (r: AccountRead) => {
  if (r.kind !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(r)}`);
  return r.figures;
};
const list = (r: ContestRead) => {
  if (r.kind !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(r)}`);
  return r.contests;
};

describe('judge registry', () => {
  it('lists every platform once, with a reader or a reason', () => {
    const ids = [...judges.map((j) => j.id), ...judgesWithoutAdapter.map((j) => j.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(platforms.map((p) => p.id).sort());
    for (const j of judgesWithoutAdapter) expect(j.reason.length).toBeGreaterThan(10);
    for (const id of ['codeforces', 'leetcode', 'atcoder', 'codechef']) expect(judgeById(id)?.contests, id).not.toBeNull();
  });

  it("registers the server readers and problem lists that the judges' facts files name", () => {
    const named = (reader: 'server' | 'problems' | 'solves') => platforms.filter((p) => p.readers[reader] === true).map((p) => p.id).sort();
    expect(judges.map((j) => j.id).sort()).toEqual(named('server'));
    expect(problemSources.map((s) => s.platform).sort()).toEqual(named('problems'));
    expect([...solvesPlatforms].sort()).toEqual(named('solves'));
    for (const j of judges) expect(j.minIntervalMs, j.id).toBe(platforms.find((p) => p.id === j.id)?.politeIntervalMs);
  });

  it('plans requests on the given origin only, with the handle escaped', () => {
    for (const j of judges) {
      expect(originEnvVar(j.id)).toBe(`${j.id.toUpperCase()}_ORIGIN`);
      expect(new URL(j.defaultOrigin).protocol).toBe('https:');
      const origin = `http://127.0.0.1:9/${j.id}`;
      const requests = [...j.account.plan('a.b_c-d', origin), ...(j.contests?.plan(origin) ?? [])];
      for (const r of requests) expect(r.url.startsWith(`${origin}/`), r.url).toBe(true);
      for (const r of j.account.plan('x/../y?z', origin)) expect(r.url).not.toContain('/../');
    }
  });
});

describe('Codeforces', () => {
  const answers = (info: string, rating: string, status = 200, submissions = 'user-status.json') => ({
    info: ok(fixture('codeforces', info), status),
    rating: ok(fixture('codeforces', rating)),
    status: ok(fixture('codeforces', submissions)),
  });
  it('reads rating, max rating, rank, the rating changes and the distinct accepted problems', () => {
    const f = figures(codeforcesJudge.account.parse(answers('user-info.json', 'user-rating.json'), 'tourist'));
    // Eight submissions: six problems accepted (one of them twice), and a wrong answer on one of them.
    expect(f).toMatchObject({ rating: 3757, maxRating: 4009, rank: 'legendary grandmaster', contests: 3, solved: 6 });
    expect(f.history[0]).toEqual({ contest: 'Codeforces Round 990 (Div. 1)', at: '2024-12-03T16:35:00.000Z', rating: 3798 });
  });
  it('counts a problem accepted in several submissions once, and knows no count from a broken submission list', () => {
    const twice = JSON.stringify({
      status: 'OK',
      result: [
        { id: 3, problem: { contestId: 1, index: 'A' }, verdict: 'OK' },
        { id: 2, problem: { contestId: 1, index: 'A' }, verdict: 'OK' },
        { id: 1, problem: { contestId: 1, index: 'B' }, verdict: 'WRONG_ANSWER' },
        { id: 0, problem: { contestId: 2, index: 'C1' }, verdict: 'OK' },
      ],
    });
    const base = answers('user-info.json', 'user-rating.json');
    expect(figures(codeforcesJudge.account.parse({ ...base, status: ok(twice) }, 'tourist')).solved).toBe(2);
    const broken = figures(codeforcesJudge.account.parse(answers('user-info.json', 'user-rating.json', 200, 'changed-shape.json'), 'tourist'));
    expect(broken).toMatchObject({ rating: 3757, solved: null });
  });
  it('reads an unrated user (no rating fields at all)', () => {
    const f = figures(codeforcesJudge.account.parse(answers('user-info-unrated.json', 'user-rating-empty.json'), 'newcomer_42'));
    expect(f).toMatchObject({ rating: null, maxRating: null, rank: null, contests: 0, history: [] });
  });
  it('tells an unknown handle from a changed shape', () => {
    expect(codeforcesJudge.account.parse(answers('not-found.json', 'not-found.json', 400), 'x')).toEqual({ kind: 'not-found' });
    expect(codeforcesJudge.account.parse(answers('changed-shape.json', 'user-rating.json'), 'x').kind).toBe('unreadable');
    expect(codeforcesJudge.account.parse(answers('call-limit.json', 'call-limit.json', 503), 'x').kind).toBe('unreadable');
    expect(codeforcesJudge.account.parse({ info: ok('<html>502</html>') }, 'x').kind).toBe('unreadable');
  });
  it('lists contests before and during their run, not finished ones', () => {
    const contests = list(codeforcesJudge.contests!.parse({ list: ok(fixture('codeforces', 'contest-list.json')) }));
    expect(contests.map((c) => c.code)).toEqual(['2180', '2178', '2177']);
    expect(contests[0]).toEqual({ code: '2180', name: 'Codeforces Round 1070 (Div. 2)', url: 'https://codeforces.com/contests/2180', startsAt: new Date(1764426900_000), durationSeconds: 7200 });
  });
  it('drops hostile entries and keeps hostile names as one line of text', () => {
    const contests = list(codeforcesJudge.contests!.parse({ list: ok(fixture('codeforces', 'contest-list-hostile.json')) }));
    expect(contests.map((c) => c.code)).toEqual(['9001']);
    expect(contests[0]!.name).toBe('<script>alert(1)</script> Round BEGIN:VEVENT');
    expect(codeforcesJudge.contests!.parse({ list: ok(fixture('codeforces', 'changed-shape.json')) }).kind).toBe('unreadable');
  });
});

describe('LeetCode', () => {
  it('reads solved counts by difficulty, contest rating, badge and attended contests only', () => {
    const f = figures(leetcodeJudge.account.parse({ profile: ok(fixture('leetcode', 'profile.json')) }, 'lee215'));
    expect(f).toMatchObject({ rating: 2746, maxRating: 2771, rank: 'Guardian', solved: 2712, contests: 3, solvedByDifficulty: { Easy: 712, Medium: 1418, Hard: 582 } });
    expect(f.history.map((h) => h.contest)).toEqual(['Weekly Contest 420', 'Weekly Contest 421', 'Weekly Contest 422']);
  });
  it('reads someone who never took a contest', () => {
    const f = figures(leetcodeJudge.account.parse({ profile: ok(fixture('leetcode', 'profile-no-contests.json')) }, 'q'));
    expect(f).toMatchObject({ rating: null, maxRating: null, solved: 57, contests: null, history: [] });
  });
  it('tells an unknown user from a changed shape, an error or a browser check', () => {
    expect(leetcodeJudge.account.parse({ profile: ok(fixture('leetcode', 'not-found.json')) }, 'x')).toEqual({ kind: 'not-found' });
    for (const name of ['changed-shape.json', 'graphql-error.json', 'rate-limit.html']) {
      expect(leetcodeJudge.account.parse({ profile: ok(fixture('leetcode', name)) }, 'x').kind, name).toBe('unreadable');
    }
  });
  it('reads upcoming contests from topTwoContests, and from the older allContests', () => {
    const now = list(leetcodeJudge.contests!.parse({ upcoming: ok(fixture('leetcode', 'top-two-contests.json')) }));
    expect(now.map((c) => c.url)).toEqual(['https://leetcode.com/contest/weekly-contest-478/', 'https://leetcode.com/contest/biweekly-contest-170/']);
    expect(now[0]).toMatchObject({ name: 'Weekly Contest 478', durationSeconds: 5400, startsAt: new Date(1764469800_000) });
    const older = list(leetcodeJudge.contests!.parse({ upcoming: ok(fixture('leetcode', 'all-contests-older.json')) }));
    expect(older.map((c) => c.code)).toEqual(['weekly-contest-478', 'weekly-contest-91']);
    expect(leetcodeJudge.contests!.parse({ upcoming: ok(fixture('leetcode', 'graphql-error.json')) }).kind).toBe('unreadable');
  });
  it('drops slugs that are not slugs and strips control characters', () => {
    const contests = list(leetcodeJudge.contests!.parse({ upcoming: ok(fixture('leetcode', 'contests-hostile.json')) }));
    expect(contests.map((c) => c.code)).toEqual(['weekly-contest-479']);
    expect(contests[0]!.name).toBe('Weekly Contest 479');
  });
});

describe('AtCoder', () => {
  it('reads rated contests: current, highest, colour and contests taken', () => {
    const f = figures(atcoderJudge.account.parse({ history: ok(fixture('atcoder', 'history.json')) }, 'x'));
    expect(f).toMatchObject({ rating: 1690, maxRating: 1733, rank: 'Blue', contests: 4, solved: null });
    expect(f.history).toHaveLength(3);
    expect(f.history[0]).toEqual({ contest: 'AtCoder Beginner Contest 380', at: '2024-11-16T13:40:00.000Z', rating: 1120 });
  });
  it('reads an empty history, a 404 and a changed shape', () => {
    expect(figures(atcoderJudge.account.parse({ history: ok('[]') }, 'x'))).toMatchObject({ rating: null, contests: 0 });
    expect(atcoderJudge.account.parse({ history: ok(fixture('atcoder', 'not-found.html'), 404) }, 'x')).toEqual({ kind: 'not-found' });
    expect(atcoderJudge.account.parse({ history: ok(fixture('atcoder', 'changed-shape.json')) }, 'x').kind).toBe('unreadable');
  });
  it('reads running and upcoming contests from the contest page, not recent ones', () => {
    const contests = list(atcoderJudge.contests!.parse({ list: ok(fixture('atcoder', 'contests.html')) }));
    expect(contests.map((c) => c.code)).toEqual(['ahc058', 'abc433', 'arc211']);
    expect(contests[0]).toMatchObject({ durationSeconds: 240 * 3600, startsAt: new Date('2025-11-20T10:00:00Z') });
    expect(contests[2]).toMatchObject({ name: 'AtCoder Regular Contest 211 (Div. 1) & Friends', durationSeconds: 7200, url: 'https://atcoder.jp/contests/arc211' });
  });
  it('keeps hostile names as text and drops broken rows; a changed page is unreadable', () => {
    const contests = list(atcoderJudge.contests!.parse({ list: ok(fixture('atcoder', 'contests-hostile.html')) }));
    expect(contests.map((c) => c.code)).toEqual(['abc433']);
    expect(contests[0]!.name).toBe('<script>alert(1)</script> Beginner');
    expect(atcoderJudge.contests!.parse({ list: ok(fixture('atcoder', 'contests-changed.html')) }).kind).toBe('unreadable');
  });
});

describe('CodeChef', () => {
  it('reads rating, highest rating, stars, solved and the embedded history', () => {
    const f = figures(codechefJudge.account.parse({ profile: ok(fixture('codechef', 'profile.html')) }, 'x'));
    expect(f).toMatchObject({ rating: 3548, maxRating: 3818, rank: '7★', solved: 483, contests: 4 });
    expect(f.history[0]).toEqual({ contest: 'Starters 150 (Div. 1)', at: '2024-09-04T16:30:00.000Z', rating: 3600 });
  });
  it('reads a provisional profile; a redirect is an unknown user; a browser check is unreadable', () => {
    expect(figures(codechefJudge.account.parse({ profile: ok(fixture('codechef', 'profile-unrated.html')) }, 'x'))).toMatchObject({ rating: null, solved: 12, contests: null });
    expect(codechefJudge.account.parse({ profile: { status: 302, body: '', location: '/' } }, 'x')).toEqual({ kind: 'not-found' });
    expect(codechefJudge.account.parse({ profile: ok(fixture('codechef', 'browser-check.html'), 200) }, 'x').kind).toBe('unreadable');
  });
  it('lists present and future contests, without the permanent practice round', () => {
    const contests = list(codechefJudge.contests!.parse({ list: ok(fixture('codechef', 'contests.json')) }));
    expect(contests).toEqual([
      { code: 'START214', name: 'Starters 214', url: 'https://www.codechef.com/START214', startsAt: new Date('2026-11-25T14:30:00Z'), durationSeconds: 7200 },
      { code: 'START215', name: 'Starters 215', url: 'https://www.codechef.com/START215', startsAt: new Date('2026-12-02T14:30:00Z'), durationSeconds: 7200 },
    ]);
  });
  it('reads the older answer without ISO dates (IST text), and refuses a changed one', () => {
    const contests = list(codechefJudge.contests!.parse({ list: ok(fixture('codechef', 'contests-older.json')) }));
    expect(contests.map((c) => [c.code, c.startsAt.toISOString()])).toEqual([['START215', '2026-12-02T14:30:00.000Z']]);
    expect(codechefJudge.contests!.parse({ list: ok(fixture('codechef', 'contests-changed.json')) }).kind).toBe('unreadable');
  });
});

describe('GeeksforGeeks', () => {
  it('counts solved problems by difficulty', () => {
    const f = figures(geeksforgeeksJudge.account.parse({ solved: ok(fixture('geeksforgeeks', 'solved.json')) }, 'x'));
    expect(f.solved).toBe(Object.values(f.solvedByDifficulty!).reduce((a, b) => a + b, 0));
    expect(f.solvedByDifficulty).toHaveProperty('Easy');
    expect(f.rating).toBeNull();
  });
  it('tells an invalid handle from a changed shape, and survives hostile keys', () => {
    expect(geeksforgeeksJudge.account.parse({ solved: ok(fixture('geeksforgeeks', 'not-found.json')) }, 'x')).toEqual({ kind: 'not-found' });
    expect(geeksforgeeksJudge.account.parse({ solved: ok(fixture('geeksforgeeks', 'changed-shape.json')) }, 'x').kind).toBe('unreadable');
    const f = figures(geeksforgeeksJudge.account.parse({ solved: ok(fixture('geeksforgeeks', 'hostile.json')) }, 'x'));
    expect(f.solvedByDifficulty).toEqual({ Hard: 2 });
    expect(f.solved).toBe(2);
    expect(Object.getPrototypeOf(f.solvedByDifficulty)).toBe(Object.prototype);
  });
});

describe('HackerRank', () => {
  const answers = (profile: string, badges: string, ratings: string, profileStatus = 200) => ({
    profile: ok(fixture('hackerrank', profile), profileStatus),
    badges: ok(fixture('hackerrank', badges)),
    ratings: ok(fixture('hackerrank', ratings)),
  });
  it('counts the badges’ solved challenges, names the best badge, and reads the Algorithms contest rating', () => {
    const f = figures(hackerrankJudge.account.parse(answers('profile.json', 'badges.json', 'rating-histories.json'), 'hr_example'));
    expect(f).toMatchObject({ solved: 212 + 61 + 24 + 30, solvedByDifficulty: null, rank: 'Problem Solving 5★', rating: 1602, maxRating: 1649, contests: 3 });
    expect(f.history).toEqual([
      { contest: 'Week of Code 36', at: '2018-02-26T16:00:00.000Z', rating: 1561 },
      { contest: 'HourRank 27', at: '2018-03-21T15:30:00.000Z', rating: 1649 },
      { contest: 'Week of Code 37', at: '2018-04-16T16:00:00.000Z', rating: 1602 },
    ]);
  });
  it('reads an older badge list and someone who never took a rated contest', () => {
    const f = figures(hackerrankJudge.account.parse(answers('profile.json', 'badges-older.json', 'rating-histories-empty.json'), 'x'));
    expect(f).toMatchObject({ solved: 27, rank: 'C++ 3★', rating: null, maxRating: null, contests: null, history: [] });
  });
  it('tells an unknown handle from a changed shape or a browser check', () => {
    expect(hackerrankJudge.account.parse(answers('not-found.json', 'not-found.json', 'not-found.json', 404), 'x')).toEqual({ kind: 'not-found' });
    expect(hackerrankJudge.account.parse({ profile: ok('{"model":null}') }, 'x')).toEqual({ kind: 'not-found' });
    expect(hackerrankJudge.account.parse(answers('changed-shape.json', 'badges.json', 'rating-histories.json'), 'x').kind).toBe('unreadable');
    expect(hackerrankJudge.account.parse(answers('profile.json', 'changed-shape.json', 'rating-histories.json'), 'x').kind).toBe('unreadable');
    expect(hackerrankJudge.account.parse(answers('profile.json', 'badges.json', 'changed-shape.json'), 'x').kind).toBe('unreadable');
    expect(hackerrankJudge.account.parse(answers('browser-check.html', 'browser-check.html', 'browser-check.html'), 'x').kind).toBe('unreadable');
    expect(hackerrankJudge.account.parse({ profile: ok(fixture('hackerrank', 'profile.json')), badges: ok('Service Unavailable', 503) }, 'x').kind).toBe('unreadable');
  });
  it('keeps hostile names as one line of text and drops implausible numbers', () => {
    const f = figures(hackerrankJudge.account.parse(answers('profile.json', 'hostile.json', 'rating-histories-hostile.json'), 'x'));
    expect(f.solved).toBe(7 + 2);
    expect(f.rank).toBe('<script>alert(1)</script> Problem Solving 4★');
    expect(f.history).toEqual([{ contest: '<img src=x onerror=alert(1)> Week of Code', at: '2019-01-07T16:00:00.000Z', rating: 1700 }]);
    expect(f).toMatchObject({ rating: 1700, maxRating: 1700, contests: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('plans the profile, the badges and the rating history', () => {
    expect(hackerrankJudge.account.plan('hr_example', 'https://www.hackerrank.com').map((r) => r.url)).toEqual([
      'https://www.hackerrank.com/rest/contests/master/hackers/hr_example/profile',
      'https://www.hackerrank.com/rest/hackers/hr_example/badges',
      'https://www.hackerrank.com/rest/hackers/hr_example/rating_histories_elo',
    ]);
  });
});
