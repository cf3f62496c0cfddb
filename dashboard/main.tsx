import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { sheetQuery } from './features/sheet/api/sheet-queries';
import { queryClient } from './lib/query-client';
import { applyTheme, useThemeStore } from './lib/theme';
import './app/styles.css';

// Set the theme before the first paint.
applyTheme(useThemeStore.getState().theme);

// On a sheet's address the first script of index.html has asked for the sheet already: its answer is
// taken into the cache now, not when the page first renders, so the first render can often draw the
// sheet itself rather than a skeleton.
const early = window.earlySheet;
if (early) void queryClient.prefetchQuery(sheetQuery(early.slug, early.token));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
