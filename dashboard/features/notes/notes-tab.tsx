import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, NotebookPen, Plus, Search, SearchX, TriangleAlert, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DEFAULT_NOTE_TITLE, NOTE_MESSAGES } from '@shared/rules/notes';
import type { Note, NoteQuestion, QuestionNotes } from '@shared/schemas/note';
import { ConfirmDialog } from '../../components/dialog';
import { EmptyState, Skeleton } from '../../components/feedback';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { notesListQuery, noteQuery, noteTagsQuery, questionNotesQuery, useDeleteNote } from './api/notes-queries';
import { NoteForm, type NoteDraft } from './components/note-form';
import { NoteView, QuestionHeading } from './components/note-view';
import { NotesList } from './components/notes-list';
import { groupByQuestion, navigationOrder, neighbours, noteHref, notesHomeHref, questionNotesHref, readNotesLocation } from './lib/notes-order';
import { useNotesUi, type FocusTarget, type PendingDiscard } from './stores/notes-ui';
import './notes.css';
import { plural } from '../../lib/plural';

const SEARCH_DEBOUNCE_MS = 300;
const isClientError = (err: unknown) => err instanceof ApiError && err.code >= 400 && err.code < 500;
/** The toast for a question that cannot be opened is shown once per question, not on every remount. */
let toastedQuestion: string | null = null;

