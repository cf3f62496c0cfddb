/**
 * The early script of index.html, written into the page and run as the page is parsed, before the
 * app's own code has arrived (a small plain script without imports: see earlySheetScript in
 * vite.config.ts; the server allows it by its hash, see api/static.ts). On a sheet's
 * address it starts what the sheet page waits for: the sheet's data request, claimed by sheetQuery,
 * and the page's code: the build names the page's chunk in this script's data-sheet-page attribute
 * and the files it needs beyond the app's own in data-sheet-chunks.
 */
export interface EarlySheet {
  slug: string;
  token: string | null;
  response: Promise<Response>;
}

declare global {
  interface Window {
    earlySheet?: EarlySheet;
  }
}

/** The sheet routes of app.tsx; /question-tracker/sheet/premium/pricing is the pricing page. */
const SHEET_ROUTE = /^\/question-tracker\/sheet\/(?:premium\/)?([^/]+)$/;
const PRICING = '/question-tracker/sheet/premium/pricing';
/** The session store's key (lib/session-store.ts). */
const TOKEN_KEY = 'pt.token';

function startSheet(script: HTMLOrSVGScriptElement | null) {
  const path = location.pathname;
  const match = SHEET_ROUTE.exec(path);
  if (!match?.[1] || path === PRICING) return;
  let slug: string;
  let token: string | null = null;
  try {
    slug = decodeURIComponent(match[1]);
    token = localStorage.getItem(TOKEN_KEY);
  } catch {
    return;
  }
  const response = fetch(`/question-tracker/v2/sheet/get-sheet-data-by-slug/${encodeURIComponent(slug)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  // Its failure is reported by the query that claims it; unclaimed, it is not an error.
  response.catch(() => undefined);
  window.earlySheet = { slug, token, response };
  if (!(script instanceof HTMLScriptElement)) return;
  const { sheetPage, sheetChunks = '' } = script.dataset;
  const files = [...(sheetPage ? [sheetPage] : []), ...sheetChunks.split(' ')].filter(Boolean);
  const styles: Promise<boolean>[] = [];
  for (const href of files) {
    const link = document.createElement('link');
    link.crossOrigin = '';
    link.href = href;
    if (href.endsWith('.css')) {
      // Applied as soon as it arrives, after the app's stylesheet (this script is last in the head).
      link.rel = 'stylesheet';
      styles.push(
        new Promise((resolve) => {
          link.onload = () => resolve(true);
          link.onerror = () => {
            // Taken out, so that the app's own preload asks for it again and reports a failure.
            link.remove();
            resolve(false);
          };
        }),
      );
    } else {
      link.rel = 'modulepreload';
    }
    document.head.append(link);
  }
  if (!sheetPage) return;
  // Run, not only fetched, once its styles apply: the chunk registers its page as it runs
  // (features/sheet/page-code.ts), and the page may be drawn at once.
  void Promise.all(styles).then((loaded) => {
    if (loaded.includes(false)) return;
    const page = document.createElement('script');
    page.type = 'module';
    page.crossOrigin = '';
    page.src = sheetPage;
    document.head.append(page);
  });
}

startSheet(document.currentScript);
