/**
 * LeetCode verdicts, read from the judge's own network answers: the one home of LeetCode auto-tick.
 *
 * - The page-world tap (installVerdictTap) posts only what `parseLeetcodeCheck` keeps. It runs from
 *   entrypoints/leetcode-verdict.content.ts (Chrome, MAIN world) and entrypoints/verdict-tap.ts (Firefox,
 *   loaded by entrypoints/leetcode-tap.content.ts).
 * - The isolated content script (features/leetcode-verdict.ts) re-checks everything here with
 *   hand-written guards (no zod in the content script) before it reports to the background, which
 *   decides (background/verdicts.ts). The page's own problem is read by platforms/leetcode.dom.ts.
 *
 * Nothing here imports the browser API: the tap runs in the page's world.
 */

import { SOLUTION_MAX_BYTES } from '@shared/rules/solutions';
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
  /** The code the page sent in that submit request, when it was seen (Accepted verdicts only). */
  code?: string | null;
  /** Its language: the check answer's name for it ("C++"), else the submit request's ("cpp"). */
  language?: string | null;
}

/**
 * A check answer of the user's own submission that the tap does not understand (LeetCode changed its
 * shape): the names of CHECK_FIELDS that were found in it, never its values.
 */
export interface TapShape {
  type: typeof TAP_MESSAGE;
  shape: true;
  submissionId: string;
  fields: string[];
}

/**
 * The check answer's fields the tap reads, by name (the answer's own keys): a change of LeetCode's answer is
 * fixed here, with a saved answer in tests/fixtures/pages/leetcode.
 */
export const CHECK_FIELDS = {
  state: 'state',
  statusMsg: 'status_msg',
  submissionId: 'submission_id',
  questionId: 'question_id',
  language: 'pretty_lang',
} as const;

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
  if (!isRecord(json) || json[CHECK_FIELDS.state] !== 'SUCCESS') return null;
  const statusMsg = shortString(json[CHECK_FIELDS.statusMsg], 60);
  if (!statusMsg) return null;
  // The answer names its submission too; it must be the one polled.
  const named = json[CHECK_FIELDS.submissionId];
  const own = named === undefined ? submissionId : typeof named === 'string' || typeof named === 'number' ? String(named) : null;
  if (own !== submissionId) return null;
  const rawQid = json[CHECK_FIELDS.questionId];
  const qid = typeof rawQid === 'number' ? String(rawQid) : shortString(rawQid, 20);
  return {
    type: TAP_MESSAGE,
    submissionId,
    state: 'SUCCESS',
    statusMsg,
    questionId: qid && DIGITS.test(qid) ? qid : null,
    slug: slug && SLUG.test(slug) ? slug : null,
  };
}

/**
 * Whether a check answer is one the tap understands: judging still under way (a `state` other than
 * SUCCESS), or finished with its verdict's words. Null when understood, else the CHECK_FIELDS names it has.
 */
export function checkShape(json: unknown): string[] | null {
  if (isRecord(json)) {
    const state = json[CHECK_FIELDS.state];
    if (typeof state === 'string' && (state !== 'SUCCESS' || typeof json[CHECK_FIELDS.statusMsg] === 'string')) return null;
  }
  return Object.entries(CHECK_FIELDS)
    .filter(([, key]) => isRecord(json) && json[key] !== undefined)
    .map(([name]) => name);
}

/** The code and language of a submit request's body (`{lang, question_id, typed_code}`), else null. */
export function submittedCode(body: unknown): { code: string; lang: string } | null {
  let json: unknown;
  try {
    json = typeof body === 'string' ? JSON.parse(body) : null;
  } catch {
    return null;
  }
  if (!isRecord(json)) return null;
  // Code past the tracker's limit is not passed on: a UTF-16 length bounds its UTF-8 bytes from below.
  const code = typeof json.typed_code === 'string' && json.typed_code.trim() && json.typed_code.length <= SOLUTION_MAX_BYTES ? json.typed_code : null;
  const lang = shortString(json.lang, 40);
  return code && lang ? { code, lang } : null;
}

/** The language a check answer names ("C++"), else null. */
function checkLanguage(json: unknown): string | null {
  return isRecord(json) ? shortString(json[CHECK_FIELDS.language], 40) : null;
}

const FIELD_NAME = /^[A-Za-z]{1,40}$/;

