export type ToastTone = 'success' | 'info' | 'error';

const COLORS: Record<ToastTone, string> = { success: '#15803d', info: '#1f2937', error: '#b91c1c' };
const BOX = 'font:500 13px/1.4 system-ui,sans-serif;color:#fff;padding:10px 14px;border-radius:10px;box-shadow:0 6px 24px #0004;max-width:320px;background:';

/**
 * A small confirmation on the judge's page, in a closed shadow root so the page's styles cannot
 * reach it and it cannot disturb the page. Text only, never HTML.
 */
export function showPageToast(doc: Document, text: string, tone: ToastTone = 'success', ms = 5000): HTMLElement {
  const host = doc.createElement('practice-tracker-toast');
  host.setAttribute('role', 'status');
  host.setAttribute('aria-live', 'polite');
  host.style.cssText = 'all:initial;position:fixed;z-index:2147483647;right:16px;bottom:16px';
  const root = host.attachShadow({ mode: 'closed' });
  const box = doc.createElement('div');
  box.style.cssText = BOX + COLORS[tone];
  box.textContent = text;
  root.append(box);
  // Tests and screen readers read the text from the host as well.
  host.dataset.text = text;
  (doc.body ?? doc.documentElement).append(host);
  setTimeout(() => host.remove(), ms);
  return host;
}
