import { Check, Copy, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import type { Note } from '@shared/schemas/note';
import { Difficulty, PlatformIcon } from '../../../components/question-bits';
import { SafeHtml } from '../../../lib/safe-html';
import { useCopy } from '../../../lib/clipboard';
import { noteHref, questionNotesHref } from '../lib/notes-order';
import { useNotesFilters } from '../use-notes-filters';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A note as read: title, tags, the sanitised body and the questions it links to. */
export function NoteView({ note, onEdit, onDelete }: { note: Note; onEdit: () => void; onDelete: () => void }) {
  const { copied, copy: copyText } = useCopy();
  const { filters } = useNotesFilters();
  const copy = () => copyText(new URL(noteHref(note), window.location.origin).toString());

  return (
    <article className="note-view" aria-labelledby="note-view-title">
      <header className="note-view-head">
        <div className="note-view-titles">
          <h2 id="note-view-title" className="note-view-title">
            {note.title}
          </h2>
          <p className="faint note-view-meta">
            {note.questionId ? 'Question note' : 'General note'} · Updated <time dateTime={note.updatedAt}>{dateFormat.format(new Date(note.updatedAt))}</time>
          </p>
        </div>
        <div className="note-view-actions">
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => void copy()} aria-label="Copy link to this note" title="Copy link to this note">
            {copied ? <Check size={15} aria-hidden /> : <Copy size={15} aria-hidden />}
          </button>
          <button type="button" className="btn btn-sm btn-ghost danger-text" onClick={onDelete} aria-label="Delete note" title="Delete note">
            <Trash2 size={15} aria-hidden />
          </button>
          <button type="button" className="btn btn-sm btn-primary" onClick={onEdit}>
            <Pencil size={14} aria-hidden /> Edit
          </button>
        </div>
      </header>

      {note.tags.length > 0 && (
        <ul className="note-tags" aria-label="Tags">
          {note.tags.map((t) => (
            <li key={t._id} className="chip note-tag">
              #{t.name}
            </li>
          ))}
        </ul>
      )}

      <SafeHtml html={note.note} className="note-content note-body" />

      {note.questionsLinked.length > 0 && (
        <section className="note-linked" aria-labelledby="note-linked-title">
          <h3 id="note-linked-title" className="note-subhead">
            Linked questions
          </h3>
          <ul className="note-linked-list">
            {note.questionsLinked.map((q) => (
              <li key={q._id} className="note-linked-item">
                <PlatformIcon platform={q.platform} size={16} />
                <a href={q.problemUrl} target="_blank" rel="noopener noreferrer" className="note-linked-name">
                  {q.name}
                </a>
                <Difficulty value={q.difficulty} />
                <Link href={questionNotesHref(q._id, filters)} className="btn btn-sm btn-ghost">
                  Notes
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** The question a note (or a set of notes) belongs to: its name, platform and a link to the problem. */
export function QuestionHeading({ question }: { question: { _id: string; name: string; problemUrl: string; platform: string; difficulty: string } }) {
  return (
    <div className="note-question">
      <PlatformIcon platform={question.platform} size={20} />
      <div className="note-question-text">
        <span className="note-question-name">{question.name}</span>
        <Difficulty value={question.difficulty} />
      </div>
      <a className="btn btn-sm" href={question.problemUrl} target="_blank" rel="noopener noreferrer">
        <ExternalLink size={14} aria-hidden /> Open problem
      </a>
    </div>
  );
}
