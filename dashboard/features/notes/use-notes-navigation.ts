import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Note } from '@shared/schemas/note';
import { NOTES_PATH, noteHref, notesHomeHref, questionNotesHref, type NotesFilters, type NotesLocation } from './lib/notes-order';
import { useNotesUi, type FocusTarget, type PendingDiscard } from './stores/notes-ui';

interface Shown {
  selected: Note | null;
  /** The note the URL names is still loading. */
  noteLoading: boolean;
}

/**
 * Moving between notes: unsaved changes are confirmed first, editing follows the URL, and keyboard focus
 * and the list's scroll survive the remount that every navigation causes.
 */
export function useNotesNavigation({ questionId, noteId }: NotesLocation, filters: NotesFilters, { selected, noteLoading }: Shown) {
  const [, navigate] = useLocation();
  const searchString = useSearch();
  const editing = useNotesUi((s) => s.editing);
  const dirty = useNotesUi((s) => s.dirty);
  const pending = useNotesUi((s) => s.pending);
  const ui = useNotesUi.getState();

  // Editing follows the URL: a different note or question in the URL ends it.
  const editingMatches =
    !!editing &&
    (editing.kind === 'edit' ? editing.noteId === selected?._id || (noteId === editing.noteId && !selected) : editing.questionId === questionId && !noteId);
  const stale = !!editing && !editingMatches && !(editing.kind === 'edit' && !!noteId && noteLoading);
  useEffect(() => {
    if (stale) useNotesUi.getState().stopEditing();
  }, [stale]);

  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (listRef.current) listRef.current.scrollTop = useNotesUi.getState().listScroll;
  }, []);
  const selectedId = selected?._id ?? null;
  const waiting = !!noteId && !selected;
  useEffect(() => {
    const state = useNotesUi.getState();
    const target = state.focusAfterNav;
    if (!target || waiting) return;
    // Keep the keyboard on previous / next; at either end, on the one that still goes somewhere.
    const buttons = target === 'prev' ? [prevRef.current, nextRef.current] : target === 'next' ? [nextRef.current, prevRef.current] : [];
    (buttons.find((b) => b && !b.disabled) ?? panelRef.current)?.focus();
    state.setFocusAfterNav(null);
  }, [selectedId, waiting]);

  const go = (href: string, focus?: FocusTarget) => {
    if (editing && dirty) {
      ui.ask({ kind: 'navigate', href, focus });
      return;
    }
    if (editing) ui.stopEditing();
    if (listRef.current) ui.setListScroll(listRef.current.scrollTop);
    ui.setFocusAfterNav(focus ?? null);
    navigate(href);
  };
  const interceptNavigation = (href: string, e: MouseEvent) => {
    if (editing && dirty) {
      e.preventDefault();
      ui.ask({ kind: 'navigate', href });
      return;
    }
    if (listRef.current) ui.setListScroll(listRef.current.scrollTop);
    ui.setFocusAfterNav('panel');
  };
  const openCreate = (forQuestion: string | null) => {
    ui.startCreate(forQuestion);
    const href = forQuestion ? questionNotesHref(forQuestion, filters) : notesHomeHref(filters);
    if (`${NOTES_PATH}?${searchString}` !== href) navigate(href);
  };
  const startCreate = (forQuestion: string | null) => {
    if (editing && dirty) {
      ui.ask({ kind: 'create', questionId: forQuestion });
      return;
    }
    openCreate(forQuestion);
  };
  const cancelEditing = () => {
    if (!editing) return;
    if (editing.kind === 'create' || dirty) ui.ask({ kind: 'cancel' });
    else ui.stopEditing();
  };
  const confirmDiscard = (step: PendingDiscard) => {
    ui.stopEditing();
    if (step.kind === 'navigate') {
      ui.setFocusAfterNav(step.focus ?? 'panel');
      navigate(step.href);
    } else if (step.kind === 'create') openCreate(step.questionId);
    else panelRef.current?.focus();
  };
  const saved = (note: Note, wasNew: boolean) => {
    ui.stopEditing();
    if (wasNew) {
      ui.setFocusAfterNav('panel');
      navigate(noteHref(note, filters));
    } else panelRef.current?.focus();
  };

  const creating = editing?.kind === 'create' && editingMatches ? editing : null;
  const editingSelected = editing?.kind === 'edit' && !!selected && editing.noteId === selected._id;
  return {
    refs: { prevRef, nextRef, panelRef, listRef },
    editing,
    dirty,
    pending,
    creating,
    editingSelected,
    go,
    interceptNavigation,
    startCreate,
    cancelEditing,
    confirmDiscard,
    saved,
  };
}
