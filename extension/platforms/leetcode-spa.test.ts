// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableJavaScriptEvaluation":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
