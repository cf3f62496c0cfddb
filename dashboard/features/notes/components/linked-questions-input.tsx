import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { NOTE_LINKED_MAX, NOTE_MESSAGES } from '@shared/rules/notes';
import type { NoteQuestion } from '@shared/schemas/note';
import { Difficulty, PlatformIcon } from '../../../components/question-bits';
import { Spinner } from '../../../components/feedback';
import { useDebounced } from '../../../lib/use-debounced';
import { questionSearchQuery } from '../api/notes-queries';

/** Spec §5 and §9: the suggestion search starts after more than 1 character, debounced 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;

/** Other questions a note links to, picked through the catalogue's name search (a combobox). */
export function LinkedQuestionsInput({ value, onChange, ownQuestionId }: { value: NoteQuestion[]; onChange(v: NoteQuestion[]): void; ownQuestionId: string | null }) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery(questionSearchQuery(term));
  const results = (search.data ?? []).filter((q) => q._id !== ownQuestionId && !value.some((v) => v._id === q._id));
  const full = value.length >= NOTE_LINKED_MAX;
  const showList = open && term.length > 1 && text.trim().length > 1;

  const pick = (q: { _id: string; name: string; problemUrl: string; platform: string; difficulty: string }) => {
    onChange([...value, { _id: q._id, name: q.name, problemUrl: q.problemUrl, platform: q.platform, difficulty: q.difficulty }]);
    setText('');
    setOpen(false);
    setActive(0);
  };

  return (
    <div className="field">
      <label htmlFor={`${id}-search`}>Linked questions</label>
      {value.length > 0 && (
        <ul className="linked-list" aria-label="Linked questions">
          {value.map((q) => (
            <li key={q._id} className="chip linked-chip">
              <PlatformIcon platform={q.platform} size={14} />
              <span className="linked-name">{q.name}</span>
              <button type="button" className="chip-remove" aria-label={`Remove linked question ${q.name}`} onClick={() => onChange(value.filter((v) => v._id !== q._id))}>
                <X size={12} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="combo">
        <Search size={15} className="combo-icon" aria-hidden />
        <input
          id={`${id}-search`}
          className="input combo-input"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={`${id}-results`}
          aria-activedescendant={showList && results[active] ? `${id}-opt-${active}` : undefined}
          placeholder={full ? NOTE_MESSAGES.linkedLimit : 'Search questions by name to link'}
          disabled={full}
          value={text}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 120)}
          onKeyDown={(e) => {
            if (!showList) return;
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, Math.max(results.length - 1, 0)));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              const q = results[active];
              if (q) pick(q);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
            }
          }}
        />
        {search.isFetching && (
          <span className="combo-spinner">
            <Spinner label="Searching" />
          </span>
        )}
        {showList && (
          <ul id={`${id}-results`} role="listbox" className="combo-list" aria-label="Questions">
            {results.length === 0 && !search.isFetching ? (
              <li className="combo-empty" role="presentation">
                {search.isError ? 'Failed to fetch questions' : NOTE_MESSAGES.noQuestions}
              </li>
            ) : (
              results.map((q, i) => (
                <li
                  key={q._id}
                  id={`${id}-opt-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className="combo-option"
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(q);
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  <PlatformIcon platform={q.platform} size={16} />
                  <span className="combo-name">{q.name}</span>
                  <Difficulty value={q.difficulty} />
                </li>
              ))
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
