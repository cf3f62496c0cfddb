import { checkSubmissionId, parseLeetcodeCheck, submitSlug, submittedId, type TapVerdict } from './leetcode-verdict';

const INSTALLED = Symbol.for('practice-tracker.verdict-tap');

/**
 * Runs in the page's own world on LeetCode: watches the page's fetch and XMLHttpRequest answers for
 * a submission's check and posts the finished verdict (and nothing else) to the isolated content
 * script with window.postMessage. It reads answers; it never changes a request or an answer.
 */
export function installVerdictTap(win: Window & typeof globalThis): void {
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

  const originalFetch = win.fetch;
  win.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const pending = originalFetch.call(win, input, init);
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
  const open = XHR.prototype.open;
  const send = XHR.prototype.send;
  XHR.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    requests.set(this, { method: String(method).toUpperCase(), url: String(url) });
    return (open as (...a: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof XHR.prototype.open;
  XHR.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const info = requests.get(this);
    if (info) {
      this.addEventListener('load', () => {
        observe(info.url, info.method, async () => (this.responseType === 'json' ? (this.response as unknown) : (JSON.parse(this.responseText) as unknown)));
      });
    }
    return send.call(this, body as XMLHttpRequestBodyInit | null | undefined);
  };
}
