import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { pathSegments, patternsFor, slugOf } from './url';

const COLOR = '#222222';
const HOSTS = ['atcoder.jp', 'www.atcoder.jp'];
/** Pages under a task that still show that task. */
const TABS = new Set(['editorial', 'editorials']);

/**
 * The contest a task belongs to, from the task id: the text before the last underscore, with
 * underscores turned back into hyphens (task `code_festival_2017_quala_a` lives in contest
 * `code-festival-2017-quala`; `abc300_a` in `abc300`). Task ids without an underscore keep the path's contest.
 */
function homeContest(task: string, pathContest: string): string {
  const cut = task.lastIndexOf('_');
  return cut > 0 ? task.slice(0, cut).replaceAll('_', '-') : pathContest;
}

/** The most submissions AtCoder Problems answers a call (`user/submissions`): a full page means there may be more. */
export const ATCODER_SUBMISSIONS_PAGE = 500;

/**
 * Where the submissions after a full page start, from that page's seconds alone: its last second again
 * (several submissions can share a second; repeats are dropped by id), past it when the whole page is that
 * one second, and always after `from`, the second the page was asked from, so paging cannot stand still.
 */
export function atcoderNextSecond(seconds: readonly number[], from = 0): number {
  let first = Infinity;
  let last = -Infinity;
  for (const s of seconds) {
    if (s < first) first = s;
    if (s > last) last = s;
  }
  if (seconds.length === 0) return from + 1;
  return Math.max(last > first ? last : last + 1, from + 1);
}

/** Where AtCoder is read from, how politely, and by which readers. */
export const atcoderFacts = {
  hosts: HOSTS,
  origins: {
    site: 'https://atcoder.jp',
    /** AtCoder Problems: mirrors every submission and estimates difficulties (AtCoder publishes neither). */
    atcoderProblems: 'https://kenkoooo.com/atcoder',
  },
  // AtCoder Problems asks for more than a second between calls.
  politeIntervalMs: 1500,
  readers: {
    page: true,
    history: true,
    verdict: NO_READER.verdictBySync,
    server: true,
    problems: true,
    solves: true,
  },
} as const satisfies JudgeFacts;

export const atcoder: Platform = {
  ...atcoderFacts,
  id: 'atcoder',
  numericId: 8,
  name: 'AtCoder',
  profileUrlBase: 'https://atcoder.jp/users/',
  // Server-rendered: task pages are full loads.
  matchPatterns: patternsFor(HOSTS, ['/contests/*/tasks/*']),
  icon: monogramIcon('AC', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    if (!s || s[0] !== 'contests' || s[2] !== 'tasks') return null;
    const contest = slugOf(s[1]);
    const task = slugOf(s[3]);
    const tab = s[4];
    if (!contest || !task || (tab !== undefined && !TABS.has(tab))) return null;
    return { key: task, url: `https://atcoder.jp/contests/${homeContest(task, contest)}/tasks/${task}` };
  },
  examples: [
    { url: 'https://atcoder.jp/contests/abc300/tasks/abc300_a', key: 'abc300_a', canonical: 'https://atcoder.jp/contests/abc300/tasks/abc300_a' },
    { url: 'atcoder.jp/contests/abc300/tasks/abc300_a?lang=en', key: 'abc300_a', canonical: 'https://atcoder.jp/contests/abc300/tasks/abc300_a' },
    { url: 'http://www.atcoder.jp/contests/ABC300/tasks/ABC300_A/', key: 'abc300_a', canonical: 'https://atcoder.jp/contests/abc300/tasks/abc300_a' },
    { url: 'https://atcoder.jp/contests/abc300/tasks/abc300_a/editorial', key: 'abc300_a', canonical: 'https://atcoder.jp/contests/abc300/tasks/abc300_a' },
    { url: 'https://atcoder.jp/contests/abc300/tasks/abc300_b', key: 'abc300_b', canonical: 'https://atcoder.jp/contests/abc300/tasks/abc300_b' },
    { url: 'https://atcoder.jp/contests/dp/tasks/dp_a', key: 'dp_a', canonical: 'https://atcoder.jp/contests/dp/tasks/dp_a' },
    { url: 'https://atcoder.jp/contests/dp/tasks/dp_a?lang=ja#editorial', key: 'dp_a', canonical: 'https://atcoder.jp/contests/dp/tasks/dp_a' },
    // The same ARC task reached through the ABC held alongside it.
    { url: 'https://atcoder.jp/contests/abc042/tasks/arc058_a', key: 'arc058_a', canonical: 'https://atcoder.jp/contests/arc058/tasks/arc058_a' },
    { url: 'https://atcoder.jp/contests/arc058/tasks/arc058_a', key: 'arc058_a', canonical: 'https://atcoder.jp/contests/arc058/tasks/arc058_a' },
    { url: 'https://atcoder.jp/contests/code-festival-2017-quala/tasks/code_festival_2017_quala_a', key: 'code_festival_2017_quala_a', canonical: 'https://atcoder.jp/contests/code-festival-2017-quala/tasks/code_festival_2017_quala_a' },
  ],
  nonProblems: [
    'https://atcoder.jp/',
    'https://atcoder.jp/contests/',
    'https://atcoder.jp/contests/dp',
    'https://atcoder.jp/contests/dp/tasks',
    'https://atcoder.jp/contests/dp/tasks/',
    'https://atcoder.jp/contests/abc300/submissions',
    'https://atcoder.jp/contests/abc300/tasks_print',
    'https://atcoder.jp/contests/abc300/tasks/abc300_a/submit-nothing',
    'https://atcoder.jp/users/tourist',
  ],
};
