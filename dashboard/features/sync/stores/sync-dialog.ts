import { create } from 'zustand';

/** Whether "Sync solved problems" is open: the workspace, its empty state and the account menu open it. */
export const useSyncDialog = create<{ open: boolean; show: () => void; close: () => void }>((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}));
