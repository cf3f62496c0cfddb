// Saved pages reference their judges' stylesheets and scripts: never fetch them, and count a skipped load as done.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platforms } from '@shared/platforms/index';
import type { PlatformId } from '@shared/platforms/types';
import { selectorNamesSchema } from '@shared/schemas/health';
import { domReaders, readPageDetails, statementlessViews } from './index';
import { isInterstitial, layoutUnderstood, matchedSelectors } from './types';

const PAGES = resolve(import.meta.dirname, '../../tests/fixtures/pages');
const load = (file: string): Document => new DOMParser().parseFromString(readFileSync(join(PAGES, file), 'utf8'), 'text/html');
const platformOf = (file: string): PlatformId => file.split('/')[0] as PlatformId;
const tableOf = (file: string) => domReaders[platformOf(file)]![1];

/** What the background judges of a settled page (background/health.ts): understood, and the selectors that matched. */
function judge(file: string, url: string) {
  const doc = load(file);
  const matched = matchedSelectors(doc, tableOf(file));
  const showsStatement = !statementlessViews[platformOf(file)]?.test(new URL(url).pathname);
  return { matched, understood: layoutUnderstood(readPageDetails(platformOf(file), doc)?.name ?? null, matched, showsStatement) };
}

describe("each judge's selector table", () => {
  const readers = platforms.filter((p) => p.problemSource).map((p) => p.id);

  it.each(readers)('%s: names valid selectors, its statement among them, by names a report may carry', (id) => {
    const table = domReaders[id]![1];
    expect(table.statement, id).toBeTruthy();
    expect(selectorNamesSchema.safeParse(Object.keys(table)).success, id).toBe(true);
    const doc = document.implementation.createHTMLDocument('');
    for (const [name, selector] of Object.entries(table)) expect(() => doc.querySelector(selector), `${id}.${name}`).not.toThrow();
  });
});

describe('selector reports on saved pages', () => {
  it.each([
    ['leetcode/two-sum.html', ['nextData', 'titleLink', 'level', 'topicTags', 'pageData', 'statement']],
    ['leetcode/is-graph-bipartite-panel.html', ['titleLink', 'level', 'statement']],
    ['codeforces/4A.html', ['title', 'pdfIndex', 'tagBox', 'statement']],
    ['codeforces/status-my.html', ['header', 'logout', 'profileLink', 'statusTable', 'submissionRow', 'partyCell', 'verdictCode', 'verdictCell', 'acceptedMark', 'rejectedMark']],
    ['spoj/PRIME1.html', ['heading', 'tags', 'statement']],
    // A layout new to the reader: only the generic selectors still match; the statement is not found.
    ['leetcode/two-sum-changed-layout.html', ['titleLink', 'level']],
  ])('%s reports %j', (file, expected) => {
    expect(matchedSelectors(load(file), tableOf(file))).toEqual(expected);
  });

  // One page of each judge's current markup, and variants the rule must not mistake for a new layout.
  it.each([
    ['leetcode/two-sum.html', 'https://leetcode.com/problems/two-sum/description/'],
    ['leetcode/contest-check-if-it-is-possible-to-split-array.html', 'https://leetcode.com/contest/weekly-contest-357/problems/check-if-it-is-possible-to-split-array/'],
    // The Solutions tab shows no statement by design: its name alone is enough.
    ['leetcode/combinations-solutions-2023.html', 'https://leetcode.com/problems/combinations/solutions/'],
    ['codeforces/4A.html', 'https://codeforces.com/problemset/problem/4/A'],
    // A PDF statement: its holder is the statement.
    ['codeforces/gym104114C-pdf.html', 'https://codeforces.com/gym/104114/problem/C'],
    ['geeksforgeeks/kadanes-algorithm.html', 'https://www.geeksforgeeks.org/problems/kadanes-algorithm-1587115620/1'],
    ['codechef/NYRES.html', 'https://www.codechef.com/problems/NYRES'],
    ['atcoder/dp_a.html', 'https://atcoder.jp/contests/dp/tasks/dp_a'],
    ['cses/1068.html', 'https://cses.fi/problemset/task/1068'],
    ['hackerrank/solve-me-first.html', 'https://www.hackerrank.com/challenges/solve-me-first/problem'],
    ['interviewbit/colorful-number.html', 'https://www.interviewbit.com/problems/colorful-number/'],
    ['codestudio/reverse-linked-list_920513.html', 'https://www.naukri.com/code360/problems/reverse-linked-list_920513'],
    ['tuf/majority-element.html', 'https://takeuforward.org/plus/dsa/problems/majority-element'],
    ['spoj/PRIME1.html', 'https://www.spoj.com/problems/PRIME1/'],
    ['topcoder/1918.html', 'https://community.topcoder.com/stat?c=problem_statement&pm=1918'],
    ['hackerearth/seven-segment-display.html', 'https://www.hackerearth.com/problem/algorithm/seven-segment-display-nov-easy-e7f87ce0/'],
  ])('%s is understood', (file, url) => {
    expect(judge(file, url).understood).toBe(true);
  });

  it('a changed layout is not understood: its name is read, its statement not found', () => {
    const file = 'leetcode/two-sum-changed-layout.html';
    expect(readPageDetails('leetcode', load(file))?.name).toBe('Two Sum');
    expect(isInterstitial(load(file), tableOf(file).statement)).toBe(false);
    expect(judge(file, 'https://leetcode.com/problems/two-sum/').understood).toBe(false);
    // On a tab that shows no statement anyway, the name alone is enough.
    expect(judge(file, 'https://leetcode.com/problems/two-sum/editorial/').understood).toBe(true);
  });

  it('a page with its statement but no name read is not understood', () => {
    const doc = load('cses/1068.html');
    doc.querySelectorAll('title, .title-block').forEach((el) => el.remove());
    const matched = matchedSelectors(doc, tableOf('cses/1068.html'));
    expect(matched).toContain('statement');
    expect(readPageDetails('cses', doc)?.name).toBeNull();
    expect(layoutUnderstood(null, matched)).toBe(false);
  });

  it('reports names only, never what the page says', () => {
    const report = JSON.stringify(matchedSelectors(load('leetcode/two-sum.html'), tableOf('leetcode/two-sum.html')));
    expect(report).not.toMatch(/Two Sum|nums|target/);
  });
});
