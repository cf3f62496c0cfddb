// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableJavaScriptEvaluation":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseProblemUrl } from '@shared/platforms/index';
import type { ContentMessage } from '@shared/schemas/messages';
import { TAP_MESSAGE } from '../verdicts/leetcode';
import { codeforcesVerdictFeature } from './codeforces-verdict';
import { detectProblemFeature } from './detect-problem';
import { leetcodeVerdictFeature } from './leetcode-verdict';
import type { FeatureContext } from './types';
import { readLeetcode, selectors } from '../platforms/leetcode.dom';

const PAGES = resolve(import.meta.dirname, '../../tests/fixtures/pages');
const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(url);

function load(file: string, url: string) {
  setUrl(url);
  document.documentElement.innerHTML = new DOMParser().parseFromString(readFileSync(resolve(PAGES, file), 'utf8'), 'text/html').documentElement.innerHTML;
}

/** A feature context whose background answers like the real one and records what it was sent. */
function context() {
  const sent: ContentMessage[] = [];
  const moves: (() => void)[] = [];
  const toasts: string[] = [];
  const controller = new AbortController();
  const ctx: FeatureContext = {
    window,
    signal: controller.signal,
    reader: [readLeetcode, selectors],
    send: vi.fn(<T>(m: ContentMessage): Promise<T> => {
      sent.push(m);
      if (m.type === 'page:identify') return Promise.resolve(parseProblemUrl(m.url) as T);
      if (m.type === 'verdict:accepted') return Promise.resolve({ status: 'ticked', message: 'Accepted! marked solved' } as T);
      return Promise.resolve(null as T);
    }) as FeatureContext['send'],
    onLocationChange: (cb) => moves.push(cb),
    toast: (text) => toasts.push(text),
  };
  return { ctx, sent, moves, toasts, stop: () => controller.abort() };
}

