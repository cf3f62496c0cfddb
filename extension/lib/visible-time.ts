import type { ContentMessage, Send } from '@shared/schemas/messages';

/** How often the time a page was visible is reported while it stays visible. */
const REPORT_MS = 60_000;
/** The most one report may carry (the schema's bound): a longer gap is a sleeping machine, not work. */
const MAX_REPORT_S = 600;

let flushNow: () => Promise<void> = () => Promise.resolve();

/** Reports the visible time counted so far at once (before an Accepted verdict is reported). */
export const flushVisibleTime = (): Promise<void> => flushNow();

/**
 * Counts the time the page is visible and reports it in whole seconds (`time:visible`): every minute, when
 * the page is hidden or left, and before a verdict. The background adds it to the tab's problem for the day.
 */
export function countVisibleTime(win: Window, signal: AbortSignal, send: Send<ContentMessage>, onLocationChange: (callback: () => void) => void) {
  const doc = win.document;
  let since: number | null = doc.visibilityState === 'visible' ? win.performance.now() : null;
  let carried = 0;

  const take = (): number => {
    const t = win.performance.now();
    if (since !== null) carried += (t - since) / 1000;
    since = doc.visibilityState === 'visible' ? t : null;
    const whole = Math.floor(carried);
    carried -= whole;
    return Math.min(whole, MAX_REPORT_S);
  };
  const report = (): Promise<void> => {
    const seconds = take();
    return seconds > 0 ? send({ type: 'time:visible', seconds }).then(() => undefined, () => undefined) : Promise.resolve();
  };
  flushNow = report;

  doc.addEventListener('visibilitychange', () => void report(), { signal });
  win.addEventListener('pagehide', () => void report(), { signal });
  // A move to another problem: the time so far was the previous problem's.
  onLocationChange(() => void report());
  const timer = win.setInterval(() => void report(), REPORT_MS);
  signal.addEventListener('abort', () => {
    win.clearInterval(timer);
    flushNow = () => Promise.resolve();
  });
}
