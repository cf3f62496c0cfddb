import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { addNoteTag, NOTE_TAGS_MAX } from '@shared/rules/notes';

/** Tags typed one by one (Enter or comma adds, Backspace on an empty field removes the last), with the spec's rules. */
export function TagInput({ tags, onChange, suggestions }: { tags: string[]; onChange: (tags: string[]) => void; suggestions: string[] }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');

  const add = () => {
    const result = addNoteTag(tags, text);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError('');
    setText('');
    if (!('unchanged' in result)) onChange(result.tags);
  };

  return (
    <div className="field">
      <label htmlFor={`${id}-input`}>Tags</label>
      <div className="tag-box">
        {tags.map((tag) => (
          <span key={tag} className="chip note-tag">
            {tag}
            <button type="button" className="chip-remove" aria-label={`Remove tag ${tag}`} onClick={() => onChange(tags.filter((t) => t !== tag))}>
              <X size={12} aria-hidden />
            </button>
          </span>
        ))}
        <input
          id={`${id}-input`}
          className="tag-box-input"
          list={`${id}-suggestions`}
          placeholder={tags.length >= NOTE_TAGS_MAX ? '' : 'Add a tag and press Enter'}
          value={text}
          maxLength={60}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault();
              add();
            } else if (e.key === 'Backspace' && !text && tags.length) {
              onChange(tags.slice(0, -1));
            }
          }}
          onBlur={() => {
            if (text.trim()) add();
          }}
        />
        <datalist id={`${id}-suggestions`}>
          {suggestions
            .filter((s) => !tags.some((t) => t.toLowerCase() === s.toLowerCase()))
            .map((s) => (
              <option key={s} value={s} />
            ))}
        </datalist>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="field-hint">
          Up to {NOTE_TAGS_MAX} tags. Letters, numbers, spaces and hyphens.
        </p>
      )}
    </div>
  );
}
