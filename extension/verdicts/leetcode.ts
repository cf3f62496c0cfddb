/**
 * LeetCode verdicts, read from the judge's own network answers: the one home of LeetCode auto-tick.
 *
 * - The page-world tap (installVerdictTap) posts only what `parseLeetcodeCheck` keeps. It runs from
 *   entrypoints/leetcode-verdict.content.ts (Chrome, MAIN world) and entrypoints/verdict-tap.ts (Firefox).
 * - The isolated content script (features/leetcode-verdict.ts) re-checks everything here with
 *   hand-written guards (no zod in the content script) before it reports to the background, which
 *   decides (background/verdicts.ts). The page's own problem is read by platforms/leetcode.dom.ts.
 *
 * Nothing here imports the browser API: the tap runs in the page's world.
 */

import { isRecord } from '@shared/untrusted';

/** The `type` of the window message the tap posts. */
export const TAP_MESSAGE = 'practice-tracker:leetcode-verdict';

export interface TapVerdict {
  type: typeof TAP_MESSAGE;
  submissionId: string;
  state: string;
  statusMsg: string;
  /** LeetCode's internal question id from the check answer. */
  questionId: string | null;
  /** The problem slug from the submit request that created the submission, when it was seen. */
  slug: string | null;
}

const CHECK_PATH = /^\/submissions\/detail\/(\d{1,20})\/check\/?$/;
/** A problem's submit, or a contest problem's (`/contest/api/<contest>/problems/<slug>/submit/`); both are checked at the same check path. */
const SUBMIT_PATH = /^(?:\/contest\/api\/[\w-]{1,100})?\/problems\/([a-z0-9-]{1,200})\/submit\/?$/;
const SLUG = /^[a-z0-9-]{1,200}$/;
const DIGITS = /^\d{1,20}$/;

const shortString = (v: unknown, max: number): string | null => (typeof v === 'string' && v.length <= max ? v : null);

/** The submission id a check URL polls, or null ("Run" checks have ids like runcode_…, not digits). */
export function checkSubmissionId(pathname: string): string | null {
  return CHECK_PATH.exec(pathname)?.[1] ?? null;
}

/** The problem slug a submit URL posts to. */
export function submitSlug(pathname: string): string | null {
  return SUBMIT_PATH.exec(pathname)?.[1] ?? null;
}

/** The submission id LeetCode answers a submit with. */
export function submittedId(json: unknown): string | null {
  const id = isRecord(json) ? json.submission_id : undefined;
  const s = typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : shortString(id, 20);
  return s && DIGITS.test(s) ? s : null;
}

/**
 * A finished check answer ({state: 'SUCCESS', status_msg, question_id}) as a verdict for the
 * submission in the URL; null while it is still judging or when it is not a check answer at all.
 */
export function parseLeetcodeCheck(json: unknown, submissionId: string, slug: string | null): TapVerdict | null {
  if (!isRecord(json) || json.state !== 'SUCCESS') return null;
  const statusMsg = shortString(json.status_msg, 60);
  if (!statusMsg) return null;
  // The answer names its submission too; it must be the one polled.
  const named = json.submission_id;
  const own = named === undefined ? submissionId : typeof named === 'string' || typeof named === 'number' ? String(named) : null;
  if (own !== submissionId) return null;
  const qid = typeof json.question_id === 'number' ? String(json.question_id) : shortString(json.question_id, 20);
  return {
    type: TAP_MESSAGE,
    submissionId,
    state: 'SUCCESS',
    statusMsg,
    questionId: qid && DIGITS.test(qid) ? qid : null,
    slug: slug && SLUG.test(slug) ? slug : null,
  };
}

/** Checks a window message from the page world field by field; anything else is ignored. */
export function readTapMessage(data: unknown): TapVerdict | null {
  if (!isRecord(data) || data.type !== TAP_MESSAGE) return null;
  const { submissionId, state, statusMsg, questionId, slug } = data;
  const valid =
    typeof submissionId === 'string' &&
    DIGITS.test(submissionId) &&
    shortString(state, 20) !== null &&
    shortString(statusMsg, 60) !== null &&
    (questionId === null || (typeof questionId === 'string' && DIGITS.test(questionId))) &&
    (slug === null || (typeof slug === 'string' && SLUG.test(slug)));
  return valid ? ({ type: TAP_MESSAGE, submissionId, state, statusMsg, questionId, slug } as TapVerdict) : null;
}

