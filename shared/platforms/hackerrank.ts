import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { pathSegments, slugOf } from './url';

const COLOR = '#2EC866';
/** Tabs of a challenge; anything may follow them (a submission id). */
const TABS = new Set(['problem', 'leaderboard', 'editorial', 'submissions', 'forum']);

/** Where HackerRank is read from, how politely, and by which readers. */
export const hackerrankFacts = {
  hosts: ['www.hackerrank.com', 'hackerrank.com'],
  origins: {
    site: 'https://www.hackerrank.com',
  },
  // No published limit: about a second, to be polite.
  politeIntervalMs: 1000,
  readers: {
    page: true,
    history: true,
    verdict: NO_READER.verdictBySync,
    server: true,
    problems: NO_READER.labelsNotRatings,
    solves: NO_READER.noContestSolves,
  },
} as const satisfies JudgeFacts;

export const hackerrank: Platform = {
  ...hackerrankFacts,
  id: 'hackerrank',
  numericId: 7,
  name: 'HackerRank',
  profileUrlBase: 'https://www.hackerrank.com/profile/',
  // A single-page app: whole host.
  icon: monogramIcon('HR', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    if (!s) return null;
    let at: number;
    if (s[0] === 'challenges') at = 1;
    else if (s[0] === 'contests' && slugOf(s[1]) && s[2] === 'challenges') at = 3;
    else return null;
    const slug = slugOf(s[at]);
    const tab = s[at + 1];
    if (!slug || (tab !== undefined && !TABS.has(tab))) return null;
    return { key: slug, url: `https://www.hackerrank.com/challenges/${slug}/problem` };
  },
  examples: [
    { url: 'https://www.hackerrank.com/challenges/solve-me-first/problem', key: 'solve-me-first', canonical: 'https://www.hackerrank.com/challenges/solve-me-first/problem' },
    { url: 'hackerrank.com/challenges/solve-me-first', key: 'solve-me-first', canonical: 'https://www.hackerrank.com/challenges/solve-me-first/problem' },
    { url: 'http://www.hackerrank.com/challenges/Solve-Me-First/problem?isFullScreen=true#x', key: 'solve-me-first', canonical: 'https://www.hackerrank.com/challenges/solve-me-first/problem' },
    { url: 'https://www.hackerrank.com/challenges/solve-me-first/leaderboard', key: 'solve-me-first', canonical: 'https://www.hackerrank.com/challenges/solve-me-first/problem' },
    { url: 'https://www.hackerrank.com/challenges/solve-me-first/editorial/', key: 'solve-me-first', canonical: 'https://www.hackerrank.com/challenges/solve-me-first/problem' },
    { url: 'https://www.hackerrank.com/challenges/solve-me-first/submissions/code/123456', key: 'solve-me-first', canonical: 'https://www.hackerrank.com/challenges/solve-me-first/problem' },
    { url: 'https://www.hackerrank.com/contests/projecteuler/challenges/euler001', key: 'euler001', canonical: 'https://www.hackerrank.com/challenges/euler001/problem' },
    { url: 'https://www.hackerrank.com/contests/projecteuler/challenges/euler001/problem', key: 'euler001', canonical: 'https://www.hackerrank.com/challenges/euler001/problem' },
    { url: 'https://www.hackerrank.com/challenges/euler001/problem', key: 'euler001', canonical: 'https://www.hackerrank.com/challenges/euler001/problem' },
  ],
  nonProblems: [
    'https://www.hackerrank.com/',
    'https://www.hackerrank.com/dashboard',
    'https://www.hackerrank.com/domains/algorithms',
    'https://www.hackerrank.com/domains/algorithms?filters%5Bstatus%5D%5B%5D=unsolved',
    'https://www.hackerrank.com/profile/someone',
    'https://www.hackerrank.com/challenges/',
    'https://www.hackerrank.com/challenges/solve-me-first/not-a-tab',
    'https://www.hackerrank.com/contests/projecteuler/challenges',
    'https://www.hackerrank.com/contests/projecteuler',
    'https://www.hackerrank.com/interview/interview-preparation-kit',
  ],
};
