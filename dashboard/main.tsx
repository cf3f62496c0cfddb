import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { earlySheetReady } from './app/first-render';
import { sheetPageCode } from './features/sheet/page-code';
import { queryClient } from './lib/query-client';
import { applyTheme, useThemeStore } from './lib/theme';
import './app/styles.css';

// Set the theme before the first paint.
applyTheme(useThemeStore.getState().theme);

void earlySheetReady(window.earlySheet, queryClient, sheetPageCode).then(() => {
  // Looked up once the wait is over: on a sheet's address the entry can run as a dependency of the
  // sheet page's chunk, which the early script runs, in principle before the page's body is parsed.
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
