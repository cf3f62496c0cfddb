import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { codeOf, pathSegments, patternsFor } from './url';

const COLOR = '#2C5F8A';
const HOSTS = ['www.spoj.com', 'spoj.com'];
/** Problem lists that share the /problems/{name}/ shape. */
const LISTS = new Set(['CLASSICAL', 'TUTORIAL', 'CHALLENGE', 'PARTIAL', 'RIDDLE', 'BASICS', 'MAIN']);

/** Where SPOJ is read from, how politely, and by which readers. */
export const spojFacts = {
  hosts: HOSTS,
  origins: {
    site: 'https://www.spoj.com',
  },
  // No published limit: about a second, to be polite.
  politeIntervalMs: 1000,
  readers: {
    page: true,
    history: true,
    verdict: NO_READER.verdictBySync,
    server: { missing: 'SPOJ has no contests or ratings to show' },
    problems: { missing: 'Its problems have no ratings on a scale.' },
    solves: { missing: 'SPOJ has no contests to upsolve.' },
  },
} as const satisfies JudgeFacts;

export const spoj: Platform = {
  ...spojFacts,
  id: 'spoj',
  name: 'SPOJ',
  profileUrlBase: 'https://www.spoj.com/users/',
  // Server-rendered: problem pages are full loads.
  matchPatterns: patternsFor(HOSTS, ['/problems/*']),
  icon: monogramIcon('SP', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    const code = s && s.length === 2 && s[0] === 'problems' ? codeOf(s[1]) : null;
    if (!code || LISTS.has(code)) return null;
    return { key: code, url: `https://www.spoj.com/problems/${code}/` };
  },
  examples: [
    { url: 'https://www.spoj.com/problems/PRIME1/', key: 'PRIME1', canonical: 'https://www.spoj.com/problems/PRIME1/' },
    { url: 'spoj.com/problems/PRIME1', key: 'PRIME1', canonical: 'https://www.spoj.com/problems/PRIME1/' },
    { url: 'http://WWW.SPOJ.COM/problems/prime1/', key: 'PRIME1', canonical: 'https://www.spoj.com/problems/PRIME1/' },
    { url: 'https://www.spoj.com/problems/PRIME1/?lang=en#comments', key: 'PRIME1', canonical: 'https://www.spoj.com/problems/PRIME1/' },
    { url: 'https://www.spoj.com/problems/TEST/', key: 'TEST', canonical: 'https://www.spoj.com/problems/TEST/' },
    { url: 'https://spoj.com/problems/test', key: 'TEST', canonical: 'https://www.spoj.com/problems/TEST/' },
    { url: 'https://www.spoj.com/problems/MUL_2/', key: 'MUL_2', canonical: 'https://www.spoj.com/problems/MUL_2/' },
  ],
  nonProblems: [
    'https://www.spoj.com/',
    'https://www.spoj.com/problems/',
    'https://www.spoj.com/problems/classical/',
    'https://www.spoj.com/problems/classical/sort=0,start=50',
    'https://www.spoj.com/problems/tutorial/',
    'https://www.spoj.com/problems/challenge/',
    'https://www.spoj.com/problems/partial/',
    'https://www.spoj.com/problems/riddle/',
    'https://www.spoj.com/problems/basics/',
    'https://www.spoj.com/problems/main/',
    'https://www.spoj.com/users/someone/',
    'https://www.spoj.com/status/PRIME1/',
    'https://www.spoj.com/problems/PRIME-1/',
  ],
};
