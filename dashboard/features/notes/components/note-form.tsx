import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { NOTE_MESSAGES, NOTE_TITLE_MAX, validateNoteDraft, type NoteDraftErrors } from '@shared/rules/notes';
import { normalizeTags } from '@shared/rules/tags';
import type { Note, NoteQuestion } from '@shared/schemas/note';
import { Skeleton } from '../../../components/feedback';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { noteTagsQuery, useCreateNote, useUpdateNote } from '../api/notes-queries';
import { useNotesUi } from '../stores/notes-ui';
import { LinkedQuestionsInput } from './linked-questions-input';
import { TagInput } from '../../../components/tag-input';

// Tiptap is only needed once someone edits: it stays out of the notes tab's own chunk.
const NoteEditor = lazy(() => import('./note-editor'));

export interface NoteDraft {
  title: string;
  note: string;
  tags: string[];
  questionsLinked: NoteQuestion[];
}

interface NoteFormProps {
  /** The note being edited, or null for a new one. */
  note: Note | null;
  initial: NoteDraft;
  /** The question a new note will belong to (null: a general note). */
  questionId: string | null;
  onSaved: (note: Note) => void;
  onCancel: () => void;
}

function sameDraft(a: NoteDraft, b: NoteDraft): boolean {
  return (
    a.title === b.title &&
    a.note === b.note &&
    a.tags.join('\u0000') === b.tags.join('\u0000') &&
    a.questionsLinked.map((q) => q._id).join() === b.questionsLinked.map((q) => q._id).join()
  );
}

export function NoteForm({ note, initial, questionId, onSaved, onCancel }: NoteFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<NoteDraft>(initial);
  // The editor's own rendering of the initial body: comparing with it keeps an untouched note "clean".
  const [baseline, setBaseline] = useState<NoteDraft>(initial);
  const [errors, setErrors] = useState<NoteDraftErrors>({});
  const [editorReady, setEditorReady] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const setDirty = useNotesUi((s) => s.setDirty);
  const tags = useQuery(noteTagsQuery());
  const create = useCreateNote();
  const update = useUpdateNote();
  const saving = create.isPending || update.isPending;

  const dirty = useMemo(() => !sameDraft(draft, baseline), [draft, baseline]);
  useEffect(() => setDirty(dirty), [dirty, setDirty]);
  useEffect(() => {
    titleRef.current?.focus();
    if (!note) titleRef.current?.select();
  }, [note]);

  // Leaving the page with unsaved changes asks the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = () => {
    if (saving) return;
    const found = validateNoteDraft(draft);
    setErrors(found);
    if (found.title) {
      titleRef.current?.focus();
      return;
    }
    if (found.note) return;
    const body = {
      title: draft.title.trim(),
      note: draft.note,
      tags: normalizeTags(draft.tags),
      questionsLinked: draft.questionsLinked.map((q) => q._id),
    };
    const onError = (err: unknown) => {
      const message = err instanceof ApiError && err.code > 0 ? err.message : 'Failed to save note';
      if (message === NOTE_MESSAGES.titleEmpty) setErrors({ title: message });
      else if (message === NOTE_MESSAGES.noteEmpty) setErrors({ note: message });
      toast.failure(message, err);
    };
    const onSuccess = (saved: Note) => {
      setDirty(false);
      toast.success(note ? 'Note saved' : 'Note created');
      onSaved(saved);
    };
    if (note) update.mutate({ id: note._id, body }, { onSuccess, onError });
    else create.mutate({ ...body, questionId }, { onSuccess, onError });
  };

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    save();
  };

  return (
    <form
      className="note-form"
      aria-label={note ? 'Edit note' : 'New note'}
      onSubmit={onSubmit}
      onKeyDown={(e) => {
        if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          save();
        }
      }}
      noValidate
    >
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          ref={titleRef}
          id={`${id}-title`}
          className="input note-title-input"
          value={draft.title}
          maxLength={NOTE_TITLE_MAX}
          aria-invalid={!!errors.title}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          onChange={(e) => {
            setDraft((d) => ({ ...d, title: e.target.value }));
            if (errors.title) setErrors((x) => ({ ...x, title: undefined }));
          }}
        />
        {errors.title && (
          <p id={`${id}-title-error`} className="field-error" role="alert">
            {errors.title}
          </p>
        )}
      </div>

      <div className="field">
        <span className="label" id={`${id}-body-label`}>
          Note
        </span>
        <Suspense fallback={<EditorSkeleton />}>
          <NoteEditor
            initialHtml={initial.note}
            labelledBy={`${id}-body-label`}
            describedBy={errors.note ? `${id}-body-error` : undefined}
            invalid={!!errors.note}
            onSave={save}
            onReady={(html) => {
              setBaseline((b) => ({ ...b, note: html }));
              setDraft((d) => ({ ...d, note: html }));
              setEditorReady(true);
            }}
            onChange={(html) => {
              setDraft((d) => ({ ...d, note: html }));
              setErrors((x) => (x.note ? { ...x, note: undefined } : x));
            }}
          />
        </Suspense>
        {errors.note && (
          <p id={`${id}-body-error`} className="field-error" role="alert">
            {errors.note}
          </p>
        )}
      </div>

      <TagInput value={draft.tags} onChange={(t) => setDraft((d) => ({ ...d, tags: t }))} suggestions={(tags.data ?? []).map((t) => t.name)} />
      <LinkedQuestionsInput value={draft.questionsLinked} ownQuestionId={questionId} onChange={(q) => setDraft((d) => ({ ...d, questionsLinked: q }))} />

      <div className="note-form-actions">
        <span className="faint note-form-hint">{dirty ? 'Unsaved changes' : note ? 'No changes yet' : ''}</span>
        <button type="button" className="btn" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving || !editorReady}>
          {saving && <span className="spinner" aria-hidden />}
          Save
        </button>
      </div>
    </form>
  );
}

function EditorSkeleton() {
  return (
    <div className="note-editor" aria-busy="true" aria-label="Loading editor">
      <div className="note-toolbar">
        <Skeleton width={260} height={26} />
      </div>
      <div className="note-editor-content">
        <Skeleton height={14} width="80%" />
        <Skeleton height={14} width="60%" style={{ marginTop: 10 }} />
        <Skeleton height={14} width="70%" style={{ marginTop: 10 }} />
      </div>
    </div>
  );
}
