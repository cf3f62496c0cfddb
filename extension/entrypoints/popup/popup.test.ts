import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthStatus, PageMessage, ProblemState, Settings } from '@shared/schemas/messages';
import type { LookupState, ReviewStatus } from '@shared/schemas/message-replies';
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
const settings: Settings = { apiBaseUrl: 'http://localhost:8787', autoTick: true, askRating: true, keepCode: true };
const reviewStatus: ReviewStatus = { due: 4, streak: 3, today: { reviews: 2, newProblems: 1, goal: { reviews: 5, newProblems: 1 }, met: false } };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => (resolve = ok));
  return { promise, resolve };
}

/**
 * A popup on a tab: `fresh` is the background's answer to its first question, `kept` what storage held
 * for the tab, and `answer` gives the background's answers to the rest (by message type); the review
 * facts are `review` unless `answer` gives them.
 */
function open(
  fresh: ProblemState | Promise<ProblemState>,
  answer: (m: PageMessage) => unknown,
  {
    auth = signedIn,
    kept = null,
    review = reviewStatus,
  }: { auth?: AuthStatus | Promise<AuthStatus>; kept?: ProblemState | null | Promise<ProblemState>; review?: ReviewStatus } = {},
) {
  const calls: PageMessage[] = [];
  const io: PopupIo = {
    send: vi.fn(async (m: PageMessage) => {
      calls.push(m);
      const answered = await answer(m);
      return (m.type === 'review:status' && (answered === undefined || Array.isArray(answered)) ? review : answered) as never;
    }),
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
  const ratingButtons = () => [...root.querySelectorAll('[data-testid="review-rate"] button')].map((b) => b.textContent);
  return { root, io, calls, q, button, ratingButtons };
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

  describe('review', () => {
    const DAY = 86_400_000;
    const rated = (message = 'Review saved: next review in 3 days.') => ({
      status: 'sent',
      message,
      result: {
        card: { due: new Date(Date.now() + 3 * DAY).toISOString(), state: 'review', reps: 2, lapses: 0, lastReview: null, scheduledDays: 3, suspended: false },
        next: { again: new Date(Date.now() + DAY).toISOString(), hard: new Date(Date.now() + 4 * DAY).toISOString(), good: new Date(Date.now() + 9 * DAY).toISOString(), easy: new Date(Date.now() + 150 * DAY).toISOString() },
      },
    });

    it('asks "How was it?" on a solved problem; a rating is sent, its result shown, and the buttons then show each interval', async () => {
      const { root, q, calls, button, ratingButtons } = open(stateOf(found({ checked: true, starred: false })), (m) => (m.type === 'review:rate' ? rated() : []));
      await settle();
      expect(root.querySelector('[aria-label="How was it?"]')?.textContent).toContain('How was it?');
      // No `next` known yet: labels only.
      expect(ratingButtons()).toEqual(['Again', 'Hard', 'Good', 'Easy']);
      button('Good')?.click();
      await settle();
      expect(calls.filter((m) => m.type === 'review:rate')).toEqual([{ type: 'review:rate', questionId: 'q1', rating: 'good' }]);
      expect(q('review-result')).toBe('Review saved: next review in 3 days.');
      expect(q('toast')).toBe('Review saved: next review in 3 days.');
      expect(ratingButtons()).toEqual(['Again · 1d', 'Hard · 4d', 'Good · 9d', 'Easy · 5mo']);
      // The facts are asked for again: today's reviews and the number due changed.
      expect(calls.filter((m) => m.type === 'review:status')).toHaveLength(2);
    });

    it('a rating made offline says it waits; a refused one shows why', async () => {
      let answer: unknown = { status: 'queued', message: 'You are offline: saved, and it will be sent when the tracker is reachable.' };
      const { q, button, ratingButtons } = open(stateOf(found({ checked: true, starred: false })), (m) => {
        if (m.type !== 'review:rate') return [];
        if (answer instanceof Error) throw answer;
        return answer;
      });
      await settle();
      button('Hard')?.click();
      await settle();
      expect(q('review-result')).toMatch(/offline/);
      expect(ratingButtons()).toEqual(['Again', 'Hard', 'Good', 'Easy']);
      answer = new Error('Question not found');
      button('Easy')?.click();
      await settle();
      expect(q('toast')).toBe('Question not found');
    });

    it('offers no rating for a problem not solved yet, and does once it is marked solved', async () => {
      let solved = false;
      const { root, button, ratingButtons } = open(stateOf(found({ checked: false, starred: false })), (m) => {
        if (m.type === 'record:set') {
          solved = true;
          return { status: 'sent', message: 'Marked as solved', result: {} };
        }
        if (m.type === 'problem:state') return stateOf(found({ checked: solved, starred: false }));
        return [];
      });
      await settle();
      expect(root.querySelector('[data-testid="review-rate"]')).toBeNull();
      button('Mark solved')?.click();
      await settle();
      expect(ratingButtons()).toEqual(['Again', 'Hard', 'Good', 'Easy']);
    });

    it("off a problem page: today's goal, the streak and the number due, linking to the dashboard's Review tab", async () => {
      const { q, root } = open({ problem: null, platform: null, signedIn: true, lookup: null }, (m) => (m.type === 'activity:today' ? { date: '2024-06-01', solved: 1 } : []));
      await settle();
      expect(q('review-today')).toBe('Today: 2/5 reviews, 1/1 new');
      expect(q('review-streak')).toBe('Streak: 3 days');
      expect(q('review-due')).toBe('4 due for review');
      expect(root.querySelector('[data-testid="review-due"]')?.getAttribute('href')).toBe('http://localhost:8787/question-tracker?tab=review');
      expect(root.querySelector('[data-testid="review-rate"]')).toBeNull();
    });

    it('on a problem page: one small line; a met goal is ticked; nothing due says so', async () => {
      const { q } = open(stateOf(found(null)), () => [], { review: { due: 0, streak: 1, today: { reviews: 5, newProblems: 1, goal: { reviews: 5, newProblems: 1 }, met: true } } });
      await settle();
      expect(q('review-due')).toBe('Nothing due for review');
      expect(q('review-streak')).toBe('Streak: 1 day');
      expect(q('review-today')).toBeNull();
      const off = open({ problem: null, platform: null, signedIn: true, lookup: null }, () => [], { review: { due: 0, streak: 1, today: { reviews: 5, newProblems: 1, goal: { reviews: 5, newProblems: 1 }, met: true } } });
      await settle();
      expect(off.q('review-today')).toBe('Today: 5/5 reviews, 1/1 new ✓');
    });

    it('signed out: no review facts are asked for', async () => {
      const { calls, root } = open({ problem: null, platform: null, signedIn: false, lookup: null }, () => [], { auth: { signedIn: false, user: null } });
      await settle();
      expect(calls.filter((m) => m.type === 'review:status')).toEqual([]);
      expect(root.querySelector('[data-testid="review-due"]')).toBeNull();
    });
  });

  it('opens "Sync solved problems" on demand: nothing of the sync is asked for until then', async () => {
    const overview = { account: 'a@b.co', running: false, autoSync: 'off', judges: [] };
    const { calls, button, root } = open({ problem: null, platform: null, signedIn: true, lookup: null }, (m) => (m.type === 'sync:status' ? overview : []));
    await settle();
    expect(calls.some((m) => m.type.startsWith('sync:'))).toBe(false);
    button('Sync solved problems')?.click();
    await vi.waitFor(() => expect(root.querySelector('[data-testid="sync-panel"]')).not.toBeNull());
    expect(calls).toContainEqual({ type: 'sync:status', probe: true });
    expect(button('Sync solved problems')?.getAttribute('aria-expanded')).toBe('true');
    button('Sync solved problems')?.click();
    await vi.waitFor(() => expect(root.querySelector('[data-testid="sync-panel"]')).toBeNull());
  });

  it('off a problem page shows the next contest with the time to its start and its link; on one it is not asked for', async () => {
    const startsAt = new Date(Date.now() + (2 * 24 + 3) * 3_600_000 + 30 * 60_000 + 30_000).toISOString();
    const contest = { id: 'c1', platform: 'codeforces', judge: 'Codeforces', name: 'Codeforces Round 1000 (Div. 2)', url: 'https://codeforces.com/contests/2063', startsAt, durationSeconds: 7200 };
    const off = open({ problem: null, platform: null, signedIn: false, lookup: null }, (m) => (m.type === 'contests:next' ? contest : []), { auth: { signedIn: false, user: null } });
    await vi.waitFor(() => expect(off.q('next-contest')).not.toBeNull());
    expect(off.q('next-contest')).toBe('Next contestCodeforces Round 1000 (Div. 2)Codeforces · starts in 2d 03:30');
    expect(off.root.querySelector('[data-testid="next-contest"] a')?.getAttribute('href')).toBe(contest.url);
    // A judge's link that is not a web address is shown as text only.
    const hostile = open({ problem: null, platform: null, signedIn: true, lookup: null }, (m) => (m.type === 'contests:next' ? { ...contest, url: 'javascript:alert(1)' } : []));
    await vi.waitFor(() => expect(hostile.q('next-contest')).not.toBeNull());
    expect(hostile.root.querySelector('[data-testid="next-contest"] a')).toBeNull();
    const on = open(stateOf(found(null)), (m) => (m.type === 'contests:next' ? contest : []));
    await settle();
    expect(on.calls.some((m) => m.type === 'contests:next')).toBe(false);
    expect(on.q('next-contest')).toBeNull();
  });
});
