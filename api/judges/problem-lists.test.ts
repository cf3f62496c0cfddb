import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { atcoderProblems, clipDifficulty } from './atcoder-problems';
import { codechefProblems } from './codechef-problems';
import { codeforcesProblems } from './codeforces-problems';
import { codeforcesSolves } from './codeforces-solves';
import { estimateLeetcodeDifficulty, leetcodeProblems } from './leetcode-problems';
import type { JudgeAnswer } from './types';

const saved = (judge: string, name: string) => readFileSync(new URL(`../../tests/fixtures/judges/${judge}/${name}`, import.meta.url), 'utf8');
const ok = (body: string): JudgeAnswer => ({ status: 200, body });
const NOW = new Date('2026-11-25T12:00:00Z');
const HTML_ERROR = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>';

describe('Codeforces problem list', () => {
  it('reads rating, tags, contest and index, keyed as the catalogue keys them', () => {
    const read = codeforcesProblems.parse({ problems: ok(saved('codeforces', 'problemset.json')) });
    if (read.kind !== 'ok') throw new Error(read.reason);
    const g2 = read.problems.find((p) => p.key === '1791G2');
    expect(g2).toEqual({ key: '1791G2', url: 'https://codeforces.com/problemset/problem/1791/G2', name: 'Teleporters (Hard Version)', difficulty: 1900, estimated: false, topics: ['binary search', 'greedy', 'sortings'], contestId: '1791', index: 'G2' });
    // A problem of a contest not yet rated is listed without a difficulty; *special is no topic.
    expect(read.problems.find((p) => p.key === '2041A')?.difficulty).toBeNull();
    expect(read.problems.find((p) => p.key === '1900C')?.topics).toEqual([]);
  });
  it('refuses a changed shape and a page that is no JSON', () => {
    expect(codeforcesProblems.parse({ problems: ok(saved('codeforces', 'problemset-changed.json')) }).kind).toBe('unreadable');
    expect(codeforcesProblems.parse({ problems: ok(HTML_ERROR) }).kind).toBe('unreadable');
    expect(codeforcesProblems.parse({}).kind).toBe('unreadable');
  });
  it('asks the configured origin', () => {
    expect(codeforcesProblems.plan({ codeforces: 'http://127.0.0.1:9/cf' })[0]?.url).toBe('http://127.0.0.1:9/cf/api/problemset.problems');
  });
});

describe('AtCoder difficulties (AtCoder Problems)', () => {
  it.each([
    [400, 400],
    [1943, 1943],
    [399, 399],
    [0, 147],
    [-1102, 9],
  ])('clips %i to %i below 400, as AtCoder Problems shows it', (raw, shown) => {
    expect(clipDifficulty(raw)).toBe(shown);
  });
  it('joins the problem list to the models; an unfitted problem has no difficulty; experimental ones are estimates', () => {
    const read = atcoderProblems.parse({ problems: ok(saved('atcoder', 'problems.json')), models: ok(saved('atcoder', 'problem-models.json')) });
    if (read.kind !== 'ok') throw new Error(read.reason);
    expect(read.problems.find((p) => p.key === 'abc380_d')).toEqual({ key: 'abc380_d', url: 'https://atcoder.jp/contests/abc380/tasks/abc380_d', name: 'Strange Mirroring', difficulty: 1105, estimated: false, topics: [], contestId: 'abc380', index: 'D' });
    expect(read.problems.find((p) => p.key === 'abc380_a')?.difficulty).toBe(clipDifficulty(-1102));
    expect(read.problems.find((p) => p.key === 'abc380_g')?.estimated).toBe(true);
    expect(read.problems.find((p) => p.key === 'arc001_1')?.difficulty).toBeNull();
  });
  it('refuses a broken answer', () => {
    expect(atcoderProblems.parse({ problems: ok(HTML_ERROR), models: ok(saved('atcoder', 'problem-models.json')) }).kind).toBe('unreadable');
    expect(atcoderProblems.parse({ problems: ok(saved('atcoder', 'problems.json')), models: ok('[]') }).kind).toBe('unreadable');
  });
});

