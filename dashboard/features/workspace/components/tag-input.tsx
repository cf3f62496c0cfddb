import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { cleanTag, MAX_TAGS, SHEET_MESSAGES } from '@shared/rules/sheet';

interface Props {
  value: string[];
  onChange: (tags: string[]) => void;
  /** Tags used elsewhere in the workspace, offered while typing. */
  suggestions?: readonly string[];
  label?: string;
}

/** Custom tags as chips: Enter or a comma adds, Backspace on an empty field removes the last (spec §5 tag rules). */
export function TagInput({ value, onChange, suggestions = [], label = 'Custom tags' }: Props) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const inputId = useId();

  function add(raw: string) {
    const tag = cleanTag(raw);
    if (!tag) {
      setDraft('');
      return;
    }
    if (value.some((t) => t.toLowerCase() === tag.toLowerCase())) {
      setError(SHEET_MESSAGES.tagExists);
      return;
    }
    if (value.length >= MAX_TAGS) {
      setError(SHEET_MESSAGES.tagLimit);
      return;
    }
    onChange([...value, tag]);
    setDraft('');
    setError(null);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(draft);
    } else if (e.key === 'Backspace' && !draft && value.length) {
      onChange(value.slice(0, -1));
      setError(null);
    }
  }

  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <div className="ws-tag-input">
        {value.map((tag) => (
          <span key={tag} className="chip ws-chip">
            {tag}
            <button type="button" className="ws-chip-x" aria-label={`Remove tag ${tag}`} onClick={() => { onChange(value.filter((t) => t !== tag)); setError(null); }}>
              <X size={12} />
            </button>
          </span>
        ))}
        <input
          id={inputId}
          className="ws-tag-field"
          value={draft}
          list={suggestions.length ? listId : undefined}
          placeholder={value.length ? '' : 'Type a tag and press Enter'}
          aria-invalid={!!error}
          onChange={(e) => { setDraft(e.target.value); setError(null); }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft) add(draft);
          }}
        />
        {suggestions.length > 0 && (
          <datalist id={listId}>
            {suggestions.filter((s) => !value.includes(s)).map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        )}
      </div>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : (
        <span className="field-hint">Up to {MAX_TAGS} tags</span>
      )}
    </div>
  );
}
