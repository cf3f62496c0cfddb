import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { NoteTagCount } from '@shared/schemas/note';
import { useDebounced } from '../../../lib/use-debounced';
import type { NotesFilters as Filters } from '../lib/notes-order';

const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  filters: Filters;
  tags: NoteTagCount[];
  /** Applies a change; `replace` keeps typing out of the browser history. */
  onChange: (patch: Partial<Filters>, replace?: boolean) => void;
}

/** The search box, the tag filter and Clear filters; the filters themselves live in the URL. */
export function NotesFilters({ filters, tags, onChange }: Props) {
  const [text, setText] = useState(filters.q);
  // The URL wins when it changes by other means (Clear filters, back, forward).
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setText(filters.q);
  }
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    // Only once typing has settled: a stale value must not undo a change that came from the URL.
    if (settled === text && settled.trim() !== filters.q) onChange({ q: settled }, true);
  }, [settled, text, filters.q, onChange]);

  return (
    <div className="notes-filters" role="search">
      <div className="notes-search">
        <Search size={16} className="notes-search-icon" aria-hidden />
        <input
          className="input"
          type="search"
          data-shortcut="search"
          aria-label="Search notes"
          placeholder="Search titles and notes"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && text.trim() !== filters.q) onChange({ q: text }, true);
          }}
        />
      </div>
      <select className="select notes-tag-filter" aria-label="Filter by tag" value={filters.tag} onChange={(e) => onChange({ tag: e.target.value })}>
        <option value="">All tags</option>
        {tags.map((t) => (
          <option key={t._id} value={t._id}>
            #{t.name} ({t.count})
          </option>
        ))}
      </select>
      {(filters.q || filters.tag) && (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setText('');
            onChange({ q: '', tag: '' });
          }}
        >
          <X size={14} aria-hidden /> Clear filters
        </button>
      )}
    </div>
  );
}
