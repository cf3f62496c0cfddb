import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { hashSegments, numericIdOf, pathSegments, withoutWww } from './url';

const COLOR = '#29A7DF';

/** community.topcoder.com/stat?c=problem_statement&pm={id} */
function statementId(url: URL): string | null {
  const s = pathSegments(url);
  if (!s || s.length !== 1 || s[0] !== 'stat') return null;
  if (url.searchParams.get('c')?.toLowerCase() !== 'problem_statement') return null;
  return numericIdOf(url.searchParams.get('pm'));
}

/** arena.topcoder.com/index.html#/u/practiceCode/{round}/{component}/{problem}/... */
function arenaId(url: URL): string | null {
  const path = pathSegments(url);
  if (!path || !(path.length === 0 || (path.length === 1 && path[0] === 'index.html'))) return null;
  const h = hashSegments(url);
  if (!h || h[0] !== 'u' || h[1] !== 'practicecode' || !numericIdOf(h[2]) || !numericIdOf(h[3])) return null;
  return numericIdOf(h[4]);
}

/** Where TopCoder is read from, how politely, and by which readers. */
const topcoderFacts = {
  hosts: ['community.topcoder.com', 'arena.topcoder.com'],
  origins: {
    site: 'https://community.topcoder.com',
  },
  readers: {
    page: true,
    history: { missing: 'Not available: TopCoder member statistics are totals per track; no public list of solved archive problems exists.' },
    verdict: NO_READER.noVerdictAnswer,
    server: { missing: 'Topcoder’s public API has been retired' },
    problems: { missing: 'Topcoder’s public API has been retired.' },
    solves: { missing: 'Topcoder’s public API has been retired.' },
  },
} as const satisfies JudgeFacts;

export const topcoder: Platform = {
  ...topcoderFacts,
  id: 'topcoder',
  name: 'TopCoder',
  profileUrlBase: 'https://profiles.topcoder.com/',
  // Problem statements are full loads of /stat; the arena is hash-routed, so its whole host is matched.
  matchPatterns: ['*://community.topcoder.com/stat*', '*://arena.topcoder.com/*'],
  icon: monogramIcon('TC', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const host = withoutWww(url.hostname);
    const id = host === 'community.topcoder.com' ? statementId(url) : host === 'arena.topcoder.com' ? arenaId(url) : null;
    return id ? { key: id, url: `https://community.topcoder.com/stat?c=problem_statement&pm=${id}` } : null;
  },
  examples: [
    { url: 'https://community.topcoder.com/stat?c=problem_statement&pm=1918', key: '1918', canonical: 'https://community.topcoder.com/stat?c=problem_statement&pm=1918' },
    { url: 'community.topcoder.com/stat?c=problem_statement&pm=1918&rd=5006', key: '1918', canonical: 'https://community.topcoder.com/stat?c=problem_statement&pm=1918' },
    { url: 'http://Community.TopCoder.com/stat?pm=1918&c=problem_statement#top', key: '1918', canonical: 'https://community.topcoder.com/stat?c=problem_statement&pm=1918' },
    { url: 'https://community.topcoder.com/stat/?c=problem_statement&rd=5006&pm=1918', key: '1918', canonical: 'https://community.topcoder.com/stat?c=problem_statement&pm=1918' },
    { url: 'https://arena.topcoder.com/index.html#/u/practiceCode/5006/4711/1918/1/5006', key: '1918', canonical: 'https://community.topcoder.com/stat?c=problem_statement&pm=1918' },
    { url: 'https://arena.topcoder.com/#/u/practiceCode/5006/4711/1918', key: '1918', canonical: 'https://community.topcoder.com/stat?c=problem_statement&pm=1918' },
    { url: 'https://community.topcoder.com/stat?c=problem_statement&pm=10297', key: '10297', canonical: 'https://community.topcoder.com/stat?c=problem_statement&pm=10297' },
    { url: 'https://arena.topcoder.com/index.html#/u/practiceCode/13520/25937/10297/2/13520', key: '10297', canonical: 'https://community.topcoder.com/stat?c=problem_statement&pm=10297' },
  ],
  nonProblems: [
    'https://community.topcoder.com/',
    'https://community.topcoder.com/stat?c=round_overview&rd=5006',
    'https://community.topcoder.com/stat?c=problem_statement',
    'https://community.topcoder.com/stat?c=problem_statement&pm=abc',
    'https://community.topcoder.com/tc?module=ProblemArchive',
    'https://arena.topcoder.com/index.html#/u/dashboard',
    'https://arena.topcoder.com/index.html#/u/practiceCode/5006',
    'https://arena.topcoder.com/',
    'https://www.topcoder.com/challenges',
  ],
};
