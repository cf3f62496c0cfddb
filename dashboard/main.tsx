import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { sheetQuery } from './features/sheet/api/sheet-queries';
import { sheetPageCode } from './features/sheet/page-code';
import { queryClient } from './lib/query-client';
import { applyTheme, useThemeStore } from './lib/theme';
import './app/styles.css';

// Set the theme before the first paint.
applyTheme(useThemeStore.getState().theme);

/** How long the first render may wait for a sheet's data and code that are on their way. */
const EARLY_SHEET_WAIT_MS = 100;

/**
 * On a sheet's address index.html's early script has asked for the sheet's data and the page's code
 * already. The first render waits for them, briefly: drawn with them, the sheet shows in the first
 * paint instead of after a skeleton and a second render, which on a busy machine takes longer than
 * the wait. Whatever is still missing afterwards shows its skeleton as usual.
 */
function earlySheetReady(): Promise<unknown> {
  const early = window.earlySheet;
  if (!early) return Promise.resolve();
  const arrived = Promise.all([queryClient.prefetchQuery(sheetQuery(early.slug, early.token)), sheetPageCode.load().catch(() => undefined)]);
  return Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, EARLY_SHEET_WAIT_MS))]);
}

const root = document.getElementById('root');
if (root) {
  void earlySheetReady().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
