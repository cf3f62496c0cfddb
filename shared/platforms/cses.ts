import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { numericIdOf, pathSegments, patternsFor } from './url';

const COLOR = '#3B6FB6';
const HOSTS = ['cses.fi', 'www.cses.fi'];
/** Pages of one task: statement, statistics, submit and hacking. */
const VIEWS = new Set(['task', 'view', 'stats', 'submit', 'hack']);

/** Where CSES is read from, how politely, and by which readers. */
export const csesFacts = {
  hosts: HOSTS,
  origins: {
    site: 'https://cses.fi',
  },
  // No published limit: about a second, to be polite.
  politeIntervalMs: 1000,
  readers: {
    page: true,
    history: true,
    verdict: NO_READER.verdictBySync,
    server: { missing: 'CSES has no ratings or contests' },
    problems: { missing: 'CSES rates none of its problems.' },
    solves: { missing: 'CSES has no contests to upsolve.' },
  },
} as const satisfies JudgeFacts;

export const cses: Platform = {
  ...csesFacts,
  id: 'cses',
  name: 'CSES',
  profileUrlBase: 'https://cses.fi/user/',
  // Server-rendered: task pages are full loads.
  matchPatterns: patternsFor(HOSTS, ['/problemset/*']),
  icon: monogramIcon('CS', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    if (!s || s.length !== 3 || s[0] !== 'problemset' || !VIEWS.has(s[1] ?? '')) return null;
    const id = numericIdOf(s[2], 6);
    return id ? { key: id, url: `https://cses.fi/problemset/task/${id}` } : null;
  },
  examples: [
    { url: 'https://cses.fi/problemset/task/1068', key: '1068', canonical: 'https://cses.fi/problemset/task/1068' },
    { url: 'cses.fi/problemset/task/1068/', key: '1068', canonical: 'https://cses.fi/problemset/task/1068' },
    { url: 'http://CSES.fi/problemset/view/1068/', key: '1068', canonical: 'https://cses.fi/problemset/task/1068' },
    { url: 'https://cses.fi/problemset/stats/1068', key: '1068', canonical: 'https://cses.fi/problemset/task/1068' },
    { url: 'https://cses.fi/problemset/submit/1068/?lang=en', key: '1068', canonical: 'https://cses.fi/problemset/task/1068' },
    { url: 'https://cses.fi/problemset/hack/1068/', key: '1068', canonical: 'https://cses.fi/problemset/task/1068' },
    { url: 'https://cses.fi/problemset/task/1083', key: '1083', canonical: 'https://cses.fi/problemset/task/1083' },
    { url: 'https://cses.fi/problemset/task/1083#statement', key: '1083', canonical: 'https://cses.fi/problemset/task/1083' },
  ],
  nonProblems: [
    'https://cses.fi/',
    'https://cses.fi/problemset/',
    'https://cses.fi/problemset/list',
    'https://cses.fi/problemset/list/',
    'https://cses.fi/problemset/task/',
    'https://cses.fi/problemset/task/abc',
    'https://cses.fi/problemset/result/123456/',
    'https://cses.fi/problemset/task/1068/extra',
    'https://cses.fi/book/book.pdf',
  ],
};