/**
 * An Accepted verdict that belongs to the page's problem: the submit was for this slug (when seen),
 * and the judged question is this page's (when the page names its id). Anything else is refused.
 */
export function isAcceptedForPage(v: TapVerdict, page: { slug: string | null; questionId: string | null }): boolean {
  if (v.state !== 'SUCCESS' || v.statusMsg !== 'Accepted' || !page.slug) return false;
  if (v.slug !== null && v.slug !== page.slug) return false;
  if (v.questionId !== null && page.questionId !== null && v.questionId !== page.questionId) return false;
  return true;
}

const INSTALLED = Symbol.for('practice-tracker.verdict-tap');

/** What the tap uses of the page's window; a page world without XMLHttpRequest has only fetch watched. */
type TapWindow = Pick<Window, 'postMessage' | 'location'> & { fetch: typeof fetch; XMLHttpRequest?: typeof XMLHttpRequest };

/**
 * Runs in the page's own world on LeetCode: watches the page's fetch and XMLHttpRequest answers for
 * a submission's check and posts the finished verdict (and nothing else) to the isolated content
 * script with window.postMessage. It reads answers; it never changes a request or an answer.
 */
export function installVerdictTap(win: TapWindow): void {
  const marked = win as unknown as Record<symbol, boolean>;
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;

  // Which problem each submission was made on, from the submit answers seen on this page.
  const slugOf = new Map<string, string>();
  const post = (v: TapVerdict) => win.postMessage(v, win.location.origin);

  const observe = (rawUrl: string, method: string, read: () => Promise<unknown>) => {
    let url: URL;
    try {
      url = new URL(rawUrl, win.location.href);
    } catch {
      return;
    }
    if (url.origin !== win.location.origin) return;
    const slug = method === 'POST' ? submitSlug(url.pathname) : null;
    const checked = slug ? null : checkSubmissionId(url.pathname);
    if (!slug && !checked) return;
    read()
      .then((json) => {
        if (slug) {
          const id = submittedId(json);
          if (id) slugOf.set(id, slug);
        } else if (checked) {
          const verdict = parseLeetcodeCheck(json, checked, slugOf.get(checked) ?? null);
          if (verdict) post(verdict);
        }
      })
      .catch(() => undefined);
  };

  const originalFetch = win.fetch.bind(win);
  win.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const pending = originalFetch(input, init);
    try {
      const url = input instanceof Request ? input.url : String(input);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      // Our handler is attached first, so the clone is taken before the page reads the body.
      pending.then((res) => observe(url, method, () => res.clone().json()), () => undefined);
    } catch {
      // Never let the tap break a request.
    }
    return pending;
  };

  const XHR = win.XMLHttpRequest;
  if (!XHR) return;
  const requests = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
  // The originals, called below with the request as `this`, as the page would have called them.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept unbound on purpose: each call passes its request as `this`
  const { open, send } = XHR.prototype;
  // The page may pass anything: String() reads it as the browser would.
  XHR.prototype.open = function (this: XMLHttpRequest, method: unknown, url: unknown, ...rest: unknown[]) {
    requests.set(this, { method: String(method).toUpperCase(), url: String(url) });
    (open as (...a: unknown[]) => void).call(this, method, url, ...rest);
  };
  XHR.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const info = requests.get(this);
    if (info) {
      this.addEventListener('load', () => {
        // A promise even when the text is no JSON: the failure is then a rejection observe ignores.
        observe(info.url, info.method, () => new Promise((resolve) => resolve(this.responseType === 'json' ? (this.response as unknown) : (JSON.parse(this.responseText) as unknown))));
      });
    }
    send.call(this, body as XMLHttpRequestBodyInit | null | undefined);
  };
}
