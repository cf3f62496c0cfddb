import type { AuthStatus, PageMessage, ProblemState, ReplyMap, Send, Settings } from '@shared/schemas/messages';
import type { EditableSheet, ReviewStatus } from '@shared/schemas/message-replies';
import type { NextDues } from '@shared/schemas/review';
import { dayWords, daysUntil, formatInterval, RATING_LABELS, REVIEW_RATINGS, type ReviewRating } from '@shared/rules/review';
import { formText } from '@shared/untrusted';
import { h, setProp, syncChildren } from '../../lib/dom';
import { NO_PROBLEM, type PopupBoot, type PopupTarget } from './boot';
import { contestCard, problemCard, reviewFacts } from './cards';
import { createGroupDue } from './group-due';
import { createRecommendation } from './recommendation';
import { createLayoutNotice } from './layout-notice';
import { createSheetPicker, type SheetPicker } from './sheet-picker';

export type Tone = 'success' | 'error' | 'info';
interface Toast {
  text: string;
  tone: Tone;
}

/** How the popup reaches the rest of the extension (the real ones in main.ts, fakes in tests). */
export interface PopupIo {
  send: Send<PageMessage>;
  openNotesPanel(tabId: number | null, windowId: number | null): void;
}

interface Model {
  target: PopupTarget | null;
  auth: AuthStatus | null;
  settings: Settings | null;
  state: ProblemState | null;
  today: number | null;
  review: ReviewStatus | null;
  /** The next contest, shown off a problem page: null until the tracker answers, or when none is listed. */
  contest: ReplyMap['contests:next'];
  /** The last rating given from this popup: its message, and the due date each rating would give now. */
  rated: { questionId: string; message: string; next: NextDues | null } | null;
  sheets: EditableSheet[] | null;
  toast: Toast | null;
  busy: boolean;
  picking: boolean;
  signInError: string | null;
}

/**
 * The popup: what the extension detected on the tab, the user's state for it and the actions on it.
 * The frame is drawn at once; the parts fill in as the background answers the requests in `boot`.
 * Everything is drawn from one model by render(); elements that can hold focus or typed text are
 * made once and updated, the rest is rebuilt.
 */
