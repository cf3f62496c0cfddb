import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { TAP_MESSAGE } from './leetcode-verdict';
import { installVerdictTap } from './verdict-tap';

const PAGES = resolve(import.meta.dirname, '../../tests/fixtures/pages');
const fixture = (file: string) => readFileSync(join(PAGES, file), 'utf8');

const ANSWERS: Record<string, string> = {
  '/problems/two-sum/submit/': '{"submission_id": 1}',
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
    fetch: vi.fn(async (input: RequestInfo | URL) => new Response(answer(String(input)), { headers: { 'content-type': 'application/json' } })),
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
    const run = await (await win.fetch('/problems/two-sum/interpret_solution/', { method: 'POST' })).json();
    await win.fetch(`/submissions/detail/${(run as { interpret_id: string }).interpret_id}/check/`);
    await win.fetch('https://evil.example/submissions/detail/1/check/');
    await win.fetch('/graphql/');
    await settle();
    expect(posted).toEqual([]);
  });

  it('installs once', async () => {
    const { win, posted } = pageWorld();
    installVerdictTap(win);
    await win.fetch('/submissions/detail/1/check/');
    await settle();
    expect(posted).toHaveLength(1);
  });
});