describe('LeetCode difficulties', () => {
  it('takes the data set rating where there is one and marks the rest as estimates', () => {
    const read = leetcodeProblems.parse({ problems: ok(saved('leetcode', 'problems-all.json')), ratings: ok(saved('leetcode', 'ratings.json')) });
    if (read.kind !== 'ok') throw new Error(read.reason);
    expect(read.problems.find((p) => p.key === 'decode-the-message')).toMatchObject({ difficulty: 1268, estimated: false, contestId: 'weekly-contest-300', index: 'Q1', url: 'https://leetcode.com/problems/decode-the-message/' });
    const lru = read.problems.find((p) => p.key === 'lru-cache');
    expect(lru).toMatchObject({ estimated: true, difficulty: estimateLeetcodeDifficulty(2, 2100000 / 4800000) });
  });
  it('estimates every problem when the data set is unreadable, and refuses a list it cannot read', () => {
    const read = leetcodeProblems.parse({ problems: ok(saved('leetcode', 'problems-all.json')), ratings: ok(HTML_ERROR) });
    expect(read.kind === 'ok' && read.problems.every((p) => p.estimated)).toBe(true);
    expect(leetcodeProblems.parse({ problems: ok(saved('leetcode', 'changed-shape.json')) }).kind).toBe('unreadable');
  });
  it.each([
    [1, 0.5, 1250],
    [2, 0.25, 1750],
    [3, 0.75, 2050],
    [2, 1.5, null],
    [4, 0.5, null],
  ])('level %i at acceptance %f is about %s', (level, acceptance, d) => {
    expect(estimateLeetcodeDifficulty(level, acceptance)).toBe(d);
  });
});

describe('CodeChef difficulties', () => {
  it('reads the rated practice list page by page', () => {
    const empty = ok(saved('codechef', 'problems-page-empty.json'));
    const read = codechefProblems.parse({ page0: ok(saved('codechef', 'problems.json')), page1: empty });
    if (read.kind !== 'ok') throw new Error(read.reason);
    expect(read.problems.map((p) => [p.key, p.difficulty])).toEqual([
      ['FLOW001', 195],
      ['WEIRD_GAME', 1620],
      ['MAXDIFF', 1134],
    ]);
  });
  it('keeps each problem’s contest code, from contest_code where intended_contest_id is numeric', () => {
    const contests = (name: string) => {
      const read = codechefProblems.parse({ page0: ok(saved('codechef', name)) });
      if (read.kind !== 'ok') throw new Error(read.reason);
      return read.problems.map((p) => [p.key, p.contestId]);
    };
    expect(contests('problems.json')).toEqual([
      ['FLOW001', 'FLOW'],
      ['WEIRD_GAME', 'START100A'],
      ['MAXDIFF', 'LTIME01'],
    ]);
    expect(contests('problems-numeric-contest.json')).toEqual([
      ['FLOW001', 'FLOW'],
      ['WEIRD_GAME', 'START100A'],
      ['MAXDIFF', null],
    ]);
  });
  it('refuses a browser check page and a list short of its count', () => {
    expect(codechefProblems.parse({ page0: ok(saved('codechef', 'browser-check.html')) }).kind).toBe('unreadable');
    const short = JSON.stringify({ ...(JSON.parse(saved('codechef', 'problems.json')) as object), count: 40 });
    expect(codechefProblems.parse({ page0: ok(short) }).kind).toBe('unreadable');
  });
});

describe('Codeforces accepted list', () => {
  const answers = { status: ok(saved('codeforces', 'user-status.json')), rating: ok(saved('codeforces', 'user-rating.json')), contests: ok(saved('codeforces', 'contest-list.json')) };
  it('keeps each problem’s first accepted and whether it came in the contest; lists the contests taken part in', () => {
    const read = codeforcesSolves.parse(answers, NOW);
    if (read.kind !== 'ok') throw new Error(read.kind);
    const by = new Map(read.solves.map((s) => [s.key, s]));
    expect(by.get('1791A')?.solvedAt.toISOString()).toBe(new Date(1680000000_000).toISOString());
    expect(by.get('2062A')?.inContest).toBe(true);
    expect(by.get('2062B')?.inContest).toBe(false);
    expect(by.has('2062C')).toBe(false);
    expect(read.contests.map((c) => c.contestId).sort()).toEqual(['2041', '2053', '2062']);
    expect(read.contests.find((c) => c.contestId === '2062')?.endedAt.toISOString()).toBe(new Date((1737804900 + 10800) * 1000).toISOString());
  });
  it('tells an unknown handle from a broken answer', () => {
    expect(codeforcesSolves.parse({ ...answers, status: { status: 400, body: saved('codeforces', 'not-found.json') } }, NOW).kind).toBe('not-found');
    expect(codeforcesSolves.parse({ ...answers, status: ok(HTML_ERROR) }, NOW).kind).toBe('unreadable');
    expect(codeforcesSolves.parse({ ...answers, contests: ok(saved('codeforces', 'changed-shape.json')) }, NOW).kind).toBe('unreadable');
  });
});
