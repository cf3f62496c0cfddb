import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { NOTES_PATH, readNotesFilters, type NotesFilters } from './lib/notes-order';

/**
 * The list's search and tag, read from the URL (so a reload or a shared link keeps them). A change keeps
 * whatever note the URL opens; `replace` keeps typing out of the browser history.
 */
export function useNotesFilters() {
  const [, navigate] = useLocation();
  const searchString = useSearch();
  const { q, tag } = readNotesFilters(new URLSearchParams(searchString));
  const filters = useMemo<NotesFilters>(() => ({ q, tag }), [q, tag]);
  const setFilters = useCallback(
    (patch: Partial<NotesFilters>, replace = false) => {
      const params = new URLSearchParams(searchString);
      const next = { q, tag, ...patch };
      for (const key of ['q', 'tag'] as const) {
        const value = next[key].trim();
        if (value) params.set(key, value);
        else params.delete(key);
      }
      navigate(`${NOTES_PATH}?${params.toString()}`, { replace });
    },
    [navigate, searchString, q, tag],
  );
  return { filters, setFilters };
}
