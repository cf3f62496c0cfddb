import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { addTag, MAX_TAGS } from '@shared/rules/tags';
import './tag-input.css';

interface Props {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** Tags used elsewhere, offered while typing. */
  suggestions?: readonly string[];
  label?: string;
}

/**
 * Tags as chips, for sheets, custom tags and notes alike: Enter or a comma adds, Backspace on an empty
 * field removes the last, and a refused tag says why (spec §5).
 */
export function TagInput({ value, onChange, suggestions = [], label = 'Tags' }: Props) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');

  function add() {
    const result = addTag(value, draft);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError('');
    setDraft('');
    if (result.tags !== value) onChange([...result.tags]);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !draft && value.length) {
      onChange(value.slice(0, -1));
      setError('');
    }
  }

  const offered = suggestions.filter((s) => !value.some((t) => t.toLowerCase() === s.toLowerCase()));
  return (
    <div className="field">
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="tag-box">
        {value.map((tag) => (
          <span key={tag} className="chip tag-chip">
            <span className="tag-chip-label">{tag}</span>
            <button
              type="button"
              className="tag-chip-remove"
              aria-label={`Remove tag ${tag}`}
              onClick={() => {
                onChange(value.filter((t) => t !== tag));
                setError('');
              }}
            >
              <X size={12} aria-hidden />
            </button>
          </span>
        ))}
        <input
          id={`${id}-input`}
          className="tag-box-input"
          list={offered.length ? `${id}-suggestions` : undefined}
          placeholder={value.length >= MAX_TAGS ? '' : 'Add a tag and press Enter'}
          value={draft}
          maxLength={60}
          aria-invalid={!!error}
          aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
          onChange={(e) => {
            setDraft(e.target.value);
            setError('');
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft.trim()) add();
          }}
        />
        {offered.length > 0 && (
          <datalist id={`${id}-suggestions`}>
            {offered.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="field-hint">
          Up to {MAX_TAGS} tags. Letters, numbers, spaces and hyphens.
        </p>
      )}
    </div>
  );
}
