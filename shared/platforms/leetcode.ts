import { monogramIcon } from './icon';
import type { JudgeFacts, Platform } from './types';
import { pathSegments, slugOf } from './url';

const COLOR = '#FFA116';
/** Tabs of a problem page; anything may follow them (a solution or submission id). */
const TABS = new Set(['description', 'editorial', 'solution', 'solutions', 'submissions', 'discuss', 'hints']);

/** Where LeetCode is read from, how politely, and by which readers. */
export const leetcodeFacts = {
  // leetcode.cn serves the same problem slugs.
  hosts: ['leetcode.com', 'www.leetcode.com', 'leetcode.cn', 'www.leetcode.cn'],
  origins: {
    site: 'https://leetcode.com',
    /** The public contest-problem ratings data set (LeetCode rates no problem itself). */
    ratings: 'https://zerotrac.github.io/leetcode_problem_rating',
  },
  // No published limit: about a second, to be polite.
  politeIntervalMs: 1000,
  readers: {
    page: true,
    history: true,
    verdict: true,
    server: true,
    problems: true,
    solves: true,
  },
} as const satisfies JudgeFacts;

export const leetcode: Platform = {
  ...leetcodeFacts,
  id: 'leetcode',
  numericId: 1,
  name: 'LeetCode',
  profileUrlBase: 'https://leetcode.com/u/',
  // The app navigates client-side from lists to problems, so the whole host is matched.
  icon: monogramIcon('LC', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    if (!s) return null;
    let at: number;
    if (s[0] === 'problems') at = 1;
    else if (s[0] === 'contest' && slugOf(s[1]) && s[2] === 'problems') at = 3;
    else return null;
    const slug = slugOf(s[at]);
    const tab = s[at + 1];
    if (!slug || (tab !== undefined && !TABS.has(tab))) return null;
    return { key: slug, url: `https://leetcode.com/problems/${slug}/` };
  },
  examples: [
    { url: 'https://leetcode.com/problems/two-sum/', key: 'two-sum', canonical: 'https://leetcode.com/problems/two-sum/' },
    { url: 'leetcode.com/problems/two-sum', key: 'two-sum', canonical: 'https://leetcode.com/problems/two-sum/' },
    { url: '  http://WWW.LeetCode.com/problems/Two-Sum?envType=study-plan#top ', key: 'two-sum', canonical: 'https://leetcode.com/problems/two-sum/' },
    { url: 'https://leetcode.com/problems/two-sum/description/', key: 'two-sum', canonical: 'https://leetcode.com/problems/two-sum/' },
    { url: 'https://leetcode.com/problems/two-sum/editorial', key: 'two-sum', canonical: 'https://leetcode.com/problems/two-sum/' },
    { url: 'https://leetcode.com/problems/two-sum/solutions/3619262/3-method-s-c-java-python-beginner-friendly/', key: 'two-sum', canonical: 'https://leetcode.com/problems/two-sum/' },
    { url: 'https://leetcode.com/problems/two-sum/submissions/1234567/', key: 'two-sum', canonical: 'https://leetcode.com/problems/two-sum/' },
    { url: 'https://leetcode.com/problems/two-sum/discuss/3/accepted-java-on-solution', key: 'two-sum', canonical: 'https://leetcode.com/problems/two-sum/' },
    { url: 'https://leetcode.com/problems/two-sum/hints/', key: 'two-sum', canonical: 'https://leetcode.com/problems/two-sum/' },
    { url: 'https://leetcode.cn/problems/two-sum/description/', key: 'two-sum', canonical: 'https://leetcode.com/problems/two-sum/' },
    { url: 'https://leetcode.com/contest/weekly-contest-300/problems/decode-the-message/', key: 'decode-the-message', canonical: 'https://leetcode.com/problems/decode-the-message/' },
    { url: 'https://leetcode.com/problems/decode-the-message', key: 'decode-the-message', canonical: 'https://leetcode.com/problems/decode-the-message/' },
    { url: 'https://leetcode.com/problems/median-of-two-sorted-arrays/description/?envType=daily-question', key: 'median-of-two-sorted-arrays', canonical: 'https://leetcode.com/problems/median-of-two-sorted-arrays/' },
  ],
  nonProblems: [
    'https://leetcode.com/',
    'https://leetcode.com/problemset/',
    'https://leetcode.com/problemset/all/',
    'https://leetcode.com/problem-list/array/',
    'https://leetcode.com/u/neal_wu/',
    'https://leetcode.com/discuss/',
    'https://leetcode.com/discuss/interview-question/123/google',
    'https://leetcode.com/explore/learn/card/array-and-string/',
    'https://leetcode.com/problems/',
    'https://leetcode.com/problems/two-sum/not-a-tab',
    'https://leetcode.com/contest/weekly-contest-300/',
    'https://leetcode.com/contest/weekly-contest-300/ranking/',
    'https://leetcode.com/studyplan/top-interview-150/',
  ],
};
