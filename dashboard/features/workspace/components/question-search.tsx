import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { WORKSPACE_MESSAGES } from '@shared/schemas/workspace';
import { Difficulty, PlatformIcon } from '../../../components/question-bits';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { searchQuestions, type SearchResult } from '../api/add-question';
import { useDebounced } from '../../../lib/use-debounced';

/** Spec §5 and §9: the search starts after more than 1 character, debounced 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;
const MIN_LENGTH = 2;

/** Suggestion search by name: a combobox whose options fill in the question's URL. */
export function QuestionSearch({ onPick }: { onPick(question: SearchResult): void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const name = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const listId = useId();
  const search = useQuery({
    queryKey: ['question-search', name],
    queryFn: () => searchQuestions(name),
    enabled: name.length >= MIN_LENGTH,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (!search.error) return;
    toast.error(search.error instanceof ApiError && search.error.code > 0 ? WORKSPACE_MESSAGES.searchFailed : WORKSPACE_MESSAGES.searchError);
  }, [search.error]);
  useEffect(() => setActive(0), [search.data]);

  const results = name.length >= MIN_LENGTH ? (search.data?.questions ?? []) : [];
  const expanded = open && text.trim().length >= MIN_LENGTH;
  const pick = (q: SearchResult) => {
    onPick(q);
    setText(q.name);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!results.length) return;
    if (e.key === 'ArrowDown') setActive((i) => (i + 1) % results.length);
    else if (e.key === 'ArrowUp') setActive((i) => (i - 1 + results.length) % results.length);
    else if (e.key === 'Enter' && expanded && results[active]) pick(results[active]);
    else if (e.key === 'Escape' && expanded) setOpen(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className="field ws-suggest">
      <label htmlFor={`${listId}-input`}>Search by name</label>
      <div className="ws-search">
        <Search size={15} aria-hidden className="ws-search-icon" />
        <input
          id={`${listId}-input`}
          className="input"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && results[active] ? `${listId}-${active}` : undefined}
          placeholder="e.g. Two Sum"
          value={text}
          onChange={(e) => (setText(e.target.value), setOpen(true))}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
          autoFocus
        />
      </div>
      {expanded && (
        <ul id={listId} role="listbox" className="ws-suggest-list" aria-label="Suggestions">
          {(search.isFetching || name !== text.trim()) && results.length === 0 && <li className="faint ws-suggest-empty">Searching…</li>}
          {!search.isFetching && name === text.trim() && search.isSuccess && results.length === 0 && <li className="faint ws-suggest-empty">No questions found</li>}
          {results.map((q, i) => (
            <li
              key={q._id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="ws-suggest-option"
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(q)}
            >
              <PlatformIcon platform={q.platform} size={16} />
              <span className="ws-title">{q.name}</span>
              <Difficulty value={q.difficulty} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
