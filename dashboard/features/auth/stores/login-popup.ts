import { create } from 'zustand';

/** 'forgot' asks for a password reset link. */
type Mode = 'login' | 'signup' | 'forgot';

interface LoginPopupState {
  open: boolean;
  mode: Mode;
  show: (mode?: Mode) => void;
  setMode: (mode: Mode) => void;
  close: () => void;
}

export const useLoginPopup = create<LoginPopupState>((set) => ({
  open: false,
  mode: 'login',
  show: (mode = 'login') => set({ open: true, mode }),
  setMode: (mode) => set({ mode }),
  close: () => set({ open: false }),
}));
