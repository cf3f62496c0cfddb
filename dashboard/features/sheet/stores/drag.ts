import { create } from 'zustand';

interface DragState {
  dragging: boolean;
  setDragging: (dragging: boolean) => void;
}

/**
 * Whether something in the sheet tree is being dragged, read when needed (near-viewport keeps the rows
 * of a drag drawn) rather than subscribed to: what the page shows during a drag follows a class on the
 * tree (see SheetTree), so pick-up and drop re-render nothing for it.
 */
export const useDragStore = create<DragState>((set) => ({
  dragging: false,
  setDragging: (dragging) => set({ dragging }),
}));