export function createPopup(root: HTMLElement, boot: PopupBoot, io: PopupIo) {
  const m: Model = {
    target: null,
    auth: null,
    settings: null,
    state: null,
    today: null,
    review: null,
    contest: null,
    rated: null,
    sheets: null,
    toast: null,
    busy: false,
    picking: false,
    signInError: null,
  };
  let toastTimer = 0;
  // Only the latest request for the problem state is shown (an older answer may come back later).
  let stateRequest = 0;
  // What the extra facts (today's count, the sheets holding the question) were last fetched for.
  let factsFor = '';
  // Whether the review facts were fetched for the signed-in user, and the next contest asked for.
  let contestAsked = false;
  let reviewFor = false;
  const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
  const tryNext = createRecommendation(io.send);
  const groupDue = createGroupDue(io.send);

  function set(patch: Partial<Model>) {
    Object.assign(m, patch);
    render();
  }

  function show(text: string, tone: Tone = 'success') {
    window.clearTimeout(toastTimer);
    toastTimer = window.setTimeout(() => set({ toast: null }), 4000);
    set({ toast: { text, tone } });
  }

  function showState(next: ProblemState) {
    set({ state: next });
    if (next.lookup?.status === 'invalidPlatform' || next.lookup?.status === 'error') show(next.lookup.message, 'error');
  }

  async function loadState(tabId: number | null) {
    const request = ++stateRequest;
    const next = tabId === null ? NO_PROBLEM : await io.send({ type: 'problem:state', tabId });
    if (request === stateRequest) showState(next);
  }

  const reloadState = () => loadState(m.target?.tabId ?? null);

  function loadSheets(questionId?: string) {
    return io.send({ type: 'sheets:list', ...(questionId && { questionId }) });
  }

  /** The review facts: the number due, the streak and today's goal (the background also puts the number on the badge). */
  function loadReview() {
    io.send({ type: 'review:status', timeZone: timeZone() })
      .then((review) => set({ review }))
      .catch(() => set({ review: null }));
  }

  /** Off a problem page: today's solved count. On one: which of my sheets hold it. */
  function fetchFacts() {
    const signedIn = !!m.auth?.signedIn;
    const problem = m.state?.problem ?? null;
    const lookup = m.state?.lookup;
    const questionId = lookup?.status === 'found' ? lookup.question._id : undefined;
    if (signedIn !== reviewFor) {
      reviewFor = signedIn;
      if (signedIn) loadReview();
    }
    if (m.state && !problem && !contestAsked) {
      contestAsked = true;
      io.send({ type: 'contests:next' })
        .then((contest) => set({ contest: contest ?? null }))
        .catch(() => undefined);
    }
    const key = JSON.stringify([signedIn, m.state !== null, problem !== null, questionId]);
    if (key === factsFor) return;
    factsFor = key;
    if (!signedIn || !m.state) return;
    if (!problem) {
      io.send({ type: 'activity:today', timeZone: timeZone() })
        .then((a) => set({ today: a.solved }))
        .catch(() => set({ today: null }));
    } else if (questionId) {
      loadSheets(questionId)
        .then((sheets) => set({ sheets }))
        .catch(() => set({ sheets: null }));
    }
  }

  async function signIn(e: Event) {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    set({ busy: true, signInError: null });
    try {
      set({ auth: await io.send({ type: 'auth:login', email: formText(form, 'email'), password: formText(form, 'password') }) });
      await reloadState();
    } catch (err) {
      set({ signInError: (err as Error).message });
    } finally {
      set({ busy: false });
    }
  }

  async function signOut() {
    set({ auth: await io.send({ type: 'auth:logout' }), sheets: null, today: null, review: null, rated: null });
    await reloadState();
  }

  /** Sets fields of the workspace record (adding the question first when it is not there). */
  async function setRecord(change: { checked?: boolean; starred?: boolean }) {
    const problem = m.state?.problem;
    if (!problem) return;
    set({ busy: true });
    try {
      const r = await io.send({
        type: 'record:set',
        problemUrl: problem.url,
        details: { name: problem.name, difficulty: problem.difficulty, topics: problem.topics },
        ...change,
      });
      show(r.message, r.status === 'queued' ? 'info' : 'success');
      if (r.status === 'sent') {
        await reloadState();
        if (change.checked) loadReview();
      }
    } catch (err) {
      show((err as Error).message, 'error');
    } finally {
      set({ busy: false });
    }
  }

  /** "How was it?": rates the solved question of the page for the review queue. */
  async function rate(rating: ReviewRating) {
    const questionId = found()?.question._id;
    if (!questionId) return;
    set({ busy: true });
    try {
      const r = await io.send({ type: 'review:rate', questionId, rating });
      set({ rated: { questionId, message: r.message, next: r.status === 'sent' ? r.result.next : null } });
      show(r.message, r.status === 'queued' ? 'info' : 'success');
      if (r.status === 'sent') loadReview();
    } catch (err) {
      show((err as Error).message, 'error');
    } finally {
      set({ busy: false });
    }
  }

  // ---- Elements made once.
  const dashboardLink = h('a', { target: '_blank', rel: 'noopener noreferrer' }, 'Open dashboard');
  const head = h('div', { class: 'head' });
  const brand = h('span', { class: 'brand' }, h('span', { class: 'mark' }, '✓'), ' Practice Tracker');

  const addButton = h('button', { class: 'primary', type: 'button', onclick: () => void setRecord({}) }, 'Add to workspace');
  const solvedButton = h('button', { type: 'button', onclick: () => void setRecord({ checked: !record()?.checked }) });
  const starButton = h('button', { type: 'button', onclick: () => void setRecord({ starred: !record()?.starred }) });
  const sheetButton = h('button', { type: 'button', onclick: () => set({ picking: !m.picking }) }, 'Add to sheet');
  // The side panel needs the click's user gesture: opened directly in the handler.
  const notesButton = h('button', { type: 'button', onclick: () => io.openNotesPanel(m.target?.tabId ?? null, m.target?.windowId ?? null) });
  const openInDashboard = h('a', { class: 'btn', target: '_blank', rel: 'noopener noreferrer' }, 'Open in dashboard');
  const actions = h('div', { class: 'actions', 'aria-label': 'Actions' });
  const ratingButtons = REVIEW_RATINGS.map((rating) => h('button', { type: 'button', 'data-rating': rating, onclick: () => void rate(rating) }));
  const ratedLine = h('div', { class: 'muted', 'data-testid': 'review-result', role: 'status' });
  const rateTitle = h('strong', null, 'How was it?');
  const ratings = h('div', { class: 'ratings' }, ...ratingButtons);
  const rateRow = h('section', { class: 'card', 'aria-label': 'How was it?', 'data-testid': 'review-rate' });
  const reviewLink = h('a', { target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'review-due' });
  // A page of the tab the extension did not understand: said plainly, with a diagnostic to copy.
  const layoutNotice = createLayoutNotice(io.send, boot.target);

  const signOutButton = h('button', { type: 'button', onclick: () => void signOut() }, 'Sign out');
  // "Sync solved problems" is loaded only when asked for, so the popup opens as fast as before.
  let syncPanel: HTMLElement | null = null;
  let closeSync: () => void = () => undefined;
  const syncButton = h('button', { type: 'button', 'aria-expanded': 'false', onclick: () => void toggleSync() }, 'Sync solved problems');
  async function toggleSync() {
    if (syncPanel) {
      closeSync();
      syncPanel = null;
    } else {
      const { createSyncPanel } = await import('../../lib/sync-panel');
      const panel = createSyncPanel(io.send, { autoSync: false });
      syncPanel = panel.element;
      closeSync = panel.destroy;
    }
    setProp(syncButton, 'aria-expanded', String(!!syncPanel));
    render();
  }
  const signedInAs = h('strong');
  const accountRow = h('div', { class: 'row', style: 'justify-content: space-between' }, h('span', { class: 'muted' }, 'Signed in as ', signedInAs), signOutButton);
  const signInError = h('div', { class: 'error', role: 'alert' });
  const signInButton = h('button', { class: 'primary', type: 'submit' }, 'Sign in');
  const emailField = h('label', null, 'Email', h('input', { name: 'email', type: 'email', autocomplete: 'email', required: true }));
  const passwordField = h('label', null, 'Password', h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true }));
  const signInForm = h('form', { 'aria-label': 'Sign in', onsubmit: (e) => void signIn(e) });

  let picker: SheetPicker | null = null;
  const wrap = h('div', { class: 'wrap popup' });
  let toastEl: HTMLElement | null = null;
  let shownToast: Toast | null = null;

  const found = () => (m.state?.lookup?.status === 'found' ? m.state.lookup : null);
  const record = () => found()?.document ?? null;

  function render() {
    const signedIn = !!m.auth?.signedIn;
    const problem = m.state?.problem ?? null;
    const lookup = m.state?.lookup ?? null;
    const f = found();
    const rec = record();
    const dashboard = m.settings?.apiBaseUrl ?? '';

    setProp(dashboardLink, 'href', `${dashboard}/question-tracker`);
    syncChildren(head, [brand, dashboard && dashboardLink]);

    if (m.toast !== shownToast) {
      shownToast = m.toast;
      toastEl = m.toast
        ? h('div', { class: `toast toast-${m.toast.tone}`, role: m.toast.tone === 'error' ? 'alert' : 'status', 'data-testid': 'toast' }, m.toast.text)
        : null;
    }

    const card = m.state === null ? h('div', { class: 'card muted' }, 'Looking at this page…') : problemCard(m.state, { signedIn, sheets: m.sheets });

    const showActions = signedIn && !!problem && lookup?.status !== 'invalidPlatform';
    if (showActions) {
      for (const b of [addButton, solvedButton, starButton, sheetButton]) b.disabled = m.busy;
      solvedButton.textContent = rec?.checked ? 'Mark unsolved' : 'Mark solved';
      starButton.textContent = rec?.starred ? 'Unstar' : 'Star';
      setProp(starButton, 'aria-pressed', String(!!rec?.starred));
      setProp(sheetButton, 'aria-expanded', String(m.picking));
      notesButton.textContent = `Notes${f ? ` (${f.notesCount})` : ''}`;
      if (f) setProp(openInDashboard, 'href', `${dashboard}/question-tracker?tab=notes&questionId=${encodeURIComponent(f.question._id)}`);
      syncChildren(actions, [!rec && addButton, solvedButton, starButton, sheetButton, notesButton, !!f && !!dashboard && openInDashboard]);
    }

    // "How was it?" once the question of the page is solved (or has just been marked solved).
    const showRating = showActions && !!f && !!rec?.checked;
    if (showRating) {
      const rated = m.rated?.questionId === f.question._id ? m.rated : null;
      const now = Date.now();
      ratingButtons.forEach((b, i) => {
        const rating = REVIEW_RATINGS[i] ?? 'good';
        const days = rated?.next ? daysUntil(rated.next[rating], now) : null;
        b.textContent = days === null ? RATING_LABELS[rating] : `${RATING_LABELS[rating]} · ${formatInterval(days)}`;
        setProp(b, 'title', days === null ? null : `Next review in ${dayWords(days)}`);
        b.disabled = m.busy;
      });
      ratedLine.textContent = rated?.message ?? '';
      syncChildren(rateRow, [rateTitle, ratings, !!rated && ratedLine]);
    }
    setProp(reviewLink, 'href', `${dashboard}/question-tracker?tab=review`);

    if (signedIn && problem && m.picking) {
      picker ??= createSheetPicker({
        problemUrl: problem.url,
        title: f?.question.name ?? problem.name ?? problem.key,
        send: io.send,
        loadSheets: () => loadSheets(),
        onLoaded: (sheets) => set({ sheets }),
        onDone: (message, tone) => {
          show(message, tone);
          if (tone === 'error') return;
          set({ picking: false });
          const questionId = found()?.question._id;
          if (questionId) loadSheets(questionId).then((sheets) => set({ sheets }), () => undefined);
        },
      });
      picker.update(m.sheets);
    } else {
      picker = null;
    }

    let account: (HTMLElement | null)[] = [];
    if (m.auth && signedIn) {
      signedInAs.textContent = m.auth.user?.email ?? '';
      const today = !problem && m.state && h('div', { class: 'card', 'aria-label': 'Today' }, h('span', { 'data-testid': 'today-solved' }, m.today === null ? 'Solved today: …' : `Solved today: ${m.today}`));
      account = [today || null, !problem && m.state ? reviewFacts(m.review, false, reviewLink) : null, syncButton, syncPanel, accountRow];
    } else if (m.auth) {
      signInError.textContent = m.signInError ?? '';
      signInButton.disabled = m.busy;
      syncChildren(signInForm, [emailField, passwordField, m.signInError !== null && signInError, signInButton]);
      account = [signInForm];
    }

    tryNext.update(signedIn && m.state ? (m.state.platform?.id ?? null) : undefined);
    groupDue.update(signedIn && problem ? problem.url : undefined);
    syncChildren(wrap, [head, toastEl, layoutNotice, card, showActions && actions, showRating && rateRow, picker?.element, signedIn && !!problem && groupDue.element, signedIn && !!problem && reviewFacts(m.review, true, reviewLink), !problem && contestCard(m.contest), signedIn && m.state !== null && tryNext.element, ...account]);
    fetchFacts();
  }

  render();
  root.append(wrap);

  let authAnswered = false;
  void boot.auth.then((auth) => {
    authAnswered = true;
    set({ auth });
  });
  void boot.settings.then((settings) => set({ settings }));
  void boot.target.then((target) => set({ target }));
  const first = ++stateRequest;
  // What the background kept at the page's visit is painted until its fresh answer comes.
  void boot.kept.then((kept) => {
    if (!kept || first !== stateRequest || m.state !== null) return;
    set({ state: kept.state, ...(!authAnswered && { auth: kept.auth }) });
  });
  void boot.state.then((state) => {
    if (first === stateRequest) showState(state);
  });
}
