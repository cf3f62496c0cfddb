// Saved pages reference their judges' stylesheets and scripts: never fetch them, and count a skipped load as done.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProblemUrl, platforms } from '@shared/platforms/index';
import type { PlatformId } from '@shared/platforms/types';
import { detectProblem } from '../lib/detect';
import { domReaders, readPageDetails } from './index';
import { bounded, hasStatement, isInterstitial, type PageDetails } from './types';

const PAGES = resolve(import.meta.dirname, '../../tests/fixtures/pages');

interface Fixture {
  /** Path under tests/fixtures/pages; its folder is the platform. */
  file: string;
  /** The URL the page is served at. */
  url: string;
  expected: PageDetails;
  /**
   * What the page exercises: the preferred sources, a fallback, an older or variant layout of the judge,
   * or nothing readable (a bot check, an error page, a login wall served at the problem's URL); or a
   * layout new to the reader, which the fallbacks partly read (its selector report: selectors.test.ts).
   */
  kind: 'full' | 'degraded' | 'variant' | 'unreadable' | 'changed';
  /** The page shows no statement text: a PDF statement, or only the head an app renders into. */
  noStatement?: true;
}

const page = (name: string | null, difficulty: string | null, topics: string[] = []): PageDetails => ({ name, difficulty, topics });

