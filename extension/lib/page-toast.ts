import { RATING_LABELS, REVIEW_RATINGS, type ReviewRating } from '@shared/rules/review';
import type { PartialDocument } from './partial-document';

export type ToastTone = 'success' | 'info' | 'error';
/** Sends a rating of the question a toast asks about; resolves to what the toast shows then. */
export type RateFn = (rating: ReviewRating) => Promise<{ message: string }>;

const COLORS: Record<ToastTone, string> = { success: '#15803d', info: '#1f2937', error: '#b91c1c' };
const BOX = 'font:500 13px/1.4 system-ui,sans-serif;color:#fff;padding:10px 14px;border-radius:10px;box-shadow:0 6px 24px #0004;max-width:320px;background:';
const BUTTON = 'font:inherit;color:inherit;background:#fff3;border:0;border-radius:6px;padding:2px 8px;margin:6px 6px 0 0;cursor:pointer';

/** The toast asking now: a newer question replaces it (a status page may tick many problems at once). */
let asking: (() => void) | undefined;

/**
 * A small confirmation on the judge's page, in a closed shadow root so the page's styles cannot
 * reach it and it cannot disturb the page. Text only, never HTML. With `rate`, it asks "How was it?"
 * with the four ratings, and stays until one is chosen or it is closed (its × button, or Escape).
 */
export function showPageToast(doc: Document, text: string, tone: ToastTone = 'success', rate?: RateFn, ms = 5000): HTMLElement {
  const host = doc.createElement('practice-tracker-toast');
  host.setAttribute('role', 'status');
  host.setAttribute('aria-live', 'polite');
  host.style.cssText = 'all:initial;position:fixed;z-index:2147483647;right:16px;bottom:16px';
  const box = doc.createElement('div');
  box.style.cssText = BOX + COLORS[tone];
  // Tests and screen readers read the text from the host as well.
  box.textContent = host.dataset.text = text;
  host.attachShadow({ mode: 'closed' }).append(box);
  const page: PartialDocument = doc;
  (page.body ?? page.documentElement).append(host);
  const close = () => {
    host.remove();
    doc.removeEventListener('keydown', onKey);
  };
  const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
  if (!rate) {
    setTimeout(close, ms);
    return host;
  }
  const buttons = [...REVIEW_RATINGS, null].map((rating) => {
    const button = doc.createElement('button');
    button.style.cssText = BUTTON;
    button.textContent = rating ? RATING_LABELS[rating] : '×';
    button.onclick = rating
      ? () => {
          box.textContent = '…';
          // What the background answers, or why it refused, replaces the question.
          void rate(rating)
            .catch((err: unknown) => err as Error)
            .then(({ message }) => {
              box.textContent = host.dataset.text = message;
              setTimeout(close, ms);
            });
        }
      : close;
    return button;
  });
  buttons[4]?.setAttribute('aria-label', 'Close');
  box.append(' How was it? ', ...buttons);
  doc.addEventListener('keydown', onKey);
  asking?.();
  asking = close;
  return host;
}
