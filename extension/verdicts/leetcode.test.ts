// Saved pages reference their judges' stylesheets and scripts: never fetch or run them.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableJavaScriptEvaluation":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SOLUTION_MAX_BYTES } from '@shared/rules/solutions';
import { leetcodePage } from '../platforms/leetcode.dom';
import {
  checkShape,
  checkSubmissionId,
  submittedCode,
  installVerdictTap,
  isAcceptedForPage,
  parseLeetcodeCheck,
  readTapMessage,
  submitSlug,
  submittedId,
  TAP_MESSAGE,
  type TapVerdict,
} from './leetcode';

const PAGES = resolve(import.meta.dirname, '../../tests/fixtures/pages');
const json = (file: string): unknown => JSON.parse(readFileSync(join(PAGES, file), 'utf8'));
const html = (file: string): Document => new DOMParser().parseFromString(readFileSync(join(PAGES, file), 'utf8'), 'text/html');

const fixture = (file: string) => readFileSync(join(PAGES, file), 'utf8');

const ANSWERS: Record<string, string> = {
  '/problems/two-sum/submit/': '{"submission_id": 1}',
  '/contest/api/weekly-contest-357/problems/check-if-it-is-possible-to-split-array/submit/': '{"submission_id": 1012345678}',
  '/submissions/detail/1012345678/check/': fixture('leetcode/check-contest-accepted.json'),
  '/submissions/detail/1/check/': fixture('leetcode/check-accepted.json'),
  '/submissions/detail/2/check/': fixture('leetcode/check-wrong-answer.json'),
  '/submissions/detail/3/check/': fixture('leetcode/check-pending.json'),
  '/problems/two-sum/interpret_solution/': '{"interpret_id": "runcode_1717000000.123_abcdef"}',
  '/submissions/detail/runcode_1717000000.123_abcdef/check/': fixture('leetcode/check-runcode-accepted.json'),
};