/** Every saved problem page, the URL it is served at, and what its platform's reader must find on it. */
const FIXTURES: Fixture[] = [
  // LeetCode: Next.js page data; the degraded page has none (client-side navigation), so the title link, the leaf level chip and /tag/ links are used.
  { file: 'leetcode/two-sum.html', url: 'https://leetcode.com/problems/two-sum/description/', kind: 'full', expected: page('Two Sum', 'Easy', ['Array', 'Hash Table']) },
  // The same page with the editor's Submit button, and with a client-side link to the next problem (end-to-end flows).
  { file: 'leetcode/two-sum-submit.html', url: 'https://leetcode.com/problems/two-sum/', kind: 'full', expected: page('Two Sum', 'Easy', ['Array', 'Hash Table']) },
  { file: 'leetcode/two-sum-spa.html', url: 'https://leetcode.com/problems/two-sum/', kind: 'full', expected: page('Two Sum', 'Easy', ['Array', 'Hash Table']) },
  { file: 'leetcode/add-two-numbers.html', url: 'https://leetcode.com/problems/add-two-numbers/', kind: 'degraded', expected: page('Add Two Numbers', 'Medium', ['Linked List', 'Math', 'Recursion']) },
  // Codeforces: statement header and sidebar tag boxes; during a running round there are no tags or rating.
  { file: 'codeforces/4A.html', url: 'https://codeforces.com/problemset/problem/4/A', kind: 'full', expected: page('Watermelon', '800', ['brute force', 'math']) },
  { file: 'codeforces/1234B1.html', url: 'https://codeforces.com/contest/1234/problem/B1', kind: 'full', expected: page('Social Network (easy version)', '1000', ['implementation']) },
  { file: 'codeforces/1234B2-during-contest.html', url: 'https://codeforces.com/contest/1234/problem/B2', kind: 'degraded', expected: page('Social Network (hard version)', null) },
  // GeeksforGeeks: __NEXT_DATA__ probData; the degraded page has no page data and a generic title.
  {
    file: 'geeksforgeeks/kadanes-algorithm.html',
    url: 'https://www.geeksforgeeks.org/problems/kadanes-algorithm-1587115620/1',
    kind: 'full',
    expected: page("Kadane's Algorithm", 'Medium', ['Arrays', 'Dynamic Programming', 'Data Structures', 'Algorithms']),
  },
  {
    file: 'geeksforgeeks/missing-number-in-array.html',
    url: 'https://www.geeksforgeeks.org/problems/missing-number-in-array1416/1?page=1&sortBy=submissions',
    kind: 'degraded',
    expected: page('Missing number in array', 'Easy', ['Arrays', 'Searching', 'Bit Magic', 'Data Structures', 'Algorithms']),
  },
  // CodeChef: server-sent title, the rendered "Difficulty:" banner; the loading shell has only the head; a Cloudflare challenge has nothing.
  { file: 'codechef/NYRES.html', url: 'https://www.codechef.com/problems/NYRES', kind: 'full', expected: page('New Year Resolution', '19') },
  { file: 'codechef/FLOW001-loading.html', url: 'https://www.codechef.com/problems/FLOW001', kind: 'degraded', expected: page('Add Two Numbers', null) },
  { file: 'codechef/cloudflare-challenge.html', url: 'https://www.codechef.com/START100/problems/FLOW001', kind: 'unreadable', expected: page(null, null) },
  // AtCoder: og:title "A - Frog 1"; the degraded page lost its head tags, so the heading's own text is used.
  { file: 'atcoder/dp_a.html', url: 'https://atcoder.jp/contests/dp/tasks/dp_a', kind: 'full', expected: page('Frog 1', null) },
  { file: 'atcoder/abc300_a.html', url: 'https://atcoder.jp/contests/abc300/tasks/abc300_a?lang=en', kind: 'degraded', expected: page('N-choice question', null) },
  // CSES: "CSES - Weird Algorithm" and the sidebar section; the degraded page has no <title>.
  { file: 'cses/1068.html', url: 'https://cses.fi/problemset/task/1068', kind: 'full', expected: page('Weird Algorithm', null, ['Introductory Problems']) },
  { file: 'cses/1083.html', url: 'https://cses.fi/problemset/task/1083/', kind: 'degraded', expected: page('Missing Number', null, ['Introductory Problems']) },
  // HackerRank: og:title, sidebar difficulty, microdata breadcrumb; full-screen mode has neither breadcrumb nor a specific title.
  { file: 'hackerrank/solve-me-first.html', url: 'https://www.hackerrank.com/challenges/solve-me-first/problem', kind: 'full', expected: page('Solve Me First', 'Easy', ['Warmup']) },
  { file: 'hackerrank/simple-array-sum.html', url: 'https://www.hackerrank.com/challenges/simple-array-sum/problem?isFullScreen=true', kind: 'degraded', expected: page('Simple Array Sum', 'Easy') },
  // InterviewBit: og:title and the breadcrumb's topic; the editor view has a bare site title.
  { file: 'interviewbit/colorful-number.html', url: 'https://www.interviewbit.com/problems/colorful-number/', kind: 'full', expected: page('Colorful Number', null, ['Hashing']) },
  { file: 'interviewbit/2-sum.html', url: 'https://www.interviewbit.com/problems/2-sum/', kind: 'degraded', expected: page('2 Sum', null, ['Hashing']) },
  // Code360: server-rendered title, "Difficulty:" label, Topics chips; the client-rendered old host has no title.
  { file: 'codestudio/reverse-linked-list_920513.html', url: 'https://www.naukri.com/code360/problems/reverse-linked-list_920513', kind: 'full', expected: page('Reverse Linked List', 'Moderate', ['Linked List']) },
  { file: 'codestudio/two-sum_839653.html', url: 'https://www.codingninjas.com/studio/problems/two-sum_839653', kind: 'degraded', expected: page('Two Sum', 'Easy') },
  // TUF+: title "Majority Element - TUF+" and the level chip; the streaming page still has the site's default title.
  { file: 'tuf/majority-element.html', url: 'https://takeuforward.org/plus/dsa/problems/majority-element', kind: 'full', expected: page('Majority Element', 'Easy') },
  { file: 'tuf/two-sum.html', url: 'https://takeuforward.org/plus/dsa/problems/two-sum?tab=editorial', kind: 'degraded', expected: page('Two Sum', 'Medium') },
  // SPOJ: #problem-name "PRIME1 - Prime Generator" and #problem-tags; without the heading the breadcrumb names it.
  { file: 'spoj/PRIME1.html', url: 'https://www.spoj.com/problems/PRIME1/', kind: 'full', expected: page('Prime Generator', null, ['number-theory']) },
  { file: 'spoj/TEST.html', url: 'https://www.spoj.com/problems/TEST/', kind: 'degraded', expected: page('Life, the Universe, and Everything', null) },
  // TopCoder: "Problem Statement for FlowerGarden"; the printable view only has the Definition's "Class:".
  { file: 'topcoder/1918.html', url: 'https://community.topcoder.com/stat?c=problem_statement&pm=1918', kind: 'full', expected: page('FlowerGarden', null) },
  { file: 'topcoder/1259.html', url: 'https://community.topcoder.com/stat?c=problem_statement&pm=1259&rd=4493', kind: 'degraded', expected: page('ZigZag', null) },
  // HackerEarth: og:title and the breadcrumb's last topic; the practice-track layout has a generic title.
  {
    file: 'hackerearth/seven-segment-display.html',
    url: 'https://www.hackerearth.com/problem/algorithm/seven-segment-display-nov-easy-e7f87ce0/',
    kind: 'full',
    expected: page('Seven-Segment Display', null, ['Basics of Input/Output']),
  },
  {
    file: 'hackerearth/seven-segment-display-practice-view.html',
    url: 'https://www.hackerearth.com/practice/basic-programming/input-output/basics-of-input-output/practice-problems/algorithm/seven-segment-display-nov-easy-e7f87ce0/',
    kind: 'degraded',
    expected: page('Seven-Segment Display', null, ['Basics of Input/Output']),
  },

  // Pages saved from the judges' sites (tests/fixtures/README.md says where from), trimmed.
  { file: 'atcoder/abc307_c.html', url: 'https://atcoder.jp/contests/abc307/tasks/abc307_c', kind: 'full', expected: page('Ideal Sheet', null) },
  { file: 'atcoder/ahc053_a.html', url: 'https://atcoder.jp/contests/ahc053/tasks/ahc053_a', kind: 'full', expected: page('Random Sum Game', null) },
  { file: 'cses/2162.html', url: 'https://cses.fi/problemset/task/2162/', kind: 'full', expected: page('Josephus Problem I', null, ['Sorting and Searching']) },
  { file: 'hackerrank/c-tutorial-stringstream.html', url: 'https://www.hackerrank.com/challenges/c-tutorial-stringstream/problem', kind: 'full', expected: page('StringStream', 'Easy', ['Strings']) },
  { file: 'hackerrank/2d-array.html', url: 'https://www.hackerrank.com/challenges/2d-array/problem', kind: 'full', expected: page('2D Array - DS', 'Easy', ['Arrays']) },

  // LeetCode's description panel as copied from the page (no head, no page data): the title link "881. Boats to Save People" and the level chip.
  { file: 'leetcode/boats-to-save-people-panel.html', url: 'https://leetcode.com/problems/boats-to-save-people/', kind: 'degraded', expected: page('Boats to Save People', 'Medium') },
  // The same panel in 2025: the statement's class is HTMLContent_html__…, no longer elfjS (the statement selector is the data-track-load attribute).
  { file: 'leetcode/is-graph-bipartite-panel.html', url: 'https://leetcode.com/problems/is-graph-bipartite/', kind: 'degraded', expected: page('Is Graph Bipartite?', 'Medium') },
  // Codeforces the day after a round: tags in the sidebar, no rating yet.
  { file: 'codeforces/1850H.html', url: 'https://codeforces.com/problemset/problem/1850/H', kind: 'full', expected: page('The Third Letter', null, ['dfs and similar', 'graphs', 'greedy', 'implementation']) },

  // GeeksforGeeks' problem panel as copied from the page (no head, no page data): the header's title and "Difficulty: <strong>…</strong>".
  {
    file: 'geeksforgeeks/count-possible-triangles-panel.html',
    url: 'https://www.geeksforgeeks.org/problems/count-possible-triangles-1587115620/1',
    kind: 'degraded',
    expected: page('Count the number of possible triangles', 'Medium'),
  },
  { file: 'geeksforgeeks/max-rectangle-panel.html', url: 'https://www.geeksforgeeks.org/problems/max-rectangle/1', kind: 'degraded', expected: page('Max rectangle', 'Hard') },
  {
    file: 'hackerearth/game-of-strengths-4.html',
    url: 'https://www.hackerearth.com/practice/algorithms/sorting/merge-sort/practice-problems/algorithm/game-of-strengths-4/',
    kind: 'full',
    expected: page('Game Of Strengths', 'Easy', ['Merge Sort']),
  },

  // Older and variant layouts, one or more per judge.
  // GeeksforGeeks' 2020 practice page, saved: title in bold, "Difficulty:" as bare text among other labels, its own tags as links marked topicTags beside a sidebar of popular ones.
  {
    file: 'geeksforgeeks/delete-without-head-pointer-2020.html',
    url: 'https://practice.geeksforgeeks.org/problems/delete-without-head-pointer/1',
    kind: 'variant',
    expected: page('Delete without head pointer', 'Medium', ['Linked List']),
  },
  // LeetCode's contest problem page (server-rendered, pageData object): the title "… - LeetCode Contest" and the "Difficulty:" label.
  {
    file: 'leetcode/contest-check-if-it-is-possible-to-split-array.html',
    url: 'https://leetcode.com/contest/weekly-contest-357/problems/check-if-it-is-possible-to-split-array/',
    kind: 'variant',
    expected: page('Check if it is Possible to Split Array', 'Medium'),
  },
  // GeeksforGeeks' 2022 panel, saved: the level bare in the header ("Basic", no label), the tags in accordions under the statement (company tags left out).
  {
    file: 'geeksforgeeks/binary-search-panel-2022.html',
    url: 'https://practice.geeksforgeeks.org/problems/binary-search-1587115620/1',
    kind: 'variant',
    expected: page('Binary Search', 'Basic', ['Arrays', 'Divide and Conquer', 'Searching']),
  },
  // LeetCode in 2023, saved on the Solutions tab: the statically exported page's Next.js data is empty (no question), so the title names it; no statement on that tab.
  { file: 'leetcode/combinations-solutions-2023.html', url: 'https://leetcode.com/problems/combinations/solutions/', kind: 'variant', noStatement: true, expected: page('Combinations', null) },
  // A gym problem whose statement is a PDF: named from the submit form's problem list by its index, never "Codeforces".
  { file: 'codeforces/gym104114C-pdf.html', url: 'https://codeforces.com/gym/104114/problem/C', kind: 'variant', noStatement: true, expected: page('Cactus Meets Torus', null) },
  // GeeksforGeeks' older layout: page data under other keys (without the level), the level as a bare label.
  {
    file: 'geeksforgeeks/reverse-a-linked-list-old-layout.html',
    url: 'https://practice.geeksforgeeks.org/problems/reverse-a-linked-list/1',
    kind: 'variant',
    expected: page('Reverse a linked list', 'Easy', ['Linked List', 'Data Structures']),
  },
  // A CodeChef contest problem: the contest's own title block.
  { file: 'codechef/START100-FLOW001-contest.html', url: 'https://www.codechef.com/START100/problems/FLOW001', kind: 'variant', expected: page('Add Two Numbers', null) },
  // A CodeChef course's problem, saved (its head: the app renders the rest): "… Practice Problem in <course>".
  {
    file: 'codechef/JASSIGNMENTS-course.html',
    url: 'https://www.codechef.com/practice/course/logical-problems/DIFF800/problems/JASSIGNMENTS',
    kind: 'variant',
    noStatement: true,
    expected: page('Janmansh and Assignments', null),
  },
  // AtCoder's Japanese page of a task.
  { file: 'atcoder/dp_a-ja.html', url: 'https://atcoder.jp/contests/dp/tasks/dp_a?lang=ja', kind: 'variant', expected: page('カエル 1', null) },
  // CSES with the sidebar's tasks as plain links under the section heading.
  { file: 'cses/1068-plain-sidebar.html', url: 'https://cses.fi/problemset/task/1068/', kind: 'variant', expected: page('Weird Algorithm', null, ['Introductory Problems']) },
  // HackerRank's classic challenge view: generic title, tour heading, plain breadcrumb, "Difficulty:" row.
  {
    file: 'hackerrank/compare-the-triplets-classic.html',
    url: 'https://www.hackerrank.com/challenges/compare-the-triplets/problem',
    kind: 'variant',
    expected: page('Compare the Triplets', 'Easy', ['Warmup']),
  },
  // HackerRank in 2016, saved: a title with the track in it, a generic og:title, a plain-link breadcrumb and the tour heading.
  { file: 'hackerrank/new-year-chaos-2016.html', url: 'https://www.hackerrank.com/challenges/new-year-chaos/problem', kind: 'variant', expected: page('New Year Chaos', null, ['Implementation']) },
  // InterviewBit with a hyphenated title, a "Difficulty:" row and a JSON-LD breadcrumb.
  {
    file: 'interviewbit/longest-consecutive-sequence.html',
    url: 'https://www.interviewbit.com/problems/longest-consecutive-sequence/',
    kind: 'variant',
    expected: page('Longest Consecutive Sequence', 'Medium', ['Hashing']),
  },
  // Code360 before its rename: "… - Coding Ninjas CodeStudio".
  {
    file: 'codestudio/reverse-linked-list_920513-codestudio.html',
    url: 'https://www.codingninjas.com/codestudio/problems/reverse-linked-list_920513',
    kind: 'variant',
    expected: page('Reverse Linked List', 'Moderate', ['Linked List']),
  },
  // TUF+ with a "Difficulty:" label and the Topics chips.
  {
    file: 'tuf/longest-subarray-with-sum-k.html',
    url: 'https://takeuforward.org/plus/dsa/problems/longest-subarray-with-sum-k',
    kind: 'variant',
    expected: page('Longest Subarray With Sum K', 'Hard', ['Arrays', 'Hashing', 'Prefix Sum']),
  },
  // SPOJ with several tags, one repeated.
  { file: 'spoj/ONP.html', url: 'https://www.spoj.com/problems/ONP/', kind: 'variant', expected: page('Transform the Expression', null, ['stack', 'expression']) },
  // TopCoder's statement opened from a round's archive: "Used As" and "Categories".
  {
    file: 'topcoder/1918-archive.html',
    url: 'https://community.topcoder.com/stat?c=problem_statement&pm=1918&rd=5006',
    kind: 'variant',
    expected: page('FlowerGarden', 'Division I Level Two', ['Dynamic Programming', 'Sorting']),
  },
  // HackerEarth with a generic title and the level in the header.
  {
    file: 'hackerearth/palindromic-string.html',
    url: 'https://www.hackerearth.com/practice/basic-programming/input-output/basics-of-input-output/practice-problems/algorithm/palindromic-string/',
    kind: 'variant',
    expected: page('Palindromic String', 'Easy', ['Basics of Input/Output']),
  },

  // A layout new to LeetCode's reader: the title and the level chip still read, the statement not found (the popup says so).
  { file: 'leetcode/two-sum-changed-layout.html', url: 'https://leetcode.com/problems/two-sum/', kind: 'changed', expected: page('Two Sum', 'Easy') },

  // Not the problem at all, served at its URL: nothing beyond the URL (the reader alone would have read the bait on them).
  { file: 'leetcode/cloudflare-challenge.html', url: 'https://leetcode.com/problems/two-sum/', kind: 'unreadable', expected: page(null, null) },
  { file: 'codeforces/cloudflare-challenge.html', url: 'https://codeforces.com/problemset/problem/4/A', kind: 'unreadable', expected: page(null, null) },
  { file: 'hackerrank/page-not-found.html', url: 'https://www.hackerrank.com/challenges/old-challenge/problem', kind: 'unreadable', expected: page(null, null) },
  { file: 'interviewbit/login-wall.html', url: 'https://www.interviewbit.com/problems/colorful-number/', kind: 'unreadable', expected: page(null, null) },
];