export default function NotesTab() {
  const [, navigate] = useLocation();
  const searchString = useSearch();
  const { questionId, noteId } = readNotesLocation(new URLSearchParams(searchString));

  // Subscribe to what the page shows; actions are read from the store when used.
  const search = useNotesUi((s) => s.search);
  const tag = useNotesUi((s) => s.tag);
  const editing = useNotesUi((s) => s.editing);
  const dirty = useNotesUi((s) => s.dirty);
  const pending = useNotesUi((s) => s.pending);
  const ui = useNotesUi.getState();
  const [text, setText] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => ui.setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // The lists (two sections, each paged) and the tags for the filter.
  const questionList = useInfiniteQuery(notesListQuery({ type: 'question', search, tag }));
  const generalList = useInfiniteQuery(notesListQuery({ type: 'general', search, tag }));
  const tags = useQuery(noteTagsQuery());
  const groups = useMemo(() => groupByQuestion(questionList.data?.pages.flatMap((p) => p.notes) ?? []), [questionList.data]);
  const general = useMemo(() => generalList.data?.pages.flatMap((p) => p.notes) ?? [], [generalList.data]);
  const order = useMemo(() => navigationOrder(groups, general), [groups, general]);

  // What the URL opens: a note, a question's notes, or nothing yet.
  const noteResult = useQuery({ ...noteQuery(noteId ?? ''), enabled: !!noteId });
  const contextQuestionId = questionId ?? noteResult.data?.questionId?._id ?? null;
  const questionResult = useQuery({ ...questionNotesQuery(contextQuestionId ?? ''), enabled: !!contextQuestionId });
  const badQuestion = !!questionId && questionResult.isError && isClientError(questionResult.error);
  const selected: Note | null = noteId ? (noteResult.data ?? null) : (questionResult.data?.notes[0] ?? null);
  const { index, prev, next } = neighbours(order, selected?._id ?? null);

  // The neighbours are fetched ahead, so previous / next show the note at once.
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const n of [prev, next]) if (n) void queryClient.prefetchQuery(noteQuery(n._id));
  }, [prev?._id, next?._id, queryClient]);

  // Previous / next never stop at a page boundary: near the end of what is loaded, load the next page.
  const loadedQuestionNotes = order.length - general.length;
  useEffect(() => {
    if (index < 0) return;
    if (index >= loadedQuestionNotes - 3 && questionList.hasNextPage && !questionList.isFetchingNextPage) void questionList.fetchNextPage();
    else if (index >= order.length - 3 && !questionList.hasNextPage && generalList.hasNextPage && !generalList.isFetchingNextPage) void generalList.fetchNextPage();
  }, [index, loadedQuestionNotes, order.length, questionList, generalList]);

  useEffect(() => {
    if (badQuestion && toastedQuestion !== questionId) {
      toastedQuestion = questionId;
      toast.error(NOTE_MESSAGES.cannotOpen);
    }
  }, [badQuestion, questionId]);

  // Editing follows the URL: a different note or question in the URL ends it.
  const editingMatches =
    !!editing &&
    (editing.kind === 'edit' ? editing.noteId === selected?._id || (noteId === editing.noteId && !selected) : editing.questionId === questionId && !noteId);
  useEffect(() => {
    if (editing && !editingMatches && !(editing.kind === 'edit' && noteId && noteResult.isLoading)) ui.stopEditing();
  }, [editing, editingMatches]);

  // Focus and list scroll survive the remount that every navigation causes.
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (listRef.current) listRef.current.scrollTop = useNotesUi.getState().listScroll;
  }, []);
  useEffect(() => {
    const target = useNotesUi.getState().focusAfterNav;
    if (!target || (noteId && !selected)) return;
    // Keep the keyboard on previous / next; at either end, on the one that still goes somewhere.
    const buttons = target === 'prev' ? [prevRef.current, nextRef.current] : target === 'next' ? [nextRef.current, prevRef.current] : [];
    (buttons.find((b) => b && !b.disabled) ?? panelRef.current)?.focus();
    ui.setFocusAfterNav(null);
  }, [selected?._id]);

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
  const startCreate = (forQuestion: string | null) => {
    if (editing && dirty) {
      ui.ask({ kind: 'create', questionId: forQuestion });
      return;
    }
    openCreate(forQuestion);
  };
  const openCreate = (forQuestion: string | null) => {
    ui.startCreate(forQuestion);
    const href = forQuestion ? questionNotesHref(forQuestion) : notesHomeHref;
    if (`/question-tracker?${searchString}` !== href) navigate(href);
  };
  const cancelEditing = () => {
    if (!editing) return;
    if (editing.kind === 'create' || dirty) ui.ask({ kind: 'cancel' });
    else ui.stopEditing();
  };
  const confirmDiscard = (pending: PendingDiscard) => {
    ui.stopEditing();
    if (pending.kind === 'navigate') {
      ui.setFocusAfterNav(pending.focus ?? 'panel');
      navigate(pending.href);
    } else if (pending.kind === 'create') openCreate(pending.questionId);
    else panelRef.current?.focus();
  };

  const [deleting, setDeleting] = useState<Note | null>(null);
  const remove = useDeleteNote();
  const confirmDelete = () => {
    if (!deleting) return;
    const note = deleting;
    remove.mutate(note, {
      onSuccess: () => {
        setDeleting(null);
        toast.success('Note deleted');
        navigate(note.questionId ? questionNotesHref(note.questionId._id) : notesHomeHref);
      },
      onError: (err) => toast.failure(err instanceof ApiError && err.code > 0 ? err.message : 'Failed to delete note', err),
    });
  };

  const sectionState = (list: typeof questionList) => ({
    loading: list.isLoading,
    error: list.isError,
    hasMore: !!list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    retry: () => void list.refetch(),
  });
  const filtering = !!(search || tag);
  const creating = editing?.kind === 'create' && editingMatches ? editing : null;
  const editingSelected = editing?.kind === 'edit' && selected && editing.noteId === selected._id;

  return (
    <div className="notes-page">
      <header className="page-header">
        <div>
          <h1>Notes</h1>
          <p>Approaches, patterns and reminders: on a question, or on their own.</p>
        </div>
      </header>

      <div className="notes-filters" role="search">
        <div className="notes-search">
          <Search size={16} className="notes-search-icon" aria-hidden />
          <input
            className="input"
            type="search"
            data-shortcut="search"
            aria-label="Search notes"
            placeholder="Search titles and notes"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') ui.setSearch(text.trim());
            }}
          />
        </div>
        <select className="select notes-tag-filter" aria-label="Filter by tag" value={tag} onChange={(e) => ui.setTag(e.target.value)}>
          <option value="">All tags</option>
          {(tags.data ?? []).map((t) => (
            <option key={t._id} value={t._id}>
              #{t.name} ({t.count})
            </option>
          ))}
        </select>
        {filtering && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setText('');
              ui.setSearch('');
              ui.setTag('');
            }}
          >
            <X size={14} aria-hidden /> Clear filters
          </button>
        )}
      </div>

      <div className="notes-layout">
        <aside className="notes-sidebar card" aria-label="Notes list" ref={listRef}>
          <NotesList
            groups={groups}
            general={general}
            questionState={sectionState(questionList)}
            generalState={sectionState(generalList)}
            selectedNoteId={selected?._id ?? null}
            selectedQuestionId={contextQuestionId}
            interceptNavigation={interceptNavigation}
            onAddToQuestion={startCreate}
            onNewGeneral={() => startCreate(null)}
          />
        </aside>

        <section className="notes-panel card" aria-label="Note" tabIndex={-1} ref={panelRef}>
          <div className="notes-panel-bar">
            <div className="notes-nav" role="group" aria-label="Previous and next note">
              <button
                ref={prevRef}
                type="button"
                className="btn btn-sm"
                aria-label="Previous note"
                disabled={!prev}
                onClick={() => prev && go(noteHref(prev), 'prev')}
              >
                <ChevronLeft size={15} aria-hidden /> Previous
              </button>
              <span className="notes-position faint" aria-live="polite">
                {index >= 0 ? `${index + 1} of ${order.length}` : order.length ? plural(order.length, 'note') : ''}
              </span>
              <button
                ref={nextRef}
                type="button"
                className="btn btn-sm"
                aria-label="Next note"
                disabled={!next}
                onClick={() => next && go(noteHref(next), 'next')}
              >
                Next <ChevronRight size={15} aria-hidden />
              </button>
            </div>
          </div>

          <div className="notes-panel-body">
            <PanelContent
              badQuestion={badQuestion}
              questionId={questionId}
              noteId={noteId}
              noteResult={noteResult}
              questionResult={questionResult}
              selected={selected}
              creating={creating}
              editingSelected={!!editingSelected}
              onNavigate={go}
              onStartEdit={(note) => ui.startEdit(note._id)}
              onStartCreate={startCreate}
              onDelete={setDeleting}
              onCancel={cancelEditing}
              onSaved={(note, wasNew) => {
                ui.stopEditing();
                if (wasNew) {
                  ui.setFocusAfterNav('panel');
                  navigate(noteHref(note));
                } else panelRef.current?.focus();
              }}
            />
          </div>
        </section>
      </div>

      <ConfirmDialog
        open={!!pending}
        title="Discard changes?"
        message={
          editing?.kind === 'create' && !dirty
            ? 'This new note has not been saved. Discard it?'
            : 'You have unsaved changes. If you leave now, they will be lost.'
        }
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        danger
        onConfirm={() => pending && confirmDiscard(pending)}
        onCancel={ui.dismiss}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete note?"
        message={deleting ? `“${deleting.title}” will be deleted permanently.` : ''}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

