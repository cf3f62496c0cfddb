import { create } from 'zustand';
import { SESSION_TOKEN_KEY as KEY } from './first-paint';

interface SessionState {
  token: string | null;
  setToken: (token: string) => void;
  clear: () => void;
}

/** The bearer token, kept in localStorage so a session survives a reload. */
export const useSessionStore = create<SessionState>((set) => ({
  token: readToken(),
  setToken(token) {
    localStorage.setItem(KEY, token);
    set({ token });
  },
  clear() {
    localStorage.removeItem(KEY);
    set({ token: null });
  },
}));

function readToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
