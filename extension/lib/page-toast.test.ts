import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentMessage } from '@shared/schemas/messages';
import type { VerdictResult } from '@shared/schemas/message-replies';
import { showPageToast } from './page-toast';
import { showVerdictReply } from './verdict-toast';

/** The toast's closed shadow root, caught as it is attached (the page itself cannot reach it). */
function catchShadow() {
  const roots: ShadowRoot[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method -- always called with its element as this
  const attach = Element.prototype.attachShadow;
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    roots.push(root);
    return root;
  });
  return () => {
    const root = roots.at(-1);
    if (!root) throw new Error('no toast');
    return root;
  };
}

const buttons = (root: ShadowRoot) => [...root.querySelectorAll('button')];
const settle = () => new Promise((ok) => setTimeout(ok, 0));

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('the page toast', () => {
  it('shows text only, in a closed shadow root, and goes away by itself', () => {
    vi.useFakeTimers();
    const shadow = catchShadow();
    const host = showPageToast(document, '<b>Accepted!</b>', 'success');
    expect(host.dataset.text).toBe('<b>Accepted!</b>');
    expect(shadow().textContent).toBe('<b>Accepted!</b>');
    expect(shadow().querySelector('b')).toBeNull();
    expect(buttons(shadow())).toEqual([]);
    vi.advanceTimersByTime(5000);
    expect(host.isConnected).toBe(false);
  });

  it('asks "How was it?" with the four ratings; a click rates once and shows the answer', async () => {
    const shadow = catchShadow();
    const rate = vi.fn(() => Promise.resolve({ message: 'Review saved: next review in 3 days.' }));
    const host = showPageToast(document, 'Accepted! Two Sum is marked solved.', 'success', rate);
    expect(shadow().textContent).toContain('How was it?');
    expect(buttons(shadow()).map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Again', 'Hard', 'Good', 'Easy', 'Close']);
    buttons(shadow())[2]?.click();
    await settle();
    expect(rate).toHaveBeenCalledExactlyOnceWith('good');
    expect(shadow().textContent).toBe('Review saved: next review in 3 days.');
    expect(host.dataset.text).toBe('Review saved: next review in 3 days.');
    // The buttons are gone: nothing can be rated twice.
    expect(buttons(shadow())).toEqual([]);
  });

  it('a rating the background refuses shows why', async () => {
    const shadow = catchShadow();
    showPageToast(document, 'Accepted!', 'success', () => Promise.reject(new Error('Please sign in to continue')));
    buttons(shadow())[0]?.click();
    await settle();
    expect(shadow().textContent).toBe('Please sign in to continue');
  });

  it('stays while it asks, and closes with its button or Escape', () => {
    vi.useFakeTimers();
    const shadow = catchShadow();
    const rate = vi.fn(() => Promise.resolve({ message: '' }));
    const first = showPageToast(document, 'Accepted!', 'success', rate);
    vi.advanceTimersByTime(60_000);
    expect(first.isConnected).toBe(true);
    buttons(shadow()).at(-1)?.click();
    expect(first.isConnected).toBe(false);
    const second = showPageToast(document, 'Accepted!', 'success', rate);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(second.isConnected).toBe(true);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(second.isConnected).toBe(false);
    expect(rate).not.toHaveBeenCalled();
  });

  it('one question at a time: a newer one replaces the one still asking, a plain toast does not', () => {
    const rate = vi.fn(() => Promise.resolve({ message: '' }));
    const first = showPageToast(document, 'Accepted! A', 'success', rate);
    const plain = showPageToast(document, 'Saved', 'info');
    expect(first.isConnected).toBe(true);
    const second = showPageToast(document, 'Accepted! B', 'success', rate);
    expect(first.isConnected).toBe(false);
    expect(second.isConnected).toBe(true);
    expect(plain.isConnected).toBe(true);
  });
});

describe("a verdict's answer on the page", () => {
  function context() {
    const sent: ContentMessage[] = [];
    const toasts: { text: string; tone?: string; rate?: (r: 'again' | 'hard' | 'good' | 'easy') => Promise<{ message: string }> }[] = [];
    const send = vi.fn((m: ContentMessage) => {
      sent.push(m);
      return Promise.resolve({ status: 'sent', message: 'Review saved', result: {} });
    });
    return { sent, toasts, ctx: { send: send as never, toast: (text: string, tone?: string, rate?: (typeof toasts)[number]['rate']) => void toasts.push({ text, tone, rate }) } };
  }

  it('asks how it went when the background says so, and sends the rating as review:rate for that question', async () => {
    const t = context();
    const reply: VerdictResult = { status: 'ticked', message: 'Accepted! Two Sum is marked solved.', ask: { questionId: 'q1' } };
    showVerdictReply(t.ctx, reply);
    expect(t.toasts.map(({ text, tone }) => ({ text, tone }))).toEqual([{ text: reply.message, tone: 'success' }]);
    await t.toasts[0]?.rate?.('hard');
    expect(t.sent).toEqual([{ type: 'review:rate', questionId: 'q1', rating: 'hard' }]);
  });

  it('only tells otherwise; says nothing for a duplicate', () => {
    const t = context();
    showVerdictReply(t.ctx, { status: 'ticked', message: 'Accepted!' });
    showVerdictReply(t.ctx, { status: 'queued', message: 'It will be ticked later' });
    showVerdictReply(t.ctx, { status: 'duplicate', message: '' });
    expect(t.toasts.map(({ text, tone, rate }) => [text, tone, rate])).toEqual([
      ['Accepted!', 'success', undefined],
      ['It will be ticked later', 'info', undefined],
    ]);
  });
});
