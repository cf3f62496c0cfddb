import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { platformName } from '../../workspace/lib/filters';
import { filterOptionsQuery } from '../../workspace/api/workspace-queries';
import { mySheetsQuery } from '../../explore/api/sheet-list-queries';
import { hasReviewFilters, NO_FILTERS, type FilterKey, type ReviewFilters } from '../lib/filters';

interface Props {
  token: string | null;
  filters: ReviewFilters;
  onChange: (next: ReviewFilters) => void;
}

/**
 * Sheet, platform, topic and difficulty, one value each. The choices are the workspace's own (the queue
 * holds workspace questions only) and the sheets the viewer follows, made or shares.
 */
export function ReviewFilterBar({ token, filters, onChange }: Props) {
  const options = useQuery(filterOptionsQuery(token));
  const sheets = useQuery(mySheetsQuery(token));
  const sheetOptions = useMemo(() => {
    const d = sheets.data;
    if (!d) return [];
    const seen = new Map<string, string>();
    for (const c of [...d.followed, ...d.custom, ...d.shared]) if (!seen.has(c._id)) seen.set(c._id, c.name);
    return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [sheets.data]);
  const list = (values: readonly string[] | undefined, show: (v: string) => string = (v) => v) => (values ?? []).map((value) => ({ value, label: show(value) }));

  const set = (key: FilterKey, value: string) => onChange({ ...filters, [key]: value || null });
  const select = (key: FilterKey, label: string, all: string, choices: { value: string; label: string }[], loading: boolean) => {
    const current = filters[key];
    // A value from the URL that is not (or not yet) among the choices stays selectable, so it can be cleared.
    const shown = current && !choices.some((c) => c.value === current) ? [...choices, { value: current, label: loading ? 'Loading…' : current }] : choices;
    return (
      <label className="rv-filter">
        <span className="rv-filter-label">{label}</span>
        <select className={`select rv-select${current ? ' active' : ''}`} value={current ?? ''} onChange={(e) => set(key, e.target.value)}>
          <option value="">{all}</option>
          {shown.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
    );
  };

  return (
    <section className="card rv-filters" role="search" aria-label="Filter the review queue">
      {select('sheet', 'Sheet', 'All sheets', sheetOptions, sheets.isLoading)}
      {select('platform', 'Platform', 'All platforms', list(options.data?.platforms, platformName), options.isLoading)}
      {select('topic', 'Topic', 'All topics', list(options.data?.topics), options.isLoading)}
      {select('difficulty', 'Difficulty', 'All difficulties', list(options.data?.difficulties), options.isLoading)}
      {hasReviewFilters(filters) && (
        <button type="button" className="btn btn-ghost btn-sm rv-clear" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </button>
      )}
    </section>
  );
}
