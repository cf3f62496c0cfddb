import { NotebookPen, Plus, SearchX, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { DEFAULT_NOTE_TITLE, NOTE_MESSAGES } from '@shared/rules/notes';
import type { Note, NoteQuestion, QuestionNotes } from '@shared/schemas/note';
import { EmptyState, Skeleton } from '../../../components/feedback';
import { noteHref, notesHomeHref, type NotesFilters } from '../lib/notes-order';
import { isClientError } from '../use-notes-data';
import { NoteForm, type NoteDraft } from './note-form';
import { NoteView, QuestionHeading } from './note-view';

export interface PanelProps {
  /** The list filters, carried by every link out of the panel. */
  filters: NotesFilters;
  badQuestion: boolean;
  questionId: string | null;
  noteId: string | null;
  noteResult: { isLoading: boolean; isError: boolean; error: unknown; refetch(): unknown };
  questionResult: { data?: QuestionNotes; isLoading: boolean; isError: boolean; error: unknown; refetch(): unknown };
  selected: Note | null;
  creating: { questionId: string | null } | null;
  editingSelected: boolean;
  onNavigate: (href: string) => void;
  onStartEdit: (note: Note) => void;
  onStartCreate: (questionId: string | null) => void;
  onDelete: (note: Note) => void;
  onCancel: () => void;
  onSaved: (note: Note, wasNew: boolean) => void;
}

const emptyDraft = (): NoteDraft => ({ title: DEFAULT_NOTE_TITLE, note: '', tags: [], questionsLinked: [] });
const draftOf = (note: Note): NoteDraft => ({ title: note.title, note: note.note, tags: note.tags.map((t) => t.name), questionsLinked: note.questionsLinked });

/** The note panel: the selected note, its editor, a new note, or why there is nothing to show. */
export function PanelContent(p: PanelProps) {
  if (p.badQuestion) {
    return (
      <EmptyState
        icon={<TriangleAlert size={22} />}
        title={NOTE_MESSAGES.cannotOpen}
        action={
          <Link href={notesHomeHref(p.filters)} className="btn">
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
          <Link href={notesHomeHref(p.filters)} className="btn">
            Back to notes
          </Link>
        }
      >
        This note does not exist, or it is not yours.
      </EmptyState>
    );
  }

  const questionTabs = question && (siblings.length > 1 || p.questionId) && (
    <QuestionNotesBar filters={p.filters} question={question} notes={siblings} selectedId={p.selected?._id ?? null} onNavigate={p.onNavigate} onAdd={() => p.onStartCreate(question._id)} />
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
  filters,
  question,
  notes,
  selectedId,
  onNavigate,
  onAdd,
}: {
  filters: NotesFilters;
  question: NoteQuestion;
  notes: Note[];
  selectedId: string | null;
  onNavigate: (href: string) => void;
  onAdd: () => void;
}) {
  return (
    <nav className="question-notes-bar" aria-label={`Notes on ${question.name}`}>
      {notes.map((n) => (
        <a
          key={n._id}
          href={noteHref(n, filters)}
          className="question-note-tab"
          aria-current={n._id === selectedId ? 'page' : undefined}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
            e.preventDefault();
            onNavigate(noteHref(n, filters));
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
