import { FileText, NotebookPen, Plus } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { NOTE_MESSAGES } from '@shared/rules/notes';
import type { NoteSummary } from '@shared/schemas/note';
import { SkeletonList } from '../../../components/feedback';
import { PlatformIcon } from '../../../components/question-bits';
import { noteHref, questionNotesHref, type NotesFilters, type QuestionGroup } from '../lib/notes-order';
import { plural } from '@shared/plural';

interface SectionState {
  loading: boolean;
  error: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

interface NotesListProps {
  groups: QuestionGroup[];
  general: NoteSummary[];
  /** The list filters, carried by every link so moving between notes keeps them. */
  filters: NotesFilters;
  questionState: SectionState;
  generalState: SectionState;
  selectedNoteId: string | null;
  selectedQuestionId: string | null;
  /** Called on every link click; return true to stop the navigation (unsaved changes). */
  interceptNavigation: (href: string, e: MouseEvent) => void;
  onAddToQuestion: (questionId: string) => void;
  onNewGeneral: () => void;
}

export function NotesList(props: NotesListProps) {
  const { groups, general, filters, questionState, generalState, selectedNoteId, selectedQuestionId, interceptNavigation } = props;
  return (
    <>
      <section className="notes-section" aria-labelledby="notes-question-heading">
        <div className="notes-section-head">
          <h2 id="notes-question-heading">Question Notes</h2>
        </div>
        <SectionBody state={questionState} empty={groups.length === 0} emptyText={NOTE_MESSAGES.noQuestions}>
          <ul className="note-groups">
            {groups.map((g) => {
              const openQuestion = selectedQuestionId === g.question._id;
              return (
                <li key={g.question._id} className={openQuestion ? 'note-group open' : 'note-group'}>
                  <div className="note-group-head">
                    <PlatformIcon platform={g.question.platform} size={16} />
                    <Link
                      href={questionNotesHref(g.question._id, filters)}
                      className="note-group-name"
                      title={g.question.name}
                      onClick={(e) => interceptNavigation(questionNotesHref(g.question._id, filters), e)}
                    >
                      {g.question.name}
                    </Link>
                    <span className="note-count" aria-label={plural(g.notes.length, 'note')}>
                      {g.notes.length}
                    </span>
                    <button
                      type="button"
                      className="icon-btn note-group-add"
                      aria-label={`${NOTE_MESSAGES.addNew}: ${g.question.name}`}
                      title={NOTE_MESSAGES.addNew}
                      onClick={() => props.onAddToQuestion(g.question._id)}
                    >
                      <Plus size={15} aria-hidden />
                    </button>
                  </div>
                  <ul className="note-items">
                    {g.notes.map((n) => (
                      <NoteItem key={n._id} note={n} selected={n._id === selectedNoteId} filters={filters} intercept={interceptNavigation} />
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </SectionBody>
      </section>

      <section className="notes-section" aria-labelledby="notes-general-heading">
        <div className="notes-section-head">
          <h2 id="notes-general-heading">General Notes</h2>
          <button type="button" className="btn btn-sm btn-primary" onClick={props.onNewGeneral}>
            <Plus size={14} aria-hidden /> New
          </button>
        </div>
        <SectionBody state={generalState} empty={general.length === 0} emptyText={NOTE_MESSAGES.noNotes}>
          <ul className="note-items general">
            {general.map((n) => (
              <NoteItem key={n._id} note={n} selected={n._id === selectedNoteId} filters={filters} intercept={interceptNavigation} showExcerpt />
            ))}
          </ul>
        </SectionBody>
      </section>
    </>
  );
}

function SectionBody({ state, empty, emptyText, children }: { state: SectionState; empty: boolean; emptyText: string; children: ReactNode }) {
  if (state.loading) return <SkeletonList rows={3} height={34} />;
  if (state.error && empty)
    return (
      <div className="notes-empty" role="alert">
        <p>Failed to load notes.</p>
        <button type="button" className="btn btn-sm" onClick={state.retry}>
          Try again
        </button>
      </div>
    );
  if (empty)
    return (
      <div className="notes-empty">
        <NotebookPen size={18} aria-hidden />
        <p>{emptyText}</p>
      </div>
    );
  return (
    <>
      {children}
      {state.hasMore && (
        <button type="button" className="btn btn-sm btn-ghost btn-block" onClick={state.loadMore} disabled={state.loadingMore}>
          {state.loadingMore && <span className="spinner" aria-hidden />}
          Show More
        </button>
      )}
    </>
  );
}

function NoteItem({
  note,
  selected,
  filters,
  intercept,
  showExcerpt,
}: {
  note: NoteSummary;
  selected: boolean;
  filters: NotesFilters;
  intercept: (href: string, e: MouseEvent) => void;
  showExcerpt?: boolean;
}) {
  const href = noteHref(note, filters);
  return (
    <li>
      <Link href={href} className="note-item" aria-current={selected ? 'page' : undefined} onClick={(e) => intercept(href, e)}>
        <FileText size={14} aria-hidden className="note-item-icon" />
        <span className="note-item-text">
          <span className="note-item-title">{note.title}</span>
          {showExcerpt && note.excerpt && <span className="note-item-excerpt">{note.excerpt}</span>}
        </span>
      </Link>
    </li>
  );
}
