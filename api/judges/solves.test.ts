import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ATCODER_SUBMISSIONS_PAGE } from '../../shared/platforms/atcoder';
import { atcoderSolves } from './atcoder-solves';
import { codechefActivityTime, codechefSolves } from './codechef-solves';
import { leetcodeContestSlug, leetcodeSolves } from './leetcode-solves';
import { solvesPlatforms, solvesReaderFor } from './solves-readers';
import type { JudgeAnswer } from './types';

const saved = (judge: string, name: string) => readFileSync(new URL(`../../tests/fixtures/judges/${judge}/${name}`, import.meta.url), 'utf8');
const ok = (body: string): JudgeAnswer => ({ status: 200, body });
const NOW = new Date('2026-11-25T12:00:00Z');
const HTML_ERROR = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>';
const ORIGINS = { atcoder: 'http://judge/atcoder', 'atcoder-problems': 'http://judge/atcoder-problems', codechef: 'http://judge/codechef', leetcode: 'http://judge/leetcode' };
const iso = (d: Date | undefined) => d?.toISOString();

describe('the solves readers', () => {
  it('cover Codeforces first, then AtCoder, CodeChef and LeetCode', () => {
    expect(solvesPlatforms).toEqual(['codeforces', 'atcoder', 'codechef', 'leetcode']);
    for (const p of solvesPlatforms) expect(solvesReaderFor(p)?.platform).toBe(p);
  });

  it('plan requests on the given origins only, with the handle escaped', () => {
    const origins = { ...ORIGINS, codeforces: 'http://judge/codeforces' };
    for (const p of solvesPlatforms) {
      const reader = solvesReaderFor(p)!;
      for (const r of reader.plan('x/../y?z&w', origins)) {
        expect(Object.values(origins).some((o) => r.url.startsWith(`${o}/`)), r.url).toBe(true);
        expect(r.url).not.toContain('/../');
        expect(r.url).not.toContain('&w');
      }
    }
  });
});

