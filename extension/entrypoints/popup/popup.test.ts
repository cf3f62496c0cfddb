import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthStatus, LookupState, PageMessage, ProblemState, Settings } from '@shared/schemas/messages';
import type { PopupBoot } from './boot';
import { createPopup, type PopupIo } from './popup';

const problem = { platform: 'leetcode', key: 'two-sum', url: 'https://leetcode.com/problems/two-sum/', name: 'Two Sum', difficulty: 'Easy', topics: [] };
const platform = { id: 'leetcode', name: 'LeetCode', icon: '<svg></svg>' };
const found = (document: { checked: boolean; starred: boolean } | null, notesCount = 0): LookupState => ({
  status: 'found',
  question: { _id: 'q1', name: 'Two Sum', platform: 'leetcode', difficulty: 'Easy', problemUrl: problem.url, topics: [], verified: true },
  solved: !!document?.checked,
  document: document && { _id: 'r1', customTags: [], ...document },
  notesCount,
  popularSheets: [],
});
const stateOf = (lookup: LookupState): ProblemState => ({ problem, platform, signedIn: true, lookup });
const signedIn: AuthStatus = { signedIn: true, user: { email: 'a@b.co', firstName: 'A', secondName: '' } };
const settings: Settings = { apiBaseUrl: 'http://localhost:8787', autoTick: true };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => (resolve = ok));
  return { promise, resolve };
}

/**
 * A popup on a tab: `fresh` is the background's answer to its first question, `kept` what storage held
 * for the tab, and `answer` gives the background's answers to the rest (by message type).
 */
function open(
  fresh: ProblemState | Promise<ProblemState>,
  answer: (m: PageMessage) => unknown,
  { auth = signedIn, kept = null }: { auth?: AuthStatus | Promise<AuthStatus>; kept?: ProblemState | null | Promise<ProblemState> } = {},
) {
  const calls: PageMessage[] = [];
  const io: PopupIo = {
    send: vi.fn(async (m: PageMessage) => {
      calls.push(m);
      return (await answer(m)) as never;
    }) as PopupIo['send'],
    openNotesPanel: vi.fn(),
  };
  const boot: PopupBoot = {
    target: Promise.resolve({ tabId: 5, windowId: null }),
    auth: Promise.resolve(auth),
    settings: Promise.resolve(settings),
    state: Promise.resolve(fresh),
    kept: Promise.resolve(kept).then((state) => state && { state, auth: signedIn }),
  };
  const root = document.createElement('div');
  document.body.append(root);
  createPopup(root, boot, io);
  const q = (testId: string) => root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;
  const button = (name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name);
  return { root, io, calls, q, button };
}

const settle = () => new Promise((ok) => setTimeout(ok, 0));

afterEach(() => document.body.replaceChildren());

describe('the popup', () => {
  it('draws its frame at once, paints what the background kept for the tab, then its fresh answer', async () => {
    const fresh = deferred<ProblemState>();
    const auth = deferred<AuthStatus>();
    const { root, q, calls } = open(fresh.promise, () => [], { kept: stateOf(found(null)), auth: auth.promise });
    expect(root.querySelector('.wrap.popup')?.textContent).toContain('Looking at this page…');
    await settle();
    // Painted from storage alone: the background (asleep, say) has answered nothing yet.
    expect(q('problem-name')).toBe('Two Sum');
    expect(q('workspace-state')).toBe('Not in your workspace');
    fresh.resolve(stateOf(found({ checked: true, starred: true }, 1)));
    auth.resolve(signedIn);
    await settle();
    expect(q('workspace-state')).toBe('In your workspace');
    expect(q('solved-state')).toBe('Solved');
    expect(q('starred-state')).toBe('★ Starred');
    expect(q('notes-count')).toBe('1 note');
    // The sheets holding the question are asked for once, not again for the fresh answer.
    expect(calls.filter((m) => m.type === 'sheets:list')).toEqual([{ type: 'sheets:list', questionId: 'q1' }]);
  });

  it('a kept answer that comes after the fresh one is not shown', async () => {
    const kept = deferred<ProblemState>();
    const { q } = open(stateOf(found({ checked: true, starred: false })), () => [], { kept: kept.promise });
    await settle();
    expect(q('solved-state')).toBe('Solved');
    kept.resolve(stateOf(found(null)));
    await settle();
    expect(q('solved-state')).toBe('Solved');
  });

  it('an answer that comes back after a newer one is not shown', async () => {
    const stale = deferred<ProblemState>();
    const { q, button } = open(stale.promise, (m) => {
      if (m.type === 'problem:state') return stateOf(found({ checked: true, starred: false }));
      if (m.type === 'record:set') return { status: 'sent', message: 'Marked as solved', result: {} };
      return [];
    }, { kept: stateOf(found(null)) });
    await settle();
    button('Mark solved')?.click();
    await settle();
    expect(q('toast')).toBe('Marked as solved');
    expect(q('solved-state')).toBe('Solved');
    // The popup's first question, sent before the click, answers last with what it saw then.
    stale.resolve(stateOf(found(null)));
    await settle();
    expect(q('solved-state')).toBe('Solved');
    expect(button('Mark unsolved')).toBeDefined();
  });

  it('keeps the focused button while its label and the facts change', async () => {
    const { q, button } = open(stateOf(found({ checked: false, starred: false })), (m) =>
      m.type === 'record:set' ? { status: 'sent', message: 'Starred', result: {} } : m.type === 'problem:state' ? stateOf(found({ checked: false, starred: true })) : [],
    );
    await settle();
    const star = button('Star');
    star?.focus();
    star?.click();
    await settle();
    expect(q('starred-state')).toBe('★ Starred');
    expect(star?.textContent).toBe('Unstar');
    expect(star?.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(star);
  });

  it('signed out: the sign-in form keeps what was typed and shows why signing in failed', async () => {
    const { root, calls } = open(
      { problem: null, platform: null, signedIn: false, lookup: null },
      (m) => {
        if (m.type === 'auth:login') throw new Error('Invalid email or password');
        return [];
      },
      { auth: { signedIn: false, user: null } },
    );
    await settle();
    const form = root.querySelector<HTMLFormElement>('form[aria-label="Sign in"]');
    const email = form?.querySelector<HTMLInputElement>('input[name="email"]');
    const password = form?.querySelector<HTMLInputElement>('input[name="password"]');
    if (!form || !email || !password) throw new Error('no sign-in form');
    email.value = 'a@b.co';
    password.value = 'wrong-password';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle();
    expect(calls.find((m) => m.type === 'auth:login')).toEqual({ type: 'auth:login', email: 'a@b.co', password: 'wrong-password' });
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('Invalid email or password');
    expect(root.querySelector('form[aria-label="Sign in"]')).toBe(form);
    expect(email.value).toBe('a@b.co');
    expect(root.textContent).toContain('Open a problem on LeetCode, Codeforces or another judge to track it.');
  });
});
