/**
 * What step 7's browser measurements share: Chromium's path and flags, and a signed-in page that records
 * (inside the page, from navigation start) when each watched selector is first painted.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * tsx (esbuild, keepNames) wraps named functions in __name(…) calls; functions sent to the page keep
 * them, so the page needs the helper too.
 */
export const NAME_SHIM = { content: 'globalThis.__name = globalThis.__name || ((f) => f);' };

declare global {
  interface Window {
    __bench: Record<string, number | number[] | undefined>;
  }
}

/** Installed before any page script: records when a selector first appears, and the frame that paints it. */
function watchFor(selectors: Record<string, string>) {
  window.__bench = {};
  const pending = new Map(Object.entries(selectors));
  const look = () => {
    for (const [name, selector] of pending) {
      if (document.querySelector(selector)) {
        pending.delete(name);
        window.__bench[`${name}:dom`] = performance.now();
        requestAnimationFrame(() => {
          // The frame after the DOM change starts once it is painted.
          requestAnimationFrame((t) => (window.__bench[name] = t));
        });
      }
    }
    if (!pending.size) observer.disconnect();
  };
  const observer = new MutationObserver(look);
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * BENCH_CPU_THROTTLE=<n> runs the dashboard's pages n times slower (Chromium's CPU throttling), to see
 * how much headroom a figure has on a slower or busier machine. The figures then no longer compare
 * with the targets; the run says so.
 */
export const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);

export async function signedInContext(browser: Browser, token: string | null, selectors: Record<string, string>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(NAME_SHIM);
  if (token) await context.addInitScript((t) => window.localStorage.setItem('pt.token', t), token);
  await context.addInitScript(watchFor, selectors);
  const page = await context.newPage();
  if (CPU_THROTTLE > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  }
  return { context, page };
}

export async function waitMark(page: Page, name: string, timeout = 30_000): Promise<number> {
  await page.waitForFunction((n) => typeof window.__bench[n] === 'number', name, { timeout });
  return (await page.evaluate((n) => window.__bench[n], name)) as number;
}