describe('AtCoder accepted list and contests', () => {
  const answers = { history: ok(saved('atcoder', 'history.json')), submissions0: ok(saved('atcoder', 'submissions.json')) };

  it('asks the rating history of AtCoder and the submissions of AtCoder Problems, from the configured origins', () => {
    expect(atcoderSolves.plan('tour ist', ORIGINS).map((r) => r.url)).toEqual([
      'http://judge/atcoder/users/tour%20ist/history/json',
      'http://judge/atcoder-problems/atcoder-api/v3/user/submissions?user=tour%20ist&from_second=0',
    ]);
  });

  it('lists every contest of the history (rated or not) with its end, and each problem’s first accepted', () => {
    const read = atcoderSolves.parse(answers, NOW);
    if (read.kind !== 'ok') throw new Error(read.kind);
    expect(read.contests.map((c) => [c.contestId, c.name, iso(c.endedAt)])).toEqual([
      ['abc380', 'AtCoder Beginner Contest 380', '2024-11-16T13:40:00.000Z'],
      ['arc187', 'AtCoder Regular Contest 187', '2024-11-17T14:00:00.000Z'],
      ['abc381', 'AtCoder Beginner Contest 381', '2024-11-22T13:40:00.000Z'],
      ['abc382', 'AtCoder Beginner Contest 382', '2024-11-30T13:40:00.000Z'],
    ]);
    const by = new Map(read.solves.map((s) => [s.key, s]));
    expect([...by.keys()].sort()).toEqual(['abc300_a', 'abc380_a', 'abc380_b', 'abc380_c', 'abc381_a']);
    expect(by.get('abc380_a')).toMatchObject({ inContest: true });
    // B: wrong, then accepted before the end.
    expect(by.get('abc380_b')).toMatchObject({ inContest: true, solvedAt: new Date(1731759300_000) });
    // C: too slow in the contest, accepted the next day (twice: the first counts).
    expect(by.get('abc380_c')).toMatchObject({ inContest: false, solvedAt: new Date(1731850000_000) });
    // A contest not in the history: practice.
    expect(by.get('abc300_a')?.inContest).toBe(false);
  });

  it('reads older answers: Japanese names with the English beside them, numbers as strings, no execution time', () => {
    const read = atcoderSolves.parse({ history: ok(saved('atcoder', 'history-older.json')), submissions0: ok(saved('atcoder', 'submissions-older.json')) }, NOW);
    if (read.kind !== 'ok') throw new Error(read.kind);
    expect(read.contests.map((c) => [c.contestId, c.name])).toEqual([
      ['jsc2019-qual', 'Japanese Student Championship 2019 Qualification'],
      ['abc126', 'AtCoder Beginner Contest 126'],
    ]);
    expect(read.solves.map((s) => [s.key, s.inContest]).sort()).toEqual([
      ['abc126_a', true],
      ['abc126_b', true],
      ['jsc2019_qual_a', true],
    ]);
  });

  it('keeps nothing from hostile rows but the well-formed one', () => {
    const read = atcoderSolves.parse({ history: ok(saved('atcoder', 'history.json')), submissions0: ok(saved('atcoder', 'submissions-hostile.json')) }, NOW);
    if (read.kind !== 'ok') throw new Error(read.kind);
    expect(read.solves.map((s) => s.key)).toEqual(['abc380_e']);
  });

  it('tells an unknown user, a changed shape and an error page apart', () => {
    expect(atcoderSolves.parse({ ...answers, history: { status: 404, body: saved('atcoder', 'not-found.html') } }, NOW).kind).toBe('not-found');
    expect(atcoderSolves.parse({ ...answers, history: ok(saved('atcoder', 'changed-shape.json')) }, NOW).kind).toBe('unreadable');
    expect(atcoderSolves.parse({ ...answers, submissions0: ok(HTML_ERROR) }, NOW).kind).toBe('unreadable');
    expect(atcoderSolves.parse({ ...answers, submissions0: ok('{"submissions": []}') }, NOW).kind).toBe('unreadable');
    expect(atcoderSolves.parse({ history: answers.history }, NOW).kind).toBe('unreadable');
    // Someone who never competed nor submitted.
    expect(atcoderSolves.parse({ history: ok('[]'), submissions0: ok('[]') }, NOW)).toEqual({ kind: 'ok', solves: [], contests: [] });
  });

  it('pages on from the last second of a full page, reads every page, and stops', () => {
    const full = (from: number, same = false) =>
      JSON.stringify(Array.from({ length: ATCODER_SUBMISSIONS_PAGE }, (_, i) => ({ id: from + i, epoch_second: same ? from : from + i, problem_id: 'abc380_a', contest_id: 'abc380', result: i === 7 ? 'AC' : 'WA' })));
    expect(atcoderSolves.next!('u', ORIGINS, answers)).toBeNull();
    const first = { history: answers.history, submissions0: ok(full(1731700000)) };
    const second = atcoderSolves.next!('u', ORIGINS, first);
    expect(second).toMatchObject({ key: 'submissions1', url: 'http://judge/atcoder-problems/atcoder-api/v3/user/submissions?user=u&from_second=1731700499' });
    // A full page all of one second moves on by a second rather than asking it again.
    const stuck = { ...first, submissions1: ok(full(1731700499, true)) };
    expect(atcoderSolves.next!('u', ORIGINS, stuck)?.url).toContain('from_second=1731700500');
    const done = { ...stuck, submissions2: ok(saved('atcoder', 'submissions.json')) };
    expect(atcoderSolves.next!('u', ORIGINS, done)).toBeNull();
    const read = atcoderSolves.parse(done, NOW);
    if (read.kind !== 'ok') throw new Error(read.kind);
    expect(read.solves.find((s) => s.key === 'abc380_a')?.solvedAt).toEqual(new Date(1731700007_000));
  });

  it('reads only the newest page to ask for the next, so paging is linear', () => {
    let reads = 0;
    const counted = (body: string): JudgeAnswer => ({
      status: 200,
      get body() {
        reads++;
        return body;
      },
    });
    const page = (n: number) => JSON.stringify(Array.from({ length: ATCODER_SUBMISSIONS_PAGE }, (_, i) => ({ id: n * 1000 + i, epoch_second: 1731700000 + n * 1000 + i, problem_id: 'abc380_a', contest_id: 'abc380', result: 'WA' })));
    const paged: Record<string, JudgeAnswer> = { history: answers.history, submissions0: counted(page(0)) };
    for (let n = 1; n < 39; n++) {
      const next = atcoderSolves.next!('u', ORIGINS, paged);
      expect(next?.key).toBe(`submissions${n}`);
      expect(next?.url).toContain(`from_second=${1731700000 + (n - 1) * 1000 + ATCODER_SUBMISSIONS_PAGE - 1}`);
      paged[next!.key] = counted(page(n));
    }
    expect(reads).toBe(38);
    // The parse reads every page once.
    reads = 0;
    expect(atcoderSolves.parse(paged, NOW).kind).toBe('ok');
    expect(reads).toBe(39);
  });

  it('stops paging after 40 pages', () => {
    const full = ok(JSON.stringify(Array.from({ length: ATCODER_SUBMISSIONS_PAGE }, (_, i) => ({ id: i, epoch_second: 1731700000 + i, problem_id: 'abc380_a', contest_id: 'abc380', result: 'WA' }))));
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, n) => [`submissions${n}`, full]));
    expect(atcoderSolves.next!('u', ORIGINS, many)).toBeNull();
  });
});

