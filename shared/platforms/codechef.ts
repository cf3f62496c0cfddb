import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { allSlugs, codeOf, pathSegments } from './url';

const COLOR = '#5B4638';
/** Old difficulty lists that lived at /problems/{name}. */
const LISTS = new Set(['SCHOOL', 'EASY', 'MEDIUM', 'HARD', 'CHALLENGE', 'EXTCONTEST']);

/** The problem code's segment, or undefined when the path is not one of the problem forms. */
function codeSegment(s: readonly string[]): string | undefined {
  const n = s.length;
  if (n === 2 && (s[0] === 'problems' || s[0] === 'submit')) return s[1];
  if (n === 3 && s[1] === 'problems' && codeOf(s[0])) return s[2];
  if (n >= 6 && s[0] === 'practice' && s[1] === 'course' && s[n - 2] === 'problems' && allSlugs(s.slice(2, n - 2))) {
    return s[n - 1];
  }
  return undefined;
}

/** Where CodeChef is read from, how politely, and by which readers. */
export const codechefFacts = {
  hosts: ['www.codechef.com', 'codechef.com'],
  origins: {
    site: 'https://www.codechef.com',
  },
  // Its pages sit behind Cloudflare, which turns away quick repeats.
  politeIntervalMs: 2000,
  readers: {
    page: true,
    history: true,
    verdict: NO_READER.verdictBySync,
    server: true,
    problems: true,
    solves: true,
  },
} as const satisfies JudgeFacts;

export const codechef: Platform = {
  ...codechefFacts,
  id: 'codechef',
  numericId: 3,
  name: 'CodeChef',
  profileUrlBase: 'https://www.codechef.com/users/',
  // A single-page app: whole host.
  icon: monogramIcon('CC', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    const code = s && codeOf(codeSegment(s));
    if (!code || LISTS.has(code)) return null;
    return { key: code, url: `https://www.codechef.com/problems/${code}` };
  },
  examples: [
    { url: 'https://www.codechef.com/problems/FLOW001', key: 'FLOW001', canonical: 'https://www.codechef.com/problems/FLOW001' },
    { url: 'codechef.com/problems/flow001', key: 'FLOW001', canonical: 'https://www.codechef.com/problems/FLOW001' },
    { url: 'http://www.codechef.com/problems/FLOW001/?tab=statement', key: 'FLOW001', canonical: 'https://www.codechef.com/problems/FLOW001' },
    { url: 'https://www.codechef.com/START100/problems/FLOW001', key: 'FLOW001', canonical: 'https://www.codechef.com/problems/FLOW001' },
    { url: 'https://www.codechef.com/submit/FLOW001', key: 'FLOW001', canonical: 'https://www.codechef.com/problems/FLOW001' },
    { url: 'https://www.codechef.com/practice/course/basic-programming-concepts/DIFF500/problems/FLOW001', key: 'FLOW001', canonical: 'https://www.codechef.com/problems/FLOW001' },
    { url: 'https://www.codechef.com/START100A/problems/WEIRD_GAME', key: 'WEIRD_GAME', canonical: 'https://www.codechef.com/problems/WEIRD_GAME' },
    { url: 'https://www.codechef.com/problems/weird_game', key: 'WEIRD_GAME', canonical: 'https://www.codechef.com/problems/WEIRD_GAME' },
  ],
  nonProblems: [
    'https://www.codechef.com/',
    'https://www.codechef.com/users/gennady.korotkevich',
    'https://www.codechef.com/contests',
    'https://www.codechef.com/practice',
    'https://www.codechef.com/START100',
    'https://www.codechef.com/problems/',
    'https://www.codechef.com/problems/school',
    'https://www.codechef.com/problems/FLOW-001',
    'https://www.codechef.com/START100/problems/',
    'https://www.codechef.com/practice/course/basic-programming-concepts',
    'https://www.codechef.com/submit/',
  ],
};
