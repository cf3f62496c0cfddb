import { monogramIcon } from './icon';
import type { JudgeFacts, Platform } from './types';
import { numericIdOf, pathSegments, patternsFor } from './url';

const COLOR = '#1F8ACB';
const HOSTS = ['codeforces.com', 'www.codeforces.com', 'm1.codeforces.com', 'm2.codeforces.com', 'm3.codeforces.com', 'codeforces.ru', 'www.codeforces.ru'];
/** Gym contests have ids from 100000 up, and live under /gym/. */
export const FIRST_GYM_ID = 100000;

/** Reads the contest or gym id and problem index out of the four path forms. */
function locate(s: readonly string[]): { id: string; index: string; gym: boolean } | null {
  if (s.length !== 4) return null;
  const [a, b, c, d] = s;
  if (a === 'problemset' && b === 'problem') return pick(c, d, false);
  if (a === 'problemset' && b === 'gymproblem') return pick(c, d, true);
  if (a === 'contest' && c === 'problem') return pick(b, d, false);
  if (a === 'gym' && c === 'problem') return pick(b, d, true);
  return null;
}

function pick(id: string | undefined, index: string | undefined, gym: boolean) {
  const n = numericIdOf(id, 7);
  if (!n || index === undefined || !/^[a-z][0-9]?$/.test(index)) return null;
  return { id: n, index: index.toUpperCase(), gym: gym || Number(n) >= FIRST_GYM_ID };
}

/** Where Codeforces is read from, how politely, and by which readers. */
export const codeforcesFacts = {
  hosts: HOSTS,
  origins: {
    site: 'https://codeforces.com',
  },
  // Codeforces' published API limit: one call every two seconds.
  politeIntervalMs: 2000,
  readers: {
    page: true,
    history: true,
    verdict: true,
    server: true,
    problems: true,
    solves: true,
  },
} as const satisfies JudgeFacts;

export const codeforces: Platform = {
  ...codeforcesFacts,
  id: 'codeforces',
  numericId: 4,
  name: 'Codeforces',
  profileUrlBase: 'https://codeforces.com/profile/',
  // Server-rendered: every problem page is a full load, so only problem paths are matched.
  matchPatterns: patternsFor(HOSTS, ['/problemset/problem/*', '/problemset/gymProblem/*', '/contest/*/problem/*', '/gym/*/problem/*']),
  icon: monogramIcon('CF', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    const found = s && locate(s);
    if (!found) return null;
    const { id, index, gym } = found;
    return gym
      ? { key: `gym${id}${index}`, url: `https://codeforces.com/gym/${id}/problem/${index}` }
      : { key: `${id}${index}`, url: `https://codeforces.com/problemset/problem/${id}/${index}` };
  },
  examples: [
    { url: 'https://codeforces.com/problemset/problem/1791/A', key: '1791A', canonical: 'https://codeforces.com/problemset/problem/1791/A' },
    { url: 'codeforces.com/contest/1791/problem/A', key: '1791A', canonical: 'https://codeforces.com/problemset/problem/1791/A' },
    { url: 'http://www.codeforces.com/contest/1791/problem/a/?locale=en#main', key: '1791A', canonical: 'https://codeforces.com/problemset/problem/1791/A' },
    { url: 'https://m1.codeforces.com/contest/1791/problem/A', key: '1791A', canonical: 'https://codeforces.com/problemset/problem/1791/A' },
    { url: 'https://M2.CODEFORCES.COM/problemset/problem/1791/A', key: '1791A', canonical: 'https://codeforces.com/problemset/problem/1791/A' },
    { url: 'https://m3.codeforces.com/problemset/problem/1791/A', key: '1791A', canonical: 'https://codeforces.com/problemset/problem/1791/A' },
    { url: 'https://codeforces.ru/problemset/problem/1791/A', key: '1791A', canonical: 'https://codeforces.com/problemset/problem/1791/A' },
    { url: 'https://codeforces.com/contest/1791/problem/B', key: '1791B', canonical: 'https://codeforces.com/problemset/problem/1791/B' },
    { url: 'https://codeforces.com/contest/1776/problem/F2', key: '1776F2', canonical: 'https://codeforces.com/problemset/problem/1776/F2' },
    { url: 'https://codeforces.com/problemset/problem/1776/f1', key: '1776F1', canonical: 'https://codeforces.com/problemset/problem/1776/F1' },
    { url: 'https://codeforces.com/problemset/problem/17/B', key: '17B', canonical: 'https://codeforces.com/problemset/problem/17/B' },
    { url: 'https://codeforces.com/problemset/problem/171/B', key: '171B', canonical: 'https://codeforces.com/problemset/problem/171/B' },
    { url: 'https://codeforces.com/gym/104114/problem/C', key: 'gym104114C', canonical: 'https://codeforces.com/gym/104114/problem/C' },
    { url: 'https://codeforces.com/problemset/gymProblem/104114/C', key: 'gym104114C', canonical: 'https://codeforces.com/gym/104114/problem/C' },
    { url: 'https://codeforces.com/contest/104114/problem/c', key: 'gym104114C', canonical: 'https://codeforces.com/gym/104114/problem/C' },
  ],
  nonProblems: [
    'https://codeforces.com/',
    'https://codeforces.com/contest/1791',
    'https://codeforces.com/contest/1791/problem/0',
    'https://codeforces.com/contest/1791/problem/AB',
    'https://codeforces.com/contest/1791/problem/',
    'https://codeforces.com/contest/1791/problem/A/extra',
    'https://codeforces.com/contest/0/problem/A',
    'https://codeforces.com/contests',
    'https://codeforces.com/problemset',
    'https://codeforces.com/profile/tourist',
    'https://codeforces.com/blog/entry/1',
    'https://codeforces.com/gym/104114',
    'https://codeforces.com/contest/1791/status',
  ],
};
