import type { NoteQuestion, NoteSummary } from '@shared/schemas/note';

export const NOTES_PATH = '/question-tracker';

/** The list's filters, kept in the URL beside the note (q: search text, tag: a tag id). */
export interface NotesFilters {
  q: string;
  tag: string;
}

/** The filters as query parameters, after whatever names the note; nothing when unfiltered. */
function filterQuery(filters: NotesFilters | undefined): string {
  if (!filters) return '';
  const q = filters.q.trim() ? `&q=${encodeURIComponent(filters.q.trim())}` : '';
  const tag = filters.tag ? `&tag=${encodeURIComponent(filters.tag)}` : '';
  return q + tag;
}

/** The deep link of a note (spec §2): questionId + noteId for a question note, noteId alone for a general note. */
export function noteHref(note: { _id: string; questionId: { _id: string } | null }, filters?: NotesFilters): string {
  const q = note.questionId ? `&questionId=${encodeURIComponent(note.questionId._id)}` : '';
  return `${NOTES_PATH}?tab=notes${q}&noteId=${encodeURIComponent(note._id)}${filterQuery(filters)}`;
}

/** A question's notes (its first note, or 'Add New Note' when it has none). */
export function questionNotesHref(questionId: string, filters?: NotesFilters): string {
  return `${NOTES_PATH}?tab=notes&questionId=${encodeURIComponent(questionId)}${filterQuery(filters)}`;
}

/** The notes tab with nothing open. */
export function notesHomeHref(filters?: NotesFilters): string {
  return `${NOTES_PATH}?tab=notes${filterQuery(filters)}`;
}

export function readNotesFilters(search: URLSearchParams): NotesFilters {
  return { q: (search.get('q') ?? '').trim(), tag: (search.get('tag') ?? '').trim() };
}

export interface NotesLocation {
  questionId: string | null;
  /** The note to open: subNote (a note within the question's notes) wins over noteId. */
  noteId: string | null;
}

export function readNotesLocation(search: URLSearchParams): NotesLocation {
  const clean = (v: string | null) => (v && v.trim() ? v.trim() : null);
  return { questionId: clean(search.get('questionId')), noteId: clean(search.get('subNote')) ?? clean(search.get('noteId')) };
}

export interface QuestionGroup {
  question: NoteQuestion;
  notes: NoteSummary[];
}

/**
 * Question notes grouped by their question: the group with the newest note first, each group's notes
 * in the order they were written (the list arrives newest first, across pages).
 */
export function groupByQuestion(notes: NoteSummary[]): QuestionGroup[] {
  const groups = new Map<string, QuestionGroup>();
  for (const note of notes) {
    if (!note.questionId) continue;
    const group = groups.get(note.questionId._id) ?? { question: note.questionId, notes: [] };
    group.notes.push(note);
    groups.set(note.questionId._id, group);
  }
  const byCreated = (a: NoteSummary, b: NoteSummary) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id);
  return [...groups.values()].map((g) => ({ ...g, notes: [...g.notes].sort(byCreated) }));
}

/** The order previous / next walk through: question notes as listed, then general notes. */
export function navigationOrder(groups: QuestionGroup[], general: NoteSummary[]): NoteSummary[] {
  return [...groups.flatMap((g) => g.notes), ...general];
}

export function neighbours<T extends { _id: string }>(order: T[], id: string | null): { index: number; prev: T | null; next: T | null } {
  const index = id ? order.findIndex((n) => n._id === id) : -1;
  if (index < 0) return { index, prev: null, next: order[0] ?? null };
  return { index, prev: order[index - 1] ?? null, next: order[index + 1] ?? null };
}