describe('CodeChef accepted list and contests', () => {
  const answers = { profile: ok(saved('codechef', 'profile.html')), recent0: ok(saved('codechef', 'recent-0.json')), recent1: ok(saved('codechef', 'recent-1.json')) };

  it('reads activity times in India’s time, and relative ones from now', () => {
    expect(iso(codechefActivityTime('10:31 PM 05/01/24', NOW))).toBe('2024-01-05T17:01:00.000Z');
    expect(iso(codechefActivityTime('12:05 AM 01/03/24', NOW))).toBe('2024-02-29T18:35:00.000Z');
    expect(iso(codechefActivityTime('2 hours ago', NOW))).toBe('2026-11-25T10:00:00.000Z');
    expect(codechefActivityTime('10:31 PM 31/02/24', NOW)).toBeUndefined();
    expect(codechefActivityTime('yesterday', NOW)).toBeUndefined();
  });

  it('pages through recent activity up to max_page', () => {
    expect(codechefSolves.plan('gennady.korotkevich', ORIGINS).map((r) => r.url)).toEqual(['http://judge/codechef/users/gennady.korotkevich', 'http://judge/codechef/recent/user?page=0&user_handle=gennady.korotkevich']);
    expect(codechefSolves.next!('g', ORIGINS, { profile: answers.profile, recent0: answers.recent0 })?.url).toBe('http://judge/codechef/recent/user?page=1&user_handle=g');
    expect(codechefSolves.next!('g', ORIGINS, answers)?.url).toBe('http://judge/codechef/recent/user?page=2&user_handle=g');
    expect(codechefSolves.next!('g', ORIGINS, { ...answers, recent2: ok(saved('codechef', 'recent-empty.json')) })).toBeNull();
    expect(codechefSolves.next!('g', ORIGINS, { profile: answers.profile, recent0: ok(saved('codechef', 'browser-check.html')) })).toBeNull();
  });

  it('lists the rated contests with their ends, and each problem’s first accepted, in a contest when sent there before its end', () => {
    const read = codechefSolves.parse(answers, NOW);
    if (read.kind !== 'ok') throw new Error(read.kind);
    expect(read.contests.map((c) => [c.contestId, c.name, iso(c.endedAt)])).toEqual([
      ['START150A', 'Starters 150 (Div. 1)', '2024-09-04T16:30:00.000Z'],
      ['START155A', 'Starters 155 (Div. 1)', '2024-10-09T16:30:00.000Z'],
      ['START160A', 'Starters 160 (Div. 1)', '2024-11-13T16:30:00.000Z'],
      ['START165A', 'Starters 165 (Div. 1)', '2024-12-18T16:30:00.000Z'],
    ]);
    const by = new Map(read.solves.map((s) => [s.key, s]));
    expect(by.get('ADDSUB')).toMatchObject({ inContest: true, solvedAt: new Date('2024-12-18T15:42:00Z') });
    expect(by.get('SEQMEX')).toMatchObject({ inContest: false, solvedAt: new Date('2024-12-20T05:00:00Z') });
    // Sent to the contest's page half an hour after it ended: not in the contest.
    expect(by.get('GRIDPATH')).toMatchObject({ inContest: false });
    expect(by.get('FLOW001')).toMatchObject({ inContest: false, solvedAt: new Date('2026-11-25T10:00:00Z') });
  });

  it('reads an older page: double quotes, the time as text, an absolute link', () => {
    const read = codechefSolves.parse({ profile: answers.profile, recent0: ok(saved('codechef', 'recent-older.json')) }, NOW);
    if (read.kind !== 'ok') throw new Error(read.kind);
    expect(read.solves).toEqual([{ key: 'GRIDPATH', solvedAt: new Date('2024-11-13T17:32:00Z'), inContest: false }]);
  });

  it('keeps nothing of hostile rows, and says so when no row is readable', () => {
    const read = codechefSolves.parse({ profile: answers.profile, recent0: ok(saved('codechef', 'recent-hostile.json')) }, NOW);
    expect(read.kind).toBe('ok');
    if (read.kind === 'ok') expect(read.solves).toEqual([]);
    expect(codechefSolves.next!('g', ORIGINS, { recent0: ok(saved('codechef', 'recent-hostile.json')), recent1: ok(saved('codechef', 'recent-hostile.json')) })?.key).toBe('recent2');
  });

  it('tells an unknown handle, a browser check and an unrated profile apart', () => {
    expect(codechefSolves.parse({ ...answers, profile: { status: 302, body: '', location: '/' } }, NOW).kind).toBe('not-found');
    expect(codechefSolves.parse({ ...answers, profile: ok(saved('codechef', 'browser-check.html')) }, NOW).kind).toBe('unreadable');
    expect(codechefSolves.parse({ ...answers, recent0: ok(saved('codechef', 'browser-check.html')) }, NOW).kind).toBe('unreadable');
    const unrated = codechefSolves.parse({ ...answers, profile: ok(saved('codechef', 'profile-unrated.html')) }, NOW);
    expect(unrated.kind).toBe('ok');
    if (unrated.kind === 'ok') expect(unrated.contests).toEqual([]);
  });
});

