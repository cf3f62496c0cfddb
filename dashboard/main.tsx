import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, useThemeStore } from './lib/theme';
import './app/styles.css';

// Set the theme before the first paint (no inline script: the CSP forbids it).
applyTheme(useThemeStore.getState().theme);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
