import { SESSION_TOKEN_KEY, sheetDataPath, sheetSlugOf } from '../lib/first-paint';

/**
 * The early script of index.html, written into the page and run as the page is parsed, before the
 * app's own code has arrived (built on its own into a plain script, imports included: see
 * earlySheetScript in vite.config.ts; the build writes its hash for the server, see
 * api/lib/page-policy.ts). On a sheet's address it starts what the sheet page waits for: the
 * sheet's data request, claimed by sheetQuery, and the page's code: the build names the page's chunk
 * in this script's data-sheet-page attribute and the files it needs beyond the app's own in
 * data-sheet-chunks.
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

function startSheet(script: HTMLOrSVGScriptElement | null) {
  const encoded = sheetSlugOf(location.pathname);
  if (!encoded) return;
  let slug: string;
  let token: string | null = null;
  try {
    slug = decodeURIComponent(encoded);
    token = localStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return;
  }
  const response = fetch(sheetDataPath(slug), {
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
