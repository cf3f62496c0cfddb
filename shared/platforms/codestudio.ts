import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { pathSegments, patternsFor, slugOf, withoutWww } from './url';

const COLOR = '#F78F1E';
const NAUKRI = ['www.naukri.com', 'naukri.com'];
const CODING_NINJAS = ['www.codingninjas.com', 'codingninjas.com'];
/** The section a problem path starts with, per host: on naukri.com only Code360 counts (the rest is jobs). */
const SECTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  'naukri.com': new Set(['code360']),
  'codingninjas.com': new Set(['codestudio', 'studio']),
};

/** Where Code360 is read from, how politely, and by which readers. */
const codestudioFacts = {
  hosts: [...NAUKRI, ...CODING_NINJAS],
  origins: {
    site: 'https://www.naukri.com',
  },
  readers: {
    page: true,
    history: { missing: 'Not available: Code360 profiles give problem counts by difficulty, not a list of solved problems or their dates.' },
    verdict: NO_READER.noVerdictAnswer,
    server: { missing: 'Code360 has no public profile API' },
    problems: NO_READER.labelsNotRatings,
    solves: NO_READER.noContestSolves,
  },
} as const satisfies JudgeFacts;

export const codestudio: Platform = {
  ...codestudioFacts,
  id: 'codestudio',
  numericId: 6,
  name: 'Code360',
  profileUrlBase: 'https://www.naukri.com/code360/profile/',
  // naukri.com is a jobs site: only the Code360 app (which navigates client-side within /code360/) is matched.
  matchPatterns: [...patternsFor(NAUKRI, ['/code360/*']), ...patternsFor(CODING_NINJAS, ['/*'])],
  icon: monogramIcon('360', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    const sections = SECTIONS[withoutWww(url.hostname)];
    if (!s || !sections || s.length !== 3 || !sections.has(s[0] ?? '') || s[1] !== 'problems') return null;
    const slug = slugOf(s[2]);
    return slug ? { key: slug, url: `https://www.naukri.com/code360/problems/${slug}` } : null;
  },
  examples: [
    { url: 'https://www.naukri.com/code360/problems/reverse-linked-list_920513', key: 'reverse-linked-list_920513', canonical: 'https://www.naukri.com/code360/problems/reverse-linked-list_920513' },
    { url: 'naukri.com/code360/problems/reverse-linked-list_920513?leftPanelTab=0', key: 'reverse-linked-list_920513', canonical: 'https://www.naukri.com/code360/problems/reverse-linked-list_920513' },
    { url: 'http://www.naukri.com/code360/problems/Reverse-Linked-List_920513/?leftPanelTabValue=PROBLEM#top', key: 'reverse-linked-list_920513', canonical: 'https://www.naukri.com/code360/problems/reverse-linked-list_920513' },
    { url: 'https://www.codingninjas.com/codestudio/problems/reverse-linked-list_920513', key: 'reverse-linked-list_920513', canonical: 'https://www.naukri.com/code360/problems/reverse-linked-list_920513' },
    { url: 'https://www.codingninjas.com/studio/problems/reverse-linked-list_920513?leftPanelTab=1', key: 'reverse-linked-list_920513', canonical: 'https://www.naukri.com/code360/problems/reverse-linked-list_920513' },
    { url: 'https://codingninjas.com/studio/problems/reverse-linked-list_920513/', key: 'reverse-linked-list_920513', canonical: 'https://www.naukri.com/code360/problems/reverse-linked-list_920513' },
    // The oldest CodeStudio form, id first.
    { url: 'https://www.codingninjas.com/codestudio/problems/799354-check-permutation', key: '799354-check-permutation', canonical: 'https://www.naukri.com/code360/problems/799354-check-permutation' },
    { url: 'https://www.naukri.com/code360/problems/two-sum_839653', key: 'two-sum_839653', canonical: 'https://www.naukri.com/code360/problems/two-sum_839653' },
  ],
  nonProblems: [
    'https://www.naukri.com/',
    'https://www.naukri.com/software-engineer-jobs',
    'https://www.naukri.com/job-listings-software-engineer-acme-bengaluru-3-to-5-years-010124000001',
    'https://www.naukri.com/problems/reverse-linked-list_920513',
    'https://www.naukri.com/codestudio/problems/reverse-linked-list_920513',
    'https://www.naukri.com/code360/problems',
    'https://www.naukri.com/code360/problem-list/top-interview-questions',
    'https://www.naukri.com/code360/guided-paths/data-structures-algorithms',
    'https://www.naukri.com/code360/profile/someone',
    'https://www.codingninjas.com/code360/problems/reverse-linked-list_920513',
    'https://www.codingninjas.com/courses/',
  ],
};
