import { Search, Star, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { WorkspaceFilterOptions } from '@shared/schemas/workspace';
import { ATTEMPT_BUCKETS, TIME_BUCKETS } from '@shared/rules/solutions';
import { bucketLabel, platformName, type WorkspaceView } from '../lib/filters';
import { DateRangeFilter } from './date-range-filter';
import { MultiSelect } from './multi-select';

const SEARCH_DEBOUNCE_MS = 300;
const ATTEMPT_IDS = ATTEMPT_BUCKETS.map((b) => b.id);
const TIME_IDS = TIME_BUCKETS.map((b) => b.id);

interface Props {
  view: WorkspaceView;
  options: WorkspaceFilterOptions | undefined;
  loading: boolean;
  /** Applies a change; `replace` keeps typing out of the browser history. */
  onChange: (next: WorkspaceView, replace?: boolean) => void;
}

/** Search, the menus (the last two on kept solutions' figures), starred, status, sort, order and dates; every change goes to the URL. */
export function FilterBar({ view, options, loading, onChange }: Props) {
  const [search, setSearch] = useState(view.search);
  useEffect(() => setSearch(view.search), [view.search]);
  useEffect(() => {
    if (search === view.search) return;
    const timer = setTimeout(() => onChange({ ...view, search, page: 1 }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, view, onChange]);
  const set = (patch: Partial<WorkspaceView>) => onChange({ ...view, ...patch, page: 1 });

  return (
    <div className="ws-filters" role="search" aria-label="Filter questions">
      <div className="ws-search">
        <Search size={15} aria-hidden className="ws-search-icon" />
        <input className="input" type="search" data-focus-key="search" data-shortcut="search" placeholder="Search questions" aria-label="Search questions" value={search} onChange={(e) => setSearch(e.target.value)} />
        {search && (
          <button type="button" className="icon-btn ws-search-clear" aria-label="Clear search" onClick={() => setSearch('')}>
            <X size={14} />
          </button>
        )}
      </div>
      <div className="ws-filter-row">
        <MultiSelect label="Difficulty" options={options?.difficulties ?? []} selected={view.difficulty} loading={loading} onChange={(difficulty) => set({ difficulty })} />
        <MultiSelect label="Platforms" options={options?.platforms ?? []} selected={view.platform} loading={loading} display={platformName} onChange={(platform) => set({ platform })} />
        <MultiSelect label="Topics" options={options?.topics ?? []} selected={view.topic} loading={loading} onChange={(topic) => set({ topic })} />
        <MultiSelect label="Custom Tags" options={options?.customTags ?? []} selected={view.tag} loading={loading} onChange={(tag) => set({ tag })} />
        <MultiSelect label="Attempts" options={ATTEMPT_IDS} selected={view.attempts} display={(v) => bucketLabel('attempts', v)} onChange={(attempts) => set({ attempts })} />
        <MultiSelect label="Time Spent" options={TIME_IDS} selected={view.time} display={(v) => bucketLabel('time', v)} onChange={(time) => set({ time })} />
        <button type="button" data-focus-key="starred" className={`btn btn-sm ws-filter-btn${view.starred ? ' active' : ''}`} aria-pressed={view.starred} onClick={() => set({ starred: !view.starred })}>
          <Star size={14} aria-hidden fill={view.starred ? 'currentColor' : 'none'} /> Starred
        </button>
        <select className="select ws-select" data-focus-key="status" aria-label="Status" value={view.status ?? ''} onChange={(e) => set({ status: e.target.value === 'marked' || e.target.value === 'unmarked' ? e.target.value : null })}>
          <option value="">All statuses</option>
          <option value="marked">Marked</option>
          <option value="unmarked">Unmarked</option>
        </select>
        <DateRangeFilter from={view.from} to={view.to} field={view.sortBy} onChange={(from, to) => set({ from, to })} />
        <span className="ws-filter-spacer" />
        <div className="ws-sort">
          <select className="select ws-select" data-focus-key="sortBy" aria-label="Sort by" value={view.sortBy} onChange={(e) => set({ sortBy: e.target.value === 'updatedAt' ? 'updatedAt' : 'createdAt' })}>
            <option value="createdAt">Created at</option>
            <option value="updatedAt">Updated at</option>
          </select>
          <div className="segmented" role="group" aria-label="Order">
            {(['latest', 'oldest'] as const).map((order) => (
              <button key={order} type="button" data-focus-key={`order:${order}`} aria-pressed={view.order === order} onClick={() => set({ order })}>
                {order === 'latest' ? 'Latest' : 'Oldest'}
              </button>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
