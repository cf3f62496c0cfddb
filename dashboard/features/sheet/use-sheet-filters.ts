import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readSheetFilters, writeSheetFilters, type SheetFilters } from './lib/filters';

/**
 * The sheet's filters, kept in the address (as the workspace keeps its own): a reload or a shared link
 * shows the same questions, and Back undoes a filter. `replace` keeps typing out of the history.
 */
export function useSheetFilters(): [SheetFilters, (patch: Partial<SheetFilters>, replace?: boolean) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const filters = useMemo(() => readSheetFilters(new URLSearchParams(search)), [search]);
  const update = useCallback(
    (patch: Partial<SheetFilters>, replace = false) => {
      // Read at the moment of the change: a search still on its way to the address is not lost.
      const now = new URLSearchParams(window.location.search);
      const query = writeSheetFilters(now, { ...readSheetFilters(now), ...patch });
      if (query === now.toString()) return;
      navigate(query ? `${path}?${query}` : path, { replace });
    },
    [path, navigate],
  );
  return [filters, update];
}
