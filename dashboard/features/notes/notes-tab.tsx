import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Note } from '@shared/schemas/note';
import { ConfirmDialog } from '../../components/dialog';
import { ApiError } from '../../lib/api';
import { plural } from '@shared/plural';
import { toast } from '../../lib/toast';
import { useDeleteNote } from './api/notes-queries';
import { PanelContent } from './components/note-panel';
import { NotesFilters } from './components/notes-filters';
import { NotesList } from './components/notes-list';
import { noteHref, notesHomeHref, questionNotesHref, readNotesLocation } from './lib/notes-order';
import { useNotesUi } from './stores/notes-ui';
import { useNotesData } from './use-notes-data';
import { useNotesFilters } from './use-notes-filters';
import { useNotesNavigation } from './use-notes-navigation';
import './notes.css';

export default function NotesTab() {
  const [, navigate] = useLocation();
  const location = readNotesLocation(new URLSearchParams(useSearch()));
  const { filters, setFilters } = useNotesFilters();
  const data = useNotesData(location, filters);
  const { questionList, generalList, selected, index, order, prev, next } = data;
  const nav = useNotesNavigation(location, filters, { selected, noteLoading: data.noteResult.isLoading });
  const { prevRef, nextRef, panelRef, listRef } = nav.refs;

  const [deleting, setDeleting] = useState<Note | null>(null);
  const remove = useDeleteNote();
  const confirmDelete = () => {
    if (!deleting) return;
    const note = deleting;
    remove.mutate(note, {
      onSuccess: () => {
        setDeleting(null);
        toast.success('Note deleted');
        navigate(note.questionId ? questionNotesHref(note.questionId._id, filters) : notesHomeHref(filters));
      },
      onError: (err) => toast.failure(err instanceof ApiError && err.code > 0 ? err.message : 'Failed to delete note', err),
    });
  };

  const sectionState = (list: typeof questionList) => ({
    loading: list.isLoading,
    error: list.isError,
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    retry: () => void list.refetch(),
  });

  return (
    <div className="notes-page">
      <header className="page-header">
        <div>
          <h1>Notes</h1>
          <p>Approaches, patterns and reminders: on a question, or on their own.</p>
        </div>
      </header>

      <NotesFilters filters={filters} tags={data.tags.data ?? []} onChange={setFilters} />

      <div className="notes-layout">
        <aside className="notes-sidebar card" aria-label="Notes list" ref={listRef}>
          <NotesList
            groups={data.groups}
            general={data.general}
            filters={filters}
            questionState={sectionState(questionList)}
            generalState={sectionState(generalList)}
            selectedNoteId={selected?._id ?? null}
            selectedQuestionId={data.contextQuestionId}
            interceptNavigation={nav.interceptNavigation}
            onAddToQuestion={nav.startCreate}
            onNewGeneral={() => nav.startCreate(null)}
          />
        </aside>

        <section className="notes-panel card" aria-label="Note" tabIndex={-1} ref={panelRef}>
          <div className="notes-panel-bar">
            <div className="notes-nav" role="group" aria-label="Previous and next note">
              <button ref={prevRef} type="button" className="btn btn-sm" aria-label="Previous note" disabled={!prev} onClick={() => prev && nav.go(noteHref(prev, filters), 'prev')}>
                <ChevronLeft size={15} aria-hidden /> Previous
              </button>
              <span className="notes-position faint" aria-live="polite">
                {index >= 0 ? `${index + 1} of ${order.length}` : order.length ? plural(order.length, 'note') : ''}
              </span>
              <button ref={nextRef} type="button" className="btn btn-sm" aria-label="Next note" disabled={!next} onClick={() => next && nav.go(noteHref(next, filters), 'next')}>
                Next <ChevronRight size={15} aria-hidden />
              </button>
            </div>
          </div>

          <div className="notes-panel-body">
            <PanelContent
              filters={filters}
              badQuestion={data.badQuestion}
              questionId={location.questionId}
              noteId={location.noteId}
              noteResult={data.noteResult}
              questionResult={data.questionResult}
              selected={selected}
              creating={nav.creating}
              editingSelected={nav.editingSelected}
              onNavigate={nav.go}
              onStartEdit={(note) => useNotesUi.getState().startEdit(note._id)}
              onStartCreate={nav.startCreate}
              onDelete={setDeleting}
              onCancel={nav.cancelEditing}
              onSaved={nav.saved}
            />
          </div>
        </section>
      </div>

      <ConfirmDialog
        open={!!nav.pending}
        title="Discard changes?"
        message={
          nav.editing?.kind === 'create' && !nav.dirty
            ? 'This new note has not been saved. Discard it?'
            : 'You have unsaved changes. If you leave now, they will be lost.'
        }
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        danger
        onConfirm={() => nav.pending && nav.confirmDiscard(nav.pending)}
        onCancel={() => useNotesUi.getState().dismiss()}
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