interface PanelProps {
  badQuestion: boolean;
  questionId: string | null;
  noteId: string | null;
  noteResult: { isLoading: boolean; isError: boolean; error: unknown; refetch(): unknown };
  questionResult: { data?: QuestionNotes; isLoading: boolean; isError: boolean; error: unknown; refetch(): unknown };
  selected: Note | null;
  creating: { questionId: string | null } | null;
  editingSelected: boolean;
  onNavigate(href: string): void;
  onStartEdit(note: Note): void;
  onStartCreate(questionId: string | null): void;
  onDelete(note: Note): void;
  onCancel(): void;
  onSaved(note: Note, wasNew: boolean): void;
}

const emptyDraft = (): NoteDraft => ({ title: DEFAULT_NOTE_TITLE, note: '', tags: [], questionsLinked: [] });
const draftOf = (note: Note): NoteDraft => ({ title: note.title, note: note.note, tags: note.tags.map((t) => t.name), questionsLinked: note.questionsLinked });

function PanelContent(p: PanelProps) {
  if (p.badQuestion) {
    return (
      <EmptyState
        icon={<TriangleAlert size={22} />}
        title={NOTE_MESSAGES.cannotOpen}
        action={
          <Link href={notesHomeHref} className="btn">
            Back to notes
          </Link>
        }
      />
    );
  }

  const question: NoteQuestion | null = p.questionResult.data?.question ?? p.selected?.questionId ?? null;
  const siblings = p.questionResult.data?.notes ?? [];

  if (p.creating) {
    if (p.creating.questionId && !question) return <PanelSkeleton />;
    return (
      <>
        {question && <QuestionHeading question={question} />}
        <h2 className="notes-panel-title">New note</h2>
        <NoteForm note={null} initial={emptyDraft()} questionId={p.creating.questionId} onCancel={p.onCancel} onSaved={(n) => p.onSaved(n, true)} />
      </>
    );
  }

  const loading = (p.noteId && p.noteResult.isLoading) || (!p.noteId && p.questionId && p.questionResult.isLoading);
  if (loading) return <PanelSkeleton />;

  const failed = p.noteId ? p.noteResult : p.questionId ? p.questionResult : null;
  if (failed?.isError && !isClientError(failed.error)) {
    return (
      <EmptyState
        icon={<TriangleAlert size={22} />}
        title="Failed to load notes."
        action={
          <button type="button" className="btn" onClick={() => void failed.refetch()}>
            Try again
          </button>
        }
      />
    );
  }
  if (p.noteId && !p.selected) {
    return (
      <EmptyState
        icon={<SearchX size={22} />}
        title={NOTE_MESSAGES.noNotes}
        action={
          <Link href={notesHomeHref} className="btn">
            Back to notes
          </Link>
        }
      >
        This note does not exist, or it is not yours.
      </EmptyState>
    );
  }

  const questionTabs = question && (siblings.length > 1 || p.questionId) && (
    <QuestionNotesBar question={question} notes={siblings} selectedId={p.selected?._id ?? null} onNavigate={p.onNavigate} onAdd={() => p.onStartCreate(question._id)} />
  );

  if (!p.selected) {
    if (question) {
      return (
        <>
          <QuestionHeading question={question} />
          <EmptyState
            icon={<NotebookPen size={22} />}
            title={NOTE_MESSAGES.noNotes}
            action={
              <button type="button" className="btn btn-primary" onClick={() => p.onStartCreate(question._id)}>
                <Plus size={16} aria-hidden /> {NOTE_MESSAGES.addNew}
              </button>
            }
          >
            Write down the approach while it is fresh.
          </EmptyState>
        </>
      );
    }
    return (
      <EmptyState icon={<NotebookPen size={22} />} title="Select a note">
        Pick a note from the list, or start a general note with New.
      </EmptyState>
    );
  }

  const note = p.selected;
  return (
    <>
      {note.questionId && <QuestionHeading question={note.questionId} />}
      {questionTabs}
      {p.editingSelected ? (
        <NoteForm key={note._id} note={note} initial={draftOf(note)} questionId={note.questionId?._id ?? null} onCancel={p.onCancel} onSaved={(n) => p.onSaved(n, false)} />
      ) : (
        <NoteView note={note} onEdit={() => p.onStartEdit(note)} onDelete={() => p.onDelete(note)} />
      )}
    </>
  );
}

/** A question's notes as tabs (a question may have several), with 'Add New Note'. */
function QuestionNotesBar({
  question,
  notes,
  selectedId,
  onNavigate,
  onAdd,
}: {
  question: NoteQuestion;
  notes: Note[];
  selectedId: string | null;
  onNavigate(href: string): void;
  onAdd(): void;
}) {
  return (
    <nav className="question-notes-bar" aria-label={`Notes on ${question.name}`}>
      {notes.map((n) => (
        <a
          key={n._id}
          href={noteHref(n)}
          className="question-note-tab"
          aria-current={n._id === selectedId ? 'page' : undefined}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
            e.preventDefault();
            onNavigate(noteHref(n));
          }}
        >
          {n.title}
        </a>
      ))}
      <button type="button" className="btn btn-sm btn-ghost" onClick={onAdd}>
        <Plus size={14} aria-hidden /> {NOTE_MESSAGES.addNew}
      </button>
    </nav>
  );
}

function PanelSkeleton() {
  return (
    <div className="stack" aria-busy="true" aria-label="Loading note">
      <Skeleton height={28} width="55%" />
      <Skeleton height={14} width="30%" />
      <Skeleton height={120} />
      <Skeleton height={14} width="80%" />
    </div>
  );
}
