import { FolderPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { sectionNameTaken, SHEET_MESSAGES } from '@shared/rules/sheet';
import { Icon } from './icons';

/**
 * The name field of a form that adds a topic or subtopic: on submit, the spec's message when the name is
 * empty or already among `siblings`, otherwise `onAdd` with the trimmed name and the field cleared.
 */
function useNewSectionName(kind: 'topic' | 'subtopic', siblings: readonly string[], emptyMessage: string, onAdd: (name: string) => void) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    name,
    error,
    change(value: string) {
      setName(value);
      setError(null);
    },
    /** True when the name was added. */
    submit(): boolean {
      const v = name.trim();
      const problem = v ? sectionNameTaken(kind, v, siblings) : emptyMessage;
      if (problem) {
        setError(problem);
        return false;
      }
      onAdd(v);
      setName('');
      return true;
    },
  };
}

function FormError({ error }: { error: string | null }) {
  return error ? (
    <span className="field-error" role="alert">
      {error}
    </span>
  ) : null;
}

/** The tree's last line for editors: a new topic's name, and a question outside every topic. */
export function AddTopic({ topics, onAdd, onAddQuestion }: { topics: string[]; onAdd: (name: string) => void; onAddQuestion: () => void }) {
  const field = useNewSectionName('topic', topics, SHEET_MESSAGES.topicRequired, onAdd);
  return (
    <form
      className="add-topic row"
      onSubmit={(e) => {
        e.preventDefault();
        field.submit();
      }}
    >
      <input className="input" placeholder="New topic name" aria-label="New topic name" aria-invalid={!!field.error} value={field.name} onChange={(e) => field.change(e.target.value)} />
      <button type="submit" className="btn">
        <FolderPlus size={16} /> Add Topic
      </button>
      <button type="button" className="btn" onClick={onAddQuestion}>
        <Plus size={16} /> Add Question
      </button>
      <FormError error={field.error} />
    </form>
  );
}

export function AddSubTopic({ topic, existing, onAdd }: { topic: string; existing: string[]; onAdd: (topic: string, name: string) => void }) {
  const [open, setOpen] = useState(false);
  const field = useNewSectionName('subtopic', existing, SHEET_MESSAGES.subTopicEmpty, (name) => onAdd(topic, name));
  if (!open) {
    return (
      <button type="button" className="btn btn-sm btn-ghost" onClick={() => setOpen(true)}>
        <Icon name="plus" size={14} /> Subtopic
      </button>
    );
  }
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (field.submit()) setOpen(false);
      }}
    >
      <input className="input" style={{ height: 30, width: 180 }} autoFocus aria-label={`New subtopic in ${topic}`} value={field.name} onChange={(e) => field.change(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)} />
      <button type="submit" className="btn btn-sm btn-primary">
        Add
      </button>
      <FormError error={field.error} />
    </form>
  );
}