describe('LeetCode accepted list and contests', () => {
  it('names contests by the slug their page and the ratings data set use', () => {
    expect(leetcodeContestSlug('Weekly Contest 420')).toBe('weekly-contest-420');
    expect(leetcodeContestSlug('Biweekly Contest 44')).toBe('biweekly-contest-44');
    expect(leetcodeContestSlug('🙂')).toBeUndefined();
  });

  it('asks one GraphQL query of the configured origin', () => {
    const [req] = leetcodeSolves.plan('lee215', ORIGINS);
    expect(req).toMatchObject({ url: 'http://judge/leetcode/graphql/', method: 'POST' });
    expect(JSON.parse(req!.body!)).toMatchObject({ variables: { username: 'lee215', limit: 20 } });
  });

  it('lists the contests attended, ending 90 minutes after their start, and each recent accepted’s first time', () => {
    const read = leetcodeSolves.parse({ upsolve: ok(saved('leetcode', 'upsolve.json')) }, NOW);
    if (read.kind !== 'ok') throw new Error(read.kind);
    expect(read.contests.map((c) => [c.contestId, c.name, iso(c.endedAt)])).toEqual([
      ['weekly-contest-300', 'Weekly Contest 300', '2022-07-03T04:00:00.000Z'],
      ['biweekly-contest-44', 'Biweekly Contest 44', '2021-01-23T16:00:00.000Z'],
    ]);
    expect(read.solves).toEqual([
      { key: 'number-of-ways-to-reconstruct-a-tree', solvedAt: new Date(1700000000_000), inContest: false },
      { key: 'decode-the-message', solvedAt: new Date(1656815900_000), inContest: false },
    ]);
  });

  it('reads someone who never took a contest, keeps nothing of hostile entries, and tells an unknown user', () => {
    expect(leetcodeSolves.parse({ upsolve: ok(saved('leetcode', 'upsolve-no-contests.json')) }, NOW)).toEqual({ kind: 'ok', solves: [], contests: [] });
    const hostile = leetcodeSolves.parse({ upsolve: ok(saved('leetcode', 'upsolve-hostile.json')) }, NOW);
    if (hostile.kind !== 'ok') throw new Error(hostile.kind);
    expect(hostile.solves).toEqual([]);
    expect(hostile.contests.map((c) => c.contestId)).toEqual([]);
    expect(leetcodeSolves.parse({ upsolve: ok(saved('leetcode', 'not-found.json')) }, NOW).kind).toBe('not-found');
    expect(leetcodeSolves.parse({ upsolve: ok(saved('leetcode', 'changed-shape.json')) }, NOW).kind).toBe('unreadable');
    expect(leetcodeSolves.parse({ upsolve: ok(saved('leetcode', 'rate-limit.html')) }, NOW).kind).toBe('unreadable');
  });
});
