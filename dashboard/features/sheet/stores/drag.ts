import { create } from 'zustand';

interface DragState {
  dragging: boolean;
  setDragging(dragging: boolean): void;
}

/**
 * Whether something in the sheet tree is being dragged. It changes only at pick-up and drop, so the
 * parts that depend on it re-render twice per drag; dnd-kit's own context changes on every pointer
 * move and would re-render them each time.
 */
export const useDragStore = create<DragState>((set) => ({
  dragging: false,
  setDragging: (dragging) => set({ dragging }),
}));

export const useIsDragging = () => useDragStore((s) => s.dragging);
