import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface PracticeUi {
  /** Ratings and bands hidden (the order is kept), for practising without knowing how hard a problem is. */
  hideDifficulty: boolean;
  setHideDifficulty: (hide: boolean) => void;
}

export const usePracticeUi = create<PracticeUi>()(
  persist((set) => ({ hideDifficulty: false, setHideDifficulty: (hideDifficulty) => set({ hideDifficulty }) }), { name: 'practice-ui' }),
);
