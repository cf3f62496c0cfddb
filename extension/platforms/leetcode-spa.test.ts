// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableJavaScriptEvaluation":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPageDetails } from './index';
import { readLeetcode } from './leetcode.dom';

const SPA = readFileSync(resolve(import.meta.dirname, '../../tests/fixtures/pages/leetcode/two-sum-spa.html'), 'utf8');

const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(url);

function livePage(url: string) {
  setUrl(url);
  document.documentElement.innerHTML = new DOMParser().parseFromString(SPA, 'text/html').documentElement.innerHTML;
  return document;
}

describe('LeetCode after a client-side move to another problem', () => {
  it('reads the page data while it describes the problem in the URL', () => {
    expect(readLeetcode(livePage('https://leetcode.com/problems/two-sum/description/'))).toEqual({ name: 'Two Sum', difficulty: 'Easy', topics: ['Array', 'Hash Table'] });
  });

  it('ignores the stale page data and reads the new problem from the page', () => {
    const doc = livePage('https://leetcode.com/problems/two-sum/');
    // What the fixture's router does on "Next problem".
    setUrl('https://leetcode.com/problems/add-two-numbers/description/');
    doc.getElementById('qd-content')!.innerHTML =
      '<div class="text-title-large"><a href="/problems/add-two-numbers/">2. Add Two Numbers</a></div>' +
      '<div class="flex gap-1"><div class="text-difficulty-medium">Medium</div></div>' +
      '<div class="mt-2"><a href="/tag/linked-list/">Linked List</a><a href="/tag/math/">Math</a><a href="/tag/recursion/">Recursion</a></div>';
    expect(readLeetcode(doc)).toEqual({ name: 'Add Two Numbers', difficulty: 'Medium', topics: ['Linked List', 'Math', 'Recursion'] });
  });

  it('reads nothing while the URL has moved on but the page still shows the previous problem', () => {
    const doc = livePage('https://leetcode.com/problems/two-sum/');
    // The router has pushed the new URL; the content, the title and the page data are still Two Sum's.
    setUrl('https://leetcode.com/problems/add-two-numbers/description/');
    expect(readLeetcode(doc)).toBeNull();
    expect(readPageDetails('leetcode', doc)).toBeNull();
    // The title changes first: it names the new problem, so the name is this URL's (the level and tags follow).
    doc.title = 'Add Two Numbers - LeetCode';
    doc.getElementById('qd-content')!.innerHTML = '<div class="animate-pulse">Loading…</div>';
    expect(readLeetcode(doc)).toEqual({ name: 'Add Two Numbers', difficulty: null, topics: [] });
  });

  it('never takes a stale title, a title link to another problem or stale page data for the URL', () => {
    const doc = livePage('https://leetcode.com/problems/two-sum/');
    setUrl('https://leetcode.com/problems/add-two-numbers/');
    doc.title = 'Two Sum - LeetCode';
    doc.getElementById('qd-content')!.innerHTML = '<a href="/problems/two-sum/">1. Two Sum</a><div>Easy</div><a href="/tag/array/">Array</a>';
    expect(readLeetcode(doc)).toBeNull();
    // The new content arrives: read, with none of the old page data.
    doc.getElementById('qd-content')!.innerHTML = '<a href="/problems/add-two-numbers/">2. Add Two Numbers</a><div>Medium</div>';
    expect(readLeetcode(doc)).toEqual({ name: 'Add Two Numbers', difficulty: 'Medium', topics: [] });
  });

  it('ties a contest problem page to its slug too', () => {
    const doc = livePage('https://leetcode.com/contest/weekly-contest-357/problems/check-if-it-is-possible-to-split-array/');
    // The page data and title link are another problem's (two-sum): nothing is read.
    expect(readLeetcode(doc)).toBeNull();
    doc.title = 'Check if it is Possible to Split Array - LeetCode Contest';
    expect(readLeetcode(doc)?.name).toBe('Check if it is Possible to Split Array');
  });
});