/** Saved pages that are not problem pages (used by the end-to-end flows). */
const NON_PROBLEM_PAGES: { file: string; url: string }[] = [
  { file: 'leetcode/problemset.html', url: 'https://leetcode.com/problemset/' },
  // A Codeforces status page (auto-tick reads its verdicts; it is not a problem page).
  { file: 'codeforces/status-my.html', url: 'https://codeforces.com/problemset/status?my=on' },
  // The submit form and the status page right after a submit (kept solutions' end-to-end flow).
  { file: 'codeforces/submit.html', url: 'https://codeforces.com/problemset/submit' },
  { file: 'codeforces/status-submitted.html', url: 'https://codeforces.com/problemset/status?my=on' },
];

/** What the reader yields on a saved page (which is never mid-move, so never null). */
const read = (platform: string, doc: Document): PageDetails => readPageDetails(platform, doc)!;
const load = (file: string): Document => new DOMParser().parseFromString(readFileSync(join(PAGES, file), 'utf8'), 'text/html');
const platformOf = (file: string): PlatformId => file.split('/')[0] as PlatformId;
const problemSources = platforms.filter((p) => p.problemSource);

describe('DOM readers on saved problem pages', () => {
  it.each(FIXTURES)('$file', ({ file, expected }) => {
    expect(domReaders[platformOf(file)], `no reader for ${platformOf(file)}`).toBeDefined();
    expect(read(platformOf(file), load(file))).toEqual(expected);
  });

  it.each(FIXTURES)('$file is recognised as an interstitial exactly when it is one', ({ file, kind }) => {
    expect(isInterstitial(load(file), domReaders[platformOf(file)]?.[1].statement)).toBe(kind === 'unreadable');
  });

  it.each(FIXTURES)('$file is served at a URL of its platform', ({ file, url }) => {
    expect(parseProblemUrl(url)?.platform).toBe(platformOf(file));
  });

  it.each(FIXTURES)('detectProblem combines the URL and the page for $file', ({ file, url, expected }) => {
    const parsed = parseProblemUrl(url);
    expect(parsed).not.toBeNull();
    expect(detectProblem(url, load(file))).toEqual({ ...parsed, ...expected });
  });

  it.each(FIXTURES.filter((f) => (f.kind === 'full' || f.kind === 'variant') && !f.noStatement))("$file shows a statement its reader's selector finds", ({ file }) => {
    expect(hasStatement(load(file), domReaders[platformOf(file)]![1].statement)).toBe(true);
  });

  it.each(NON_PROBLEM_PAGES)('$file is not a problem page', ({ file, url }) => {
    expect(detectProblem(url, load(file))).toBeNull();
  });

  it('lists every saved page', () => {
    const onDisk = readdirSync(PAGES, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.html'))
      .map((f) => f.split('\\').join('/'))
      .sort();
    const listed = [...FIXTURES, ...NON_PROBLEM_PAGES].map((f) => f.file).sort();
    expect(listed).toEqual(onDisk);
  });

  it('has, per judge, two pages of its current markup (one full, one degraded) and one older or variant layout; and interstitials', () => {
    for (const { id } of problemSources) {
      const own = FIXTURES.filter((f) => platformOf(f.file) === id);
      expect(own.filter((f) => f.kind === 'full' || f.kind === 'degraded').length, id).toBeGreaterThanOrEqual(2);
      expect(own.some((f) => f.kind === 'full'), `${id}: a full page`).toBe(true);
      expect(own.some((f) => f.kind === 'degraded'), `${id}: a degraded page`).toBe(true);
      expect(own.some((f) => f.kind === 'variant'), `${id}: an older or variant layout`).toBe(true);
    }
    // A Cloudflare challenge at a LeetCode and a Codeforces problem URL, a judge's error page, a login wall.
    const unreadable = FIXTURES.filter((f) => f.kind === 'unreadable').map((f) => f.file);
    for (const file of ['leetcode/cloudflare-challenge.html', 'codeforces/cloudflare-challenge.html', 'hackerrank/page-not-found.html', 'interviewbit/login-wall.html']) {
      expect(unreadable).toContain(file);
    }
  });
});

describe('the reader registry', () => {
  it('has a reader for every problem-source platform (the registry is complete)', () => {
    const missing = problemSources.map((p) => p.id).filter((id) => !domReaders[id]);
    expect(missing).toEqual([]);
  });

  it('has no reader for a platform that is not a problem source', () => {
    for (const p of platforms.filter((q) => !q.problemSource)) expect(domReaders[p.id], p.id).toBeUndefined();
  });

  const empties: [string, () => Document][] = [
    ['an empty document', () => new DOMParser().parseFromString('', 'text/html')],
    ['a document without a body', () => document.implementation.createDocument(null, null, null)],
    ['an HTML document with an empty body', () => document.implementation.createHTMLDocument('')],
  ];

  it.each(problemSources.map((p) => p.id))('%s returns empty details for empty documents without throwing', (id) => {
    const reader = domReaders[id]!;
    for (const [label, make] of empties) {
      expect(bounded(reader[0](make())!), `${id} on ${label}`).toEqual({ name: null, difficulty: null, topics: [] });
    }
  });

  it.each(problemSources.map((p) => p.id))('%s ignores malformed embedded data', (id) => {
    const html = `<!DOCTYPE html><html><head><title>Just a moment...</title>
      <script id="__NEXT_DATA__" type="application/json">{"props": {"pageProps": </script>
      <script type="application/ld+json">[{"@type": "BreadcrumbList", "itemListElement": 7}</script></head>
      <body><h1>Sign in</h1><a href="/problems/">Problems</a></body></html>`;
    const details = bounded(domReaders[id]![0](new DOMParser().parseFromString(html, 'text/html'))!);
    expect(details.difficulty, id).toBeNull();
    expect(details.topics, id).toEqual([]);
  });
});

describe('a problem named like a wall is still a problem', () => {
  const BAIT = ['Login', '404 Not Found', 'Error', 'Sign up', 'Not Found', 'Page Not Found', 'Access Denied'];
  /**
   * Every page whose reader finds the name as shown (title, heading, page data), renamed to `bait` everywhere. Pages
   * without a statement are left out: there a title reading "Login" is a login wall's.
   */
  const named = FIXTURES.filter((f) => (f.kind === 'full' || f.kind === 'variant') && f.expected.name && !/^[A-Za-z_]\w*$/.test(f.expected.name) && !f.noStatement);
  const renamed = (file: string, from: string, to: string): Document => {
    const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "(?:'|&#x27;|&#39;|\\\\u0027)");
    return new DOMParser().parseFromString(readFileSync(join(PAGES, file), 'utf8').replace(new RegExp(escaped, 'g'), to), 'text/html');
  };

  it.each(named.flatMap((f) => BAIT.map((bait) => ({ ...f, bait }))))('$file renamed $bait is read with that name', ({ file, expected, bait }) => {
    const doc = renamed(file, expected.name!, bait);
    expect(isInterstitial(doc, domReaders[platformOf(file)]![1].statement), 'a wall').toBe(false);
    expect(read(platformOf(file), doc).name).toBe(bait);
  });

  // Pages whose title or heading shows the bare name: without a statement, "Login" there is a login wall's.
  const bareName = ['hackerrank/solve-me-first.html', 'leetcode/two-sum.html', 'geeksforgeeks/kadanes-algorithm.html', 'interviewbit/colorful-number.html', 'cses/1068.html'];
  it.each(bareName)('%s renamed Login, without its statement, is a login wall', (file) => {
    const doc = renamed(file, FIXTURES.find((f) => f.file === file)!.expected.name!, 'Login');
    const statement = domReaders[platformOf(file)]![1].statement;
    doc.querySelectorAll(statement).forEach((el) => el.remove());
    expect(isInterstitial(doc, statement)).toBe(true);
    expect(read(platformOf(file), doc)).toEqual(page(null, null));
  });

  it('a Cloudflare challenge is a wall even beside statement-like markup', () => {
    for (const file of ['codeforces/cloudflare-challenge.html', 'leetcode/cloudflare-challenge.html', 'codechef/cloudflare-challenge.html']) {
      const doc = load(file);
      doc.body.insertAdjacentHTML('beforeend', `<div class="problem-statement" data-track-load="description_content" id="problem-statement">${'A statement. '.repeat(20)}</div>`);
      expect(isInterstitial(doc, domReaders[platformOf(file)]![1].statement), file).toBe(true);
      expect(read(platformOf(file), doc), file).toEqual(page(null, null));
    }
  });

  it('an empty statement container does not make a wall a problem page', () => {
    const doc = load('hackerrank/page-not-found.html');
    doc.body.insertAdjacentHTML('beforeend', '<div class="challenge-body-html">  </div>');
    expect(isInterstitial(doc, domReaders.hackerrank![1].statement)).toBe(true);
  });
});