/** A page world with its own fetch and XMLHttpRequest answering like LeetCode. */
function pageWorld() {
  const posted: [unknown, string][] = [];
  const answer = (url: string) => ANSWERS[new URL(url, 'https://leetcode.com').pathname] ?? '{}';
  class FakeXHR {
    responseType = '';
    responseText = '';
    private url = '';
    private listeners: (() => void)[] = [];
    open(_method: string, url: string) {
      this.url = url;
    }
    addEventListener(_type: string, fn: () => void) {
      this.listeners.push(fn);
    }
    send() {
      this.responseText = answer(this.url);
      setTimeout(() => this.listeners.forEach((fn) => fn()), 0);
    }
  }
  const win = {
    location: { href: 'https://leetcode.com/problems/two-sum/', origin: 'https://leetcode.com' },
    fetch: vi.fn((input: RequestInfo | URL) =>
      Promise.resolve(new Response(answer(input instanceof Request ? input.url : input.toString()), { headers: { 'content-type': 'application/json' } })),
    ),
    XMLHttpRequest: FakeXHR,
    postMessage: (message: unknown, origin: string) => posted.push([message, origin]),
  };
  installVerdictTap(win as unknown as Window & typeof globalThis);
  return { win: win as unknown as Window & typeof globalThis & { XMLHttpRequest: typeof FakeXHR }, posted };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('the LeetCode page-world tap', () => {
  it('posts the verdict of a submission check (fetch), naming the problem it was submitted on', async () => {
    const { win, posted } = pageWorld();
    await (await win.fetch('/problems/two-sum/submit/', { method: 'POST', body: '{}' })).json();
    const res = await win.fetch('/submissions/detail/1/check/');
    // The page still reads its own answer.
    expect(await res.json()).toMatchObject({ status_msg: 'Accepted' });
    await settle();
    expect(posted).toEqual([
      [{ type: TAP_MESSAGE, submissionId: '1', state: 'SUCCESS', statusMsg: 'Accepted', questionId: '1', slug: 'two-sum' }, 'https://leetcode.com'],
    ]);
  });

  it('posts the verdict of a contest submission, which is checked at the same path, naming its problem', async () => {
    const { win, posted } = pageWorld();
    await win.fetch('/contest/api/weekly-contest-357/problems/check-if-it-is-possible-to-split-array/submit/', { method: 'POST', body: '{}' });
    await win.fetch('/submissions/detail/1012345678/check/');
    await settle();
    expect(posted.map(([m]) => m)).toEqual([
      { type: TAP_MESSAGE, submissionId: '1012345678', state: 'SUCCESS', statusMsg: 'Accepted', questionId: '2916', slug: 'check-if-it-is-possible-to-split-array' },
    ]);
  });

  it('sees checks polled with XMLHttpRequest too', async () => {
    const { win, posted } = pageWorld();
    const xhr = new win.XMLHttpRequest();
    xhr.open('GET', '/submissions/detail/2/check/');
    xhr.send();
    await settle();
    expect(posted.map(([m]) => (m as { statusMsg: string }).statusMsg)).toEqual(['Wrong Answer']);
  });

  it('posts nothing for a check still judging, a "Run", another site, or any other request', async () => {
    const { win, posted } = pageWorld();
    await win.fetch('/submissions/detail/3/check/');
    const run = (await (await win.fetch('/problems/two-sum/interpret_solution/', { method: 'POST' })).json()) as { interpret_id: string };
    await win.fetch(`/submissions/detail/${run.interpret_id}/check/`);
    await win.fetch('https://evil.example/submissions/detail/1/check/');
    await win.fetch('/graphql/');
    await settle();
    expect(posted).toEqual([]);
  });

  it('passes on the code the page submitted with an Accepted verdict, named as the check answer names its language', async () => {
    const { win, posted } = pageWorld();
    const body = JSON.stringify({ lang: 'cpp', question_id: '1', typed_code: 'class Solution {};' });
    await win.fetch(new Request('https://leetcode.com/problems/two-sum/submit/', { method: 'POST', body }));
    const xhr = new win.XMLHttpRequest();
    xhr.open('GET', '/submissions/detail/1/check/');
    xhr.send();
    await settle();
    expect(posted.map(([m]) => m)).toEqual([
      { type: TAP_MESSAGE, submissionId: '1', state: 'SUCCESS', statusMsg: 'Accepted', questionId: '1', slug: 'two-sum', code: 'class Solution {};', language: 'C++' },
    ]);
    expect(readTapMessage(posted[0]?.[0])).toMatchObject({ code: 'class Solution {};', language: 'C++' });
  });

  it("says so when the check of a submission made on the page has a shape it does not know: the fields' names only", async () => {
    const { win, posted } = pageWorld();
    ANSWERS['/submissions/detail/1/check/'] = JSON.stringify({ submission_id: '1', verdict: { code: 10, text: 'Accepted' }, question_id: 1 });
    try {
      await win.fetch('/problems/two-sum/submit/', { method: 'POST', body: '{}' });
      await win.fetch('/submissions/detail/1/check/');
      await settle();
      expect(posted.map(([m]) => m)).toEqual([{ type: TAP_MESSAGE, shape: true, submissionId: '1', fields: ['submissionId', 'questionId'] }]);
      expect(readTapMessage(posted[0]?.[0])).toEqual({ type: TAP_MESSAGE, shape: true, submissionId: '1', fields: ['submissionId', 'questionId'] });
    } finally {
      ANSWERS['/submissions/detail/1/check/'] = fixture('leetcode/check-accepted.json');
    }
  });

  it('reads a still-judging answer and a finished one as understood, anything else as a new shape', () => {
    expect(checkShape(json('leetcode/check-pending.json'))).toBeNull();
    expect(checkShape(json('leetcode/check-accepted.json'))).toBeNull();
    expect(checkShape({ state: 'SUCCESS', statusMessage: 'Accepted' })).toEqual(['state']);
    expect(checkShape(null)).toEqual([]);
    expect(checkShape('<html>')).toEqual([]);
    expect(submittedCode('{"lang":"python3","typed_code":"x = 1"}')).toEqual({ code: 'x = 1', lang: 'python3' });
    for (const bad of ['{}', 'not json', '{"lang":"x","typed_code":"   "}', '{"lang":{},"typed_code":"x"}']) {
      expect(submittedCode(bad), bad.slice(0, 40)).toBeNull();
    }
  });

  it('installs once', async () => {
    const { win, posted } = pageWorld();
    installVerdictTap(win);
    await win.fetch('/submissions/detail/1/check/');
    await settle();
    expect(posted).toHaveLength(1);
  });
});

describe('LeetCode check answers', () => {
  it('reads the Accepted verdict of a finished submission, with its question', () => {
    expect(parseLeetcodeCheck(json('leetcode/check-accepted.json'), '1', 'two-sum')).toEqual({
      type: TAP_MESSAGE,
      submissionId: '1',
      state: 'SUCCESS',
      statusMsg: 'Accepted',
      questionId: '1',
      slug: 'two-sum',
    });
  });

  it('reads nothing while judging, and keeps a rejection as what it is', () => {
    expect(parseLeetcodeCheck(json('leetcode/check-pending.json'), '1', null)).toBeNull();
    expect(parseLeetcodeCheck(json('leetcode/check-wrong-answer.json'), '2', null)).toMatchObject({ statusMsg: 'Wrong Answer' });
    // An answer about another submission than the one polled is not believed.
    expect(parseLeetcodeCheck(json('leetcode/check-accepted.json'), '7', null)).toBeNull();
    expect(parseLeetcodeCheck('Accepted', '1', null)).toBeNull();
    expect(parseLeetcodeCheck(null, '1', null)).toBeNull();
  });

  it('watches only submission checks and submits, never "Run" checks', () => {
    expect(checkSubmissionId('/submissions/detail/123456/check/')).toBe('123456');
    expect(checkSubmissionId('/submissions/detail/runcode_1717000000.123_abcdef/check/')).toBeNull();
    expect(checkSubmissionId('/submissions/detail/123/')).toBeNull();
    expect(submitSlug('/problems/two-sum/submit/')).toBe('two-sum');
    expect(submitSlug('/problems/two-sum/interpret_solution/')).toBeNull();
    expect(submitSlug('/contest/api/weekly-contest-357/problems/check-if-it-is-possible-to-split-array/submit/')).toBe('check-if-it-is-possible-to-split-array');
    expect(submitSlug('/contest/api/weekly-contest-357/problems/check-if-it-is-possible-to-split-array/interpret_solution/')).toBeNull();
    expect(submittedId({ submission_id: 1234 })).toBe('1234');
    expect(submittedId({ submission_id: '1234' })).toBe('1234');
    expect(submittedId({ interpret_id: 'runcode_1' })).toBeNull();
  });

  it('checks a message from the page world field by field', () => {
    const good: TapVerdict = { type: TAP_MESSAGE, submissionId: '1', state: 'SUCCESS', statusMsg: 'Accepted', questionId: '1', slug: 'two-sum' };
    expect(readTapMessage(good)).toEqual(good);
    expect(readTapMessage({ ...good, extra: 'ignored' })).toEqual(good);
    for (const bad of [
      null,
      'Accepted',
      { ...good, type: 'other' },
      { ...good, submissionId: 'runcode_1' },
      { ...good, submissionId: 1 },
      { ...good, questionId: 'abc' },
      { ...good, slug: '../../evil' },
      { ...good, slug: undefined },
      { ...good, statusMsg: 'x'.repeat(100) },
    ]) {
      expect(readTapMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("passes on code the tracker keeps, and leaves out code over the solutions' limit while the verdict still counts", () => {
    const good: TapVerdict = { type: TAP_MESSAGE, submissionId: '1', state: 'SUCCESS', statusMsg: 'Accepted', questionId: '1', slug: 'two-sum' };
    const limit = 'x'.repeat(SOLUTION_MAX_BYTES);
    expect(readTapMessage({ ...good, code: limit, language: 'C++' })).toEqual({ ...good, code: limit, language: 'C++' });
    // The limit is in UTF-8 bytes: fewer characters than bytes is still too much.
    for (const code of [`${limit}x`, 'é'.repeat(SOLUTION_MAX_BYTES / 2 + 1)]) {
      expect(readTapMessage({ ...good, code, language: 'C++' })).toEqual(good);
    }
  });

  it("accepts only an Accepted verdict for the page's own problem", () => {
    const doc = html('leetcode/two-sum-submit.html');
    const page = leetcodePage({ pathname: '/problems/two-sum/description/' }, doc);
    expect(page).toEqual({ slug: 'two-sum', questionId: '1' });
    const v = readTapMessage({ type: TAP_MESSAGE, submissionId: '1', state: 'SUCCESS', statusMsg: 'Accepted', questionId: '1', slug: 'two-sum' }) as TapVerdict;
    expect(isAcceptedForPage(v, page)).toBe(true);
    expect(isAcceptedForPage({ ...v, slug: null }, page)).toBe(true);
    expect(isAcceptedForPage({ ...v, statusMsg: 'Wrong Answer' }, page)).toBe(false);
    expect(isAcceptedForPage({ ...v, slug: 'three-sum' }, page)).toBe(false);
    expect(isAcceptedForPage({ ...v, slug: null, questionId: '15' }, page)).toBe(false);
    expect(isAcceptedForPage(v, leetcodePage({ pathname: '/problemset/' }, doc))).toBe(false);
  });

  it('ticks an own Accepted contest submission as on the problem page', () => {
    const doc = html('leetcode/contest-check-if-it-is-possible-to-split-array.html');
    const page = leetcodePage({ pathname: '/contest/weekly-contest-357/problems/check-if-it-is-possible-to-split-array/' }, doc);
    // The contest page's own data names the question's id (not the contest's display number 6953).
    expect(page).toEqual({ slug: 'check-if-it-is-possible-to-split-array', questionId: '2916' });
    const v = parseLeetcodeCheck(json('leetcode/check-contest-accepted.json'), '1012345678', 'check-if-it-is-possible-to-split-array')!;
    expect(isAcceptedForPage(v, page)).toBe(true);
    expect(isAcceptedForPage({ ...v, slug: null }, page)).toBe(true);
    expect(isAcceptedForPage({ ...v, questionId: '2917' }, page)).toBe(false);
    expect(isAcceptedForPage({ ...v, slug: 'two-sum' }, page)).toBe(false);
    // Another contest page of the contest (its ranking) is no problem.
    expect(leetcodePage({ pathname: '/contest/weekly-contest-357/ranking/' }, doc).slug).toBeNull();
  });
});