/** Checks a window message from the page world field by field; anything else is ignored. */
export function readTapMessage(data: unknown): TapVerdict | TapShape | null {
  if (!isRecord(data) || data.type !== TAP_MESSAGE) return null;
  const { submissionId, state, statusMsg, questionId, slug, code, language } = data;
  if (typeof submissionId !== 'string' || !DIGITS.test(submissionId)) return null;
  if (data.shape === true) {
    const fields = data.fields;
    const valid = Array.isArray(fields) && fields.length <= 40 && fields.every((f) => typeof f === 'string' && FIELD_NAME.test(f));
    return valid ? { type: TAP_MESSAGE, shape: true, submissionId, fields: [...(fields as string[])] } : null;
  }
  const valid =
    shortString(state, 20) !== null &&
    shortString(statusMsg, 60) !== null &&
    (questionId === null || (typeof questionId === 'string' && DIGITS.test(questionId))) &&
    (slug === null || (typeof slug === 'string' && SLUG.test(slug)));
  if (!valid) return null;
  const verdict = { type: TAP_MESSAGE, submissionId, state, statusMsg, questionId, slug } as TapVerdict;
  // Code the background would refuse is left out, so the verdict itself still counts.
  if (typeof code === 'string' && code.trim() && code.length <= SOLUTION_MAX_BYTES && shortString(language, 40)) Object.assign(verdict, { code, language });
  return verdict;
}

/** Whether a tap message tells of an answer the tap did not understand. */
export const isTapShape = (m: TapVerdict | TapShape): m is TapShape => 'shape' in m;

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

  // Which problem each submission was made on, and the code sent with it, from the submits seen on this page.
  const slugOf = new Map<string, string>();
  const codeOf = new Map<string, { code: string; lang: string }>();
  const post = (v: TapVerdict | TapShape) => win.postMessage(v, win.location.origin);

  const observe = (rawUrl: string, method: string, read: () => Promise<unknown>, body: () => Promise<unknown> = () => Promise.resolve(null)) => {
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
    const sent = slug ? body().catch(() => null) : Promise.resolve(null);
    read()
      .then(async (json) => {
        if (slug) {
          const id = submittedId(json);
          if (!id) return;
          slugOf.set(id, slug);
          const code = submittedCode(await sent);
          if (code) codeOf.set(id, code);
        } else if (checked) {
          const verdict = parseLeetcodeCheck(json, checked, slugOf.get(checked) ?? null);
          const code = codeOf.get(checked);
          if (verdict?.statusMsg === 'Accepted' && code) Object.assign(verdict, { code: code.code, language: checkLanguage(json) ?? code.lang });
          if (verdict) post(verdict);
          else {
            // A check of a submission made on this page that the tap cannot read: said, never silent.
            const fields = slugOf.has(checked) ? checkShape(json) : null;
            if (fields) post({ type: TAP_MESSAGE, shape: true, submissionId: checked, fields });
          }
        }
      })
      .catch(() => {
        // No JSON at all where a check answer was expected.
        if (checked && slugOf.has(checked)) post({ type: TAP_MESSAGE, shape: true, submissionId: checked, fields: [] });
      });
  };

  const originalFetch = win.fetch.bind(win);
  win.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    let body: () => Promise<unknown> = () => Promise.resolve(init?.body ?? null);
    try {
      // A Request's body is read by the fetch itself: a copy is taken first.
      if (input instanceof Request && init?.body === undefined && input.method.toUpperCase() === 'POST') {
        const copy = input.clone();
        body = () => copy.text();
      }
    } catch {
      // Never let the tap break a request.
    }
    const pending = originalFetch(input, init);
    try {
      const url = input instanceof Request ? input.url : String(input);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      // Our handler is attached first, so the clone is taken before the page reads the body.
      pending.then((res) => observe(url, method, () => res.clone().json(), body), () => undefined);
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
        // A promise even when the text is no JSON: the failure is then a rejection observe handles.
        observe(
          info.url,
          info.method,
          () => new Promise((resolve) => resolve(this.responseType === 'json' ? (this.response as unknown) : (JSON.parse(this.responseText) as unknown))),
          () => Promise.resolve(body ?? null),
        );
      });
    }
    send.call(this, body as XMLHttpRequestBodyInit | null | undefined);
  };
}
