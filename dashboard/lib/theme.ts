import { create } from 'zustand';

export type Theme = 'light' | 'dark';
const KEY = 'pt.theme';

function initialTheme(): Theme {
  const saved = localStorage.getItem(KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  // Older embedded browsers lack matchMedia: light, then.
  return 'matchMedia' in window && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
}

export const useThemeStore = create<{ theme: Theme; toggle: () => void }>((set, get) => ({
  theme: initialTheme(),
  toggle() {
    const theme = get().theme === 'dark' ? 'light' : 'dark';
    localStorage.setItem(KEY, theme);
    applyTheme(theme);
    set({ theme });
  },
}));