describe('detect-problem', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports the problem, and the next one right after a client-side move', async () => {
    load('leetcode/two-sum-spa.html', 'https://leetcode.com/problems/two-sum/');
    const t = context();
    detectProblemFeature.start(t.ctx);
    await vi.advanceTimersByTimeAsync(50);
    const detected = () => t.sent.filter((m) => m.type === 'problem:detected').map((m) => m.problem);
    expect(detected()).toEqual([{ platform: 'leetcode', key: 'two-sum', url: 'https://leetcode.com/problems/two-sum/', name: 'Two Sum', difficulty: 'Easy', topics: ['Array', 'Hash Table'] }]);

    // The router moves to another problem: the page tells the feature at once, no poll needed.
    setUrl('https://leetcode.com/problems/add-two-numbers/description/');
    document.getElementById('qd-content')!.innerHTML =
      '<a href="/problems/add-two-numbers/">2. Add Two Numbers</a><div>Medium</div><a href="/tag/linked-list/">Linked List</a>';
    for (const move of t.moves) move();
    await vi.advanceTimersByTimeAsync(500);
    expect(detected().at(-1)).toEqual({
      platform: 'leetcode',
      key: 'add-two-numbers',
      url: 'https://leetcode.com/problems/add-two-numbers/',
      name: 'Add Two Numbers',
      difficulty: 'Medium',
      topics: ['Linked List'],
    });
    // Once the page has settled, the same problem once more with the reader's selectors that match (this
    // stand-in for the next problem shows no statement); then nothing changes, and nothing more is sent.
    const reports = () => t.sent.filter((m) => m.type !== 'page:identify');
    const before = reports().length;
    await vi.advanceTimersByTimeAsync(12_000);
    expect(reports().slice(before)).toMatchObject([{ type: 'problem:detected', problem: { key: 'add-two-numbers' }, layout: ['nextData', 'titleLink', 'level', 'topicTags', 'pageData'] }]);
    t.stop();
  });

  it('after a move, reports (and so enriches) nothing until the page shows the new problem', async () => {
    load('leetcode/two-sum-spa.html', 'https://leetcode.com/problems/two-sum/');
    const t = context();
    detectProblemFeature.start(t.ctx);
    await vi.advanceTimersByTimeAsync(50);
    const detected = () => t.sent.filter((m) => m.type === 'problem:detected').map((m) => m.problem);
    expect(detected()).toHaveLength(1);
    // The URL moves first; the content is still Two Sum's for a while.
    setUrl('https://leetcode.com/problems/add-two-numbers/description/');
    for (const move of t.moves) move();
    await vi.advanceTimersByTimeAsync(2000);
    expect(detected()).toHaveLength(1);
    document.getElementById('qd-content')!.innerHTML = '<a href="/problems/add-two-numbers/">2. Add Two Numbers</a><div>Medium</div>';
    await vi.advanceTimersByTimeAsync(1500);
    expect(detected()).toEqual([
      expect.objectContaining({ key: 'two-sum', name: 'Two Sum' }),
      { platform: 'leetcode', key: 'add-two-numbers', url: 'https://leetcode.com/problems/add-two-numbers/', name: 'Add Two Numbers', difficulty: 'Medium', topics: [] },
    ]);
    t.stop();
  });

  it('reports a problem whose page never shows it in a form it reads from its URL alone, after a while', async () => {
    load('leetcode/two-sum-spa.html', 'https://leetcode.com/problems/two-sum/');
    const t = context();
    detectProblemFeature.start(t.ctx);
    await vi.advanceTimersByTimeAsync(50);
    setUrl('https://leetcode.com/problems/add-two-numbers/');
    for (const move of t.moves) move();
    await vi.advanceTimersByTimeAsync(4000);
    const last = () => t.sent.filter((m) => m.type === 'problem:detected').at(-1);
    expect(last()).toMatchObject({ problem: { key: 'two-sum' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(last()).toEqual({
      type: 'problem:detected',
      problem: { platform: 'leetcode', key: 'add-two-numbers', url: 'https://leetcode.com/problems/add-two-numbers/', name: null, difficulty: null, topics: [] },
      // No name read: the background counts the page as not understood.
      layout: ['nextData', 'titleLink', 'level', 'topicTags', 'pageData', 'statement'],
    });
    t.stop();
  });

  it('reports a bot check served at a problem URL as the URL alone', async () => {
    load('leetcode/cloudflare-challenge.html', 'https://leetcode.com/problems/two-sum/');
    const t = context();
    detectProblemFeature.start(t.ctx);
    await vi.advanceTimersByTimeAsync(50);
    expect(t.sent.filter((m) => m.type === 'problem:detected')).toEqual([
      { type: 'problem:detected', problem: { platform: 'leetcode', key: 'two-sum', url: 'https://leetcode.com/problems/two-sum/', name: null, difficulty: null, topics: [] } },
    ]);
    t.stop();
  });

  it('once the page has settled, reports which selectors matched: a changed layout lacks its statement', async () => {
    load('leetcode/two-sum-changed-layout.html', 'https://leetcode.com/problems/two-sum/');
    const t = context();
    detectProblemFeature.start(t.ctx);
    await vi.advanceTimersByTimeAsync(50);
    const detected = () => t.sent.filter((m) => m.type === 'problem:detected');
    // Read at once by the fallbacks, but not judged before the page had time to fill in.
    expect(detected()).toMatchObject([{ type: 'problem:detected', problem: { name: 'Two Sum' }, layout: undefined }]);
    await vi.advanceTimersByTimeAsync(7000);
    expect(detected().at(-1)).toMatchObject({ type: 'problem:detected', problem: { name: 'Two Sum' }, layout: ['titleLink', 'level'] });
    t.stop();
  });

  it('never judges the layout of a bot check', async () => {
    load('leetcode/cloudflare-challenge.html', 'https://leetcode.com/problems/two-sum/');
    const t = context();
    detectProblemFeature.start(t.ctx);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(t.sent.filter((m) => m.type === 'problem:detected' && m.layout)).toEqual([]);
    t.stop();
  });

  it('says so when the page is not a problem', async () => {
    load('leetcode/problemset.html', 'https://leetcode.com/problemset/');
    const t = context();
    detectProblemFeature.start(t.ctx);
    await vi.advanceTimersByTimeAsync(50);
    expect(t.sent.map((m) => m.type)).toEqual(['page:identify', 'problem:none']);
    t.stop();
  });
});

describe('leetcode-verdict', () => {
  const verdict = { type: TAP_MESSAGE, submissionId: '77', state: 'SUCCESS', statusMsg: 'Accepted', questionId: '1', slug: 'two-sum' };
  const post = (data: unknown, source: unknown = window) =>
    window.dispatchEvent(new MessageEvent('message', { data, source: source as Window, origin: window.location.origin }));

  it('reports an Accepted verdict for the page problem once, and shows the answer on the page', async () => {
    load('leetcode/two-sum-submit.html', 'https://leetcode.com/problems/two-sum/description/');
    const t = context();
    leetcodeVerdictFeature.start(t.ctx);
    post(verdict);
    post(verdict);
    await vi.waitFor(() => expect(t.toasts).toEqual(['Accepted! marked solved']));
    expect(t.sent).toEqual([
      { type: 'verdict:accepted', verdict: { source: 'leetcode', problemUrl: 'https://leetcode.com/problems/two-sum/', submissionId: '77' } },
    ]);
    t.stop();
  });

  it('sends the code the page submitted with an Accepted verdict', async () => {
    load('leetcode/two-sum-submit.html', 'https://leetcode.com/problems/two-sum/description/');
    const t = context();
    leetcodeVerdictFeature.start(t.ctx);
    post({ ...verdict, code: 'class Solution {};', language: 'C++' });
    await vi.waitFor(() => expect(t.sent).toHaveLength(1));
    expect(t.sent[0]).toEqual({
      type: 'verdict:accepted',
      verdict: { source: 'leetcode', problemUrl: 'https://leetcode.com/problems/two-sum/', submissionId: '77' },
      code: { code: 'class Solution {};', language: 'C++' },
    });
    t.stop();
  });

  it("reports a wrong verdict on the page's problem as an attempt, once", async () => {
    load('leetcode/two-sum-submit.html', 'https://leetcode.com/problems/two-sum/');
    const t = context();
    leetcodeVerdictFeature.start(t.ctx);
    post({ ...verdict, submissionId: '76', statusMsg: 'Wrong Answer' });
    post({ ...verdict, submissionId: '76', statusMsg: 'Wrong Answer' });
    await vi.waitFor(() => expect(t.sent).toHaveLength(1));
    expect(t.sent).toEqual([{ type: 'verdict:rejected', verdict: { source: 'leetcode', problemUrl: 'https://leetcode.com/problems/two-sum/', submissionId: '76' } }]);
    t.stop();
  });

  it("says so when the tap could not read a check answer: the answer's field names only", async () => {
    load('leetcode/two-sum-submit.html', 'https://leetcode.com/problems/two-sum/');
    const t = context();
    leetcodeVerdictFeature.start(t.ctx);
    post({ type: TAP_MESSAGE, shape: true, submissionId: '78', fields: ['submissionId', 'questionId'] });
    post({ type: TAP_MESSAGE, shape: true, submissionId: '79', fields: ['<b>x</b>'] });
    await vi.waitFor(() => expect(t.sent).toHaveLength(1));
    expect(t.sent).toEqual([{ type: 'verdict:layout', layout: ['submissionId', 'questionId'], answer: true }]);
    t.stop();
  });

  it('ignores anything else the page world posts', async () => {
    load('leetcode/two-sum-submit.html', 'https://leetcode.com/problems/two-sum/');
    const t = context();
    leetcodeVerdictFeature.start(t.ctx);
    post({ ...verdict, slug: 'three-sum', statusMsg: 'Wrong Answer' });
    post({ ...verdict, slug: 'three-sum' });
    post({ ...verdict, questionId: '15', slug: null });
    post({ ...verdict, submissionId: 'runcode_1' });
    post({ type: 'record:set', problemUrl: 'https://leetcode.com/problems/two-sum/', checked: true });
    post(verdict, null);
    await new Promise((r) => setTimeout(r, 20));
    expect(t.sent).toEqual([]);
    t.stop();
  });
});

describe('codeforces-verdict', () => {
  it("reports the user's own Accepted rows only, each once, also when a verdict arrives later", async () => {
    load('codeforces/status-my.html', 'https://codeforces.com/problemset/status?my=on');
    const t = context();
    codeforcesVerdictFeature.start(t.ctx);
    await vi.waitFor(() => expect(t.sent).toHaveLength(2));
    const cell = document.querySelector('tr[data-submission-id="250000002"] .status-verdict-cell')!;
    cell.setAttribute('waiting', 'false');
    cell.innerHTML = '<span class="submissionVerdictWrapper" submissionVerdict="OK"><span class="verdict-accepted">Accepted</span></span>';
    await vi.waitFor(() => expect(t.sent).toHaveLength(3), { timeout: 2000 });
    expect(t.sent).toEqual([
      // The user's own wrong answer (231A) first, as an attempt: another user's rows are never reported.
      { type: 'verdict:rejected', verdict: { source: 'codeforces', submissionId: '250000001', problemUrl: 'https://codeforces.com/problemset/problem/231/A' } },
      { type: 'verdict:accepted', verdict: { source: 'codeforces', submissionId: '250000005', problemUrl: 'https://codeforces.com/problemset/problem/4/A' } },
      { type: 'verdict:accepted', verdict: { source: 'codeforces', submissionId: '250000002', problemUrl: 'https://codeforces.com/problemset/problem/1/B' } },
    ]);
    t.stop();
  });

  it('a status page without its table of submissions says its verdict panel changed, by selector names', async () => {
    load('codeforces/status-my.html', 'https://codeforces.com/problemset/status?my=on');
    document.querySelector('.status-frame-datatable')!.className = 'datatable-v2';
    const t = context();
    codeforcesVerdictFeature.start(t.ctx);
    await vi.waitFor(() => expect(t.sent.some((m) => m.type === 'verdict:layout')).toBe(true));
    expect(t.sent.find((m) => m.type === 'verdict:layout')).toEqual({
      type: 'verdict:layout',
      layout: ['header', 'logout', 'profileLink', 'submissionRow', 'partyCell', 'verdictCode', 'verdictCell', 'acceptedMark', 'rejectedMark'],
    });
    t.stop();
  });
});
