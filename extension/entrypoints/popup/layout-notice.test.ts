import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutNotice, type PageDiagnosis } from '@shared/schemas/health';
import type { PageMessage, Send } from '@shared/schemas/messages';
import { createLayoutNotice } from './layout-notice';

const diagnosis: PageDiagnosis = {
  part: 'page',
  platform: 'leetcode',
  judge: 'LeetCode',
  url: 'https://leetcode.com/problems/two-sum/',
  at: '2026-01-02T03:04:05.000Z',
  matched: ['titleLink'],
  unmatched: ['statement'],
};
const about = () => ({ extension: '0.1.0', browser: 'Chrome 131.0' });

function open(answer: PageDiagnosis | null, tabId: number | null = 5) {
  const calls: PageMessage[] = [];
  const send = vi.fn((m: PageMessage) => {
    calls.push(m);
    return Promise.resolve(answer);
  }) as unknown as Send<PageMessage>;
  const el = createLayoutNotice(send, Promise.resolve({ tabId, windowId: null }), about);
  document.body.append(el);
  return { el, calls };
}

/** The browser's clipboard, as the test wants it to answer. */
const clipboard = (value: { writeText(text: string): Promise<void> }) => Object.defineProperty(navigator, 'clipboard', { value, configurable: true });

afterEach(() => document.body.replaceChildren());

describe("the popup's notice for a page it did not understand", () => {
  it('says so plainly, for the judge of the tab, and shows the diagnostic it copies', async () => {
    const { el, calls } = open(diagnosis);
    await vi.waitFor(() => expect(el.hidden).toBe(false));
    expect(calls).toEqual([{ type: 'health:tab', tabId: 5 }]);
    expect(el.querySelector('p')?.textContent).toBe(layoutNotice('LeetCode'));
    expect(el.querySelector('p')?.textContent).toBe("This LeetCode page's layout is new to the extension: you can still add it by its URL");
    const text = el.querySelector('[data-testid="layout-diagnostic"]')?.textContent ?? '';
    expect(text).toContain('Page: https://leetcode.com/problems/two-sum/');
    expect(text).toContain('Extension: 0.1.0');

    const writeText = vi.fn(() => Promise.resolve());
    clipboard({ writeText });
    el.querySelector('button')?.click();
    await vi.waitFor(() => expect(el.querySelector('[role="status"]')?.textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(text);
  });

  it('without clipboard access, opens the diagnostic to copy by hand', async () => {
    const { el } = open(diagnosis);
    await vi.waitFor(() => expect(el.hidden).toBe(false));
    clipboard({ writeText: () => Promise.reject(new Error('denied')) });
    el.querySelector('button')?.click();
    await vi.waitFor(() => expect(el.querySelector('[role="status"]')?.textContent).toBe('Select the text below and copy it'));
    expect(el.querySelector('details')?.open).toBe(true);
  });

  it('stays hidden when the page was understood, or the popup has no tab', async () => {
    const understood = open(null);
    const noTab = open(diagnosis, null);
    await new Promise((r) => setTimeout(r, 10));
    expect(understood.el.hidden).toBe(true);
    expect(noTab.el.hidden).toBe(true);
    expect(noTab.calls).toEqual([]);
  });
});
