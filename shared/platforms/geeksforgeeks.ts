import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { pathSegments, slugOf } from './url';

const COLOR = '#2F8D46';

/** Where GeeksforGeeks is read from, how politely, and by which readers. */
export const geeksforgeeksFacts = {
  hosts: ['www.geeksforgeeks.org', 'geeksforgeeks.org', 'practice.geeksforgeeks.org'],
  origins: {
    site: 'https://www.geeksforgeeks.org',
    /** Its profile pages read a user's figures and solved list from this API host. */
    api: 'https://practiceapi.geeksforgeeks.org',
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

export const geeksforgeeks: Platform = {
  ...geeksforgeeksFacts,
  id: 'geeksforgeeks',
  numericId: 2,
  name: 'GeeksforGeeks',
  profileUrlBase: 'https://www.geeksforgeeks.org/user/',
  // The site navigates client-side between articles and problems, so whole hosts are matched.
  icon: monogramIcon('GfG', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    if (!s || s[0] !== 'problems' || s.length > 3) return null;
    const slug = slugOf(s[1]);
    // The trailing number (0 or 1) picks a view of the same problem.
    if (!slug || (s.length === 3 && s[2] !== '0' && s[2] !== '1')) return null;
    return { key: slug, url: `https://www.geeksforgeeks.org/problems/${slug}/1` };
  },
  examples: [
    { url: 'https://www.geeksforgeeks.org/problems/subarray-with-given-sum-1587115621/1', key: 'subarray-with-given-sum-1587115621', canonical: 'https://www.geeksforgeeks.org/problems/subarray-with-given-sum-1587115621/1' },
    { url: 'geeksforgeeks.org/problems/subarray-with-given-sum-1587115621/1?page=1&sortBy=submissions', key: 'subarray-with-given-sum-1587115621', canonical: 'https://www.geeksforgeeks.org/problems/subarray-with-given-sum-1587115621/1' },
    { url: 'https://practice.geeksforgeeks.org/problems/subarray-with-given-sum-1587115621/1/?track=DSA-Foundation&batchId=1', key: 'subarray-with-given-sum-1587115621', canonical: 'https://www.geeksforgeeks.org/problems/subarray-with-given-sum-1587115621/1' },
    { url: 'http://www.geeksforgeeks.org/problems/subarray-with-given-sum-1587115621/0', key: 'subarray-with-given-sum-1587115621', canonical: 'https://www.geeksforgeeks.org/problems/subarray-with-given-sum-1587115621/1' },
    { url: 'https://www.geeksforgeeks.org/problems/subarray-with-given-sum-1587115621', key: 'subarray-with-given-sum-1587115621', canonical: 'https://www.geeksforgeeks.org/problems/subarray-with-given-sum-1587115621/1' },
    { url: 'https://WWW.GeeksForGeeks.org/problems/Kadanes-Algorithm-1587115620/1/', key: 'kadanes-algorithm-1587115620', canonical: 'https://www.geeksforgeeks.org/problems/kadanes-algorithm-1587115620/1' },
    { url: 'https://practice.geeksforgeeks.org/problems/kadanes-algorithm-1587115620/0#editorial', key: 'kadanes-algorithm-1587115620', canonical: 'https://www.geeksforgeeks.org/problems/kadanes-algorithm-1587115620/1' },
  ],
  nonProblems: [
    'https://www.geeksforgeeks.org/',
    'https://www.geeksforgeeks.org/kadanes-algorithm/',
    'https://www.geeksforgeeks.org/dsa/kadanes-algorithm/',
    'https://www.geeksforgeeks.org/explore',
    'https://www.geeksforgeeks.org/explore?page=1&category=Arrays',
    'https://www.geeksforgeeks.org/problems/',
    'https://www.geeksforgeeks.org/problems/kadanes-algorithm-1587115620/2',
    'https://www.geeksforgeeks.org/problems/kadanes-algorithm-1587115620/1/extra',
    'https://www.geeksforgeeks.org/user/someone/',
    'https://practice.geeksforgeeks.org/explore',
  ],
};
