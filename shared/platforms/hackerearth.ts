import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { allSlugs, pathSegments, slugOf } from './url';

const COLOR = '#323754';

/** The problem slug out of the three algorithm-problem forms, else undefined. */
function slugSegment(s: readonly string[]): string | undefined {
  const n = s.length;
  if (n === 3 && s[0] === 'problem' && s[1] === 'algorithm') return s[2];
  if (n >= 5 && s[0] === 'practice' && s[n - 3] === 'practice-problems' && s[n - 2] === 'algorithm' && allSlugs(s.slice(1, n - 3))) {
    return s[n - 1];
  }
  if (n >= 4 && s[0] === 'challenges' && s[n - 2] === 'algorithm' && allSlugs(s.slice(1, n - 2))) return s[n - 1];
  return undefined;
}

/** Where HackerEarth is read from, how politely, and by which readers. */
const hackerearthFacts = {
  hosts: ['www.hackerearth.com', 'hackerearth.com'],
  origins: {
    site: 'https://www.hackerearth.com',
  },
  readers: {
    page: true,
    history: { missing: 'Not available: HackerEarth shows only solved counts on a profile and has no public submissions list.' },
    verdict: NO_READER.noVerdictAnswer,
    server: { missing: 'HackerEarth has no public profile API' },
    problems: NO_READER.labelsNotRatings,
    solves: NO_READER.noContestSolves,
  },
} as const satisfies JudgeFacts;

export const hackerearth: Platform = {
  ...hackerearthFacts,
  id: 'hackerearth',
  name: 'HackerEarth',
  profileUrlBase: 'https://www.hackerearth.com/@',
  icon: monogramIcon('HE', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    const slug = s ? slugOf(slugSegment(s)) : null;
    return slug ? { key: slug, url: `https://www.hackerearth.com/problem/algorithm/${slug}/` } : null;
  },
  examples: [
    { url: 'https://www.hackerearth.com/problem/algorithm/equal-strings-79789662/', key: 'equal-strings-79789662', canonical: 'https://www.hackerearth.com/problem/algorithm/equal-strings-79789662/' },
    { url: 'hackerearth.com/problem/algorithm/equal-strings-79789662', key: 'equal-strings-79789662', canonical: 'https://www.hackerearth.com/problem/algorithm/equal-strings-79789662/' },
    { url: 'http://WWW.HackerEarth.com/problem/algorithm/Equal-Strings-79789662/?purpose=login#x', key: 'equal-strings-79789662', canonical: 'https://www.hackerearth.com/problem/algorithm/equal-strings-79789662/' },
    { url: 'https://www.hackerearth.com/practice/algorithms/searching/linear-search/practice-problems/algorithm/equal-strings-79789662/', key: 'equal-strings-79789662', canonical: 'https://www.hackerearth.com/problem/algorithm/equal-strings-79789662/' },
    { url: 'https://www.hackerearth.com/challenges/competitive/march-circuits-23/algorithm/equal-strings-79789662/', key: 'equal-strings-79789662', canonical: 'https://www.hackerearth.com/problem/algorithm/equal-strings-79789662/' },
    { url: 'https://www.hackerearth.com/practice/basic-programming/input-output/basics-of-input-output/practice-problems/algorithm/seven-segment-display-nov-easy-e7f87ce0/', key: 'seven-segment-display-nov-easy-e7f87ce0', canonical: 'https://www.hackerearth.com/problem/algorithm/seven-segment-display-nov-easy-e7f87ce0/' },
    { url: 'https://www.hackerearth.com/problem/algorithm/seven-segment-display-nov-easy-e7f87ce0', key: 'seven-segment-display-nov-easy-e7f87ce0', canonical: 'https://www.hackerearth.com/problem/algorithm/seven-segment-display-nov-easy-e7f87ce0/' },
  ],
  nonProblems: [
    'https://www.hackerearth.com/',
    'https://www.hackerearth.com/practice/',
    'https://www.hackerearth.com/practice/algorithms/searching/linear-search/tutorial/',
    'https://www.hackerearth.com/practice/algorithms/searching/linear-search/practice-problems/',
    'https://www.hackerearth.com/problem/algorithm/',
    'https://www.hackerearth.com/challenges/',
    'https://www.hackerearth.com/challenges/competitive/march-circuits-23/',
    'https://www.hackerearth.com/@someone',
    'https://www.hackerearth.com/problem/approximate/some-approximate-problem/',
  ],
};
