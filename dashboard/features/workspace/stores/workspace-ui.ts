import { useLayoutEffect } from 'react';
import { create } from 'zustand';

/**
 * UI state that must outlive a remount of the tab: the tracker page keys its error boundary by the whole
 * URL, so every filter change (which lives in the URL) mounts the workspace afresh. The open menu and the
 * focused control are carried across, so filtering by keyboard keeps its place.
 */
interface WorkspaceUi {
  openMenu: string | null;
  setOpenMenu: (menu: string | null) => void;
}

export const useWorkspaceUi = create<WorkspaceUi>((set) => ({
  openMenu: null,
  setOpenMenu: (openMenu) => set({ openMenu }),
}));

let pendingFocus: { key: string; selection: [number, number] | null } | null = null;

/** Call before changing the URL: remembers the focused control (marked with data-focus-key). */
export function rememberFocus() {
  const el = document.activeElement;
  const key = el instanceof HTMLElement ? el.dataset.focusKey : undefined;
  if (!key) return;
  const text = el instanceof HTMLInputElement && (el.type === 'text' || el.type === 'search');
  pendingFocus = { key, selection: text ? [el.selectionStart ?? el.value.length, el.selectionEnd ?? el.value.length] : null };
}

/** Puts the focus back on the remembered control once it is rendered again. */
export function useRestoreFocus() {
  useLayoutEffect(() => {
    if (!pendingFocus) return;
    const el = document.querySelector(`[data-focus-key="${CSS.escape(pendingFocus.key)}"]`);
    if (!(el instanceof HTMLElement)) return;
    if (document.activeElement !== el) el.focus();
    if (pendingFocus.selection && el instanceof HTMLInputElement) el.setSelectionRange(...pendingFocus.selection);
    pendingFocus = null;
  });
}