describe('pages that are not the problem, and pages that attack the reader', () => {
  const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

  it.each([
    ['Just a moment...', true],
    ['Attention Required! | Cloudflare', true],
    ['404 - Page Not Found | CodeChef', true],
    ['Page Not Found | HackerRank', true],
    ['Error 500', true],
    ['404 Not Found', true],
    ['503 Service Temporarily Unavailable', true],
    // A judge's own title format after a name that starts with a status code is a problem's.
    ['404 Not Found Practice Problem in 500 to 1000 difficulty problems', false],
    ['Login | InterviewBit', true],
    ['Sign in - LeetCode', true],
    // Real problems whose names start with such words are problems.
    ['Error Correct System | Practice | GeeksforGeeks', false],
    ['Login System - LeetCode', false],
    ['Two Sum - LeetCode', false],
    ['Problem - 4A - Codeforces', false],
  ])('the title %j is an interstitial: %s', (title, wall) => {
    expect(isInterstitial(parse(`<html><head><title>${title}</title></head><body><p>x</p></body></html>`))).toBe(wall);
  });

  it("AtCoder's saved page without its head tags is named by its heading, not the heading's Editorial button", () => {
    const doc = load('atcoder/abc307_c.html');
    doc.querySelectorAll('title, meta').forEach((el) => el.remove());
    expect(read('atcoder', doc).name).toBe('Ideal Sheet');
  });

  it('a Codeforces gym problem with a PDF statement and no problem list stays unnamed (never "Codeforces")', () => {
    const doc = load('codeforces/gym104114C-pdf.html');
    doc.querySelector('select[name="submittedProblemIndex"]')!.remove();
    expect(read('codeforces', doc)).toEqual(page(null, null));
    // The contest's problems table names it as well as the submit form does.
    doc.body.insertAdjacentHTML('beforeend', '<table class="problems"><tr><td class="id"><a href="/gym/104114/problem/C">C</a></td><td><div><a href="/gym/104114/problem/C">Cactus Meets Torus</a></div></td></tr></table>');
    expect(read('codeforces', doc).name).toBe('Cactus Meets Torus');
  });

  // Every full page of every judge, made hostile where its reader looks: huge text with markup, scripts
  // and control characters in its title, headings, labels and page data.
  const EVIL = `<b onmouseover="x()">Two</b>\u0000\u202e Sum<script>alert(1)</script>${' padding'.repeat(5000)}`;
  const full = FIXTURES.filter((f) => f.kind === 'full');

  it.each(full)('$file, made hostile, yields plain trimmed text of bounded length', ({ file }) => {
    const doc = load(file);
    const escaped = EVIL.replace(/</g, '&lt;').replace(/>/g, '&gt;');
    for (const t of Array.from(doc.querySelectorAll('title'))) t.textContent = `${EVIL} | ${t.textContent}`;
    for (const m of Array.from(doc.querySelectorAll('meta[property="og:title"]'))) m.setAttribute('content', `${EVIL} - ${m.getAttribute('content')}`);
    for (const h of Array.from(doc.querySelectorAll('h1, h2, h3, .title, a'))) h.insertAdjacentHTML('afterbegin', `${escaped}<script>var stolen = document.cookie;</script><style>h1{}</style>`);
    for (const s of Array.from(doc.querySelectorAll('script[type="application/json"], script[type="application/ld+json"]'))) {
      s.textContent = s.textContent.replace(/"(title|problem_name|name)":"/g, `"$1":${JSON.stringify(EVIL)}, "x$1":"`);
    }
    const details = read(platformOf(file), doc);
    const strings = [details.name, details.difficulty, ...details.topics].filter((s): s is string => s !== null);
    for (const s of strings) {
      expect(s, file).toBe(s.trim());
      // Markup shown as text loses its tags (what is left, alert(1), is plain text); script and style content is never text.
      // eslint-disable-next-line no-control-regex -- no control character may reach the details
      expect(s, file).not.toMatch(/<\/?[a-z]|[\u0000-\u001f\u202e]|document\.cookie|h1\{/i);
    }
    expect(details.name?.length ?? 0, file).toBeLessThanOrEqual(200);
    expect(details.difficulty?.length ?? 0, file).toBeLessThanOrEqual(20);
    expect(details.topics.length, file).toBeLessThanOrEqual(20);
    for (const t of details.topics) expect(t.length, file).toBeLessThanOrEqual(60);
  });

  it('keeps a long but real name whole up to the bound, and drops oversized labels', () => {
    const name = 'A'.repeat(150);
    const doc = parse(`<html><head><title>${name} | HackerRank</title></head><body><p>Difficulty: ${'Easy '.repeat(10)}</p></body></html>`);
    expect(read('hackerrank', doc)).toEqual(page(name, null));
    const tags = Array.from({ length: 40 }, (_, i) => `<a href="/problems/tag/t${i}">#t${i % 30}</a>`).join('');
    const spoj = parse(`<html><body><h2 id="problem-name">X - <i>Bold</i>   Name\u0007</h2><div id="problem-tags">${tags}<a href="/problems/tag/long">#${'x'.repeat(61)}</a></div></body></html>`);
    const spojRead = read('spoj', spoj);
    expect(spojRead.name).toBe('Bold Name');
    expect(spojRead.topics).toEqual(Array.from({ length: 20 }, (_, i) => `t${i}`));
  });
});
