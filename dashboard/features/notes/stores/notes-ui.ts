import { create } from 'zustand';

/** What the panel is doing besides showing the selected note. */
type Editing = { kind: 'edit'; noteId: string } | { kind: 'create'; questionId: string | null } | null;

/** A step waiting for the person to confirm throwing away unsaved changes. */
export type PendingDiscard = { kind: 'navigate'; href: string; focus?: FocusTarget } | { kind: 'cancel' } | { kind: 'create'; questionId: string | null };

export type FocusTarget = 'prev' | 'next' | 'panel';

interface NotesUiState {
  editing: Editing;
  dirty: boolean;
  pending: PendingDiscard | null;
  /** Where keyboard focus goes after the next navigation, so prev/next can be pressed again. */
  focusAfterNav: FocusTarget | null;
  /** The list's scroll position, restored after navigation. */
  listScroll: number;
  startEdit: (noteId: string) => void;
  startCreate: (questionId: string | null) => void;
  stopEditing: () => void;
  setDirty: (dirty: boolean) => void;
  ask: (pending: PendingDiscard) => void;
  dismiss: () => void;
  setFocusAfterNav: (target: FocusTarget | null) => void;
  setListScroll: (top: number) => void;
}

export const useNotesUi = create<NotesUiState>((set) => ({
  editing: null,
  dirty: false,
  pending: null,
  focusAfterNav: null,
  listScroll: 0,
  startEdit: (noteId) => set({ editing: { kind: 'edit', noteId }, dirty: false, pending: null }),
  startCreate: (questionId) => set({ editing: { kind: 'create', questionId }, dirty: false, pending: null }),
  stopEditing: () => set({ editing: null, dirty: false, pending: null }),
  setDirty: (dirty) => set({ dirty }),
  ask: (pending) => set({ pending }),
  dismiss: () => set({ pending: null }),
  setFocusAfterNav: (focusAfterNav) => set({ focusAfterNav }),
  setListScroll: (listScroll) => set({ listScroll }),
}));
