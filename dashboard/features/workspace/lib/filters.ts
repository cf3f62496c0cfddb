import { addDays, format, isValid, parse, startOfDay } from 'date-fns';
import { platformById } from '@shared/platforms/index';
import { ATTEMPT_BUCKETS, TIME_BUCKETS } from '@shared/rules/solutions';
import { DEFAULT_PAGE_SIZE, WORKSPACE_PAGE_SIZES, type WorkspaceFiltersInput } from '@shared/schemas/workspace';

/**
 * The workspace view as it lives in the URL next to tab=workspace, so a filtered view can be shared
 * and survives a reload. Dates are local days (yyyy-MM-dd); the API gets instants.
 */
export interface WorkspaceView {
  search: string;
  difficulty: string[];
  platform: string[];
  topic: string[];
  tag: string[];
  /** Buckets of the latest kept solution's wrong attempts and time spent (shared/rules/solutions). */
  attempts: string[];
  time: string[];
  starred: boolean;
  status: 'marked' | 'unmarked' | null;
  sortBy: 'createdAt' | 'updatedAt';
  order: 'latest' | 'oldest';
  from: string | null;
  to: string | null;
  page: number;
  pageSize: number;
}

export const DEFAULT_VIEW: WorkspaceView = {
  search: '',
  difficulty: [],
  platform: [],
  topic: [],
  tag: [],
  attempts: [],
  time: [],
  starred: false,
  status: null,
  sortBy: 'createdAt',
  order: 'latest',
  from: null,
  to: null,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const DAY = 'yyyy-MM-dd';
const LISTS = ['difficulty', 'platform', 'topic', 'tag', 'attempts', 'time'] as const;
const BUCKETS = { attempts: ATTEMPT_BUCKETS, time: TIME_BUCKETS } as const;
/** The label of a bucket id, or the id itself. */
export const bucketLabel = (key: keyof typeof BUCKETS, id: string): string => BUCKETS[key].find((b) => b.id === id)?.label ?? id;
const knownBuckets = (key: keyof typeof BUCKETS, values: string[]) => values.filter((v) => BUCKETS[key].some((b) => b.id === v));
type ListFilter = (typeof LISTS)[number];

export function parseDay(value: string | null): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = parse(value, DAY, new Date());
  return isValid(d) ? d : null;
}
export const formatDay = (d: Date) => format(d, DAY);

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : fallback;
};

export function readView(params: URLSearchParams): WorkspaceView {
  const pageSize = positive(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  const status = params.get('status');
  const from = parseDay(params.get('from'));
  const to = parseDay(params.get('to'));
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    difficulty: params.getAll('difficulty'),
    platform: params.getAll('platform'),
    topic: params.getAll('topic'),
    tag: params.getAll('tag'),
    // An unknown bucket in a shared link is dropped rather than sent (the API refuses it).
    attempts: knownBuckets('attempts', params.getAll('attempts')),
    time: knownBuckets('time', params.getAll('time')),
    starred: params.get('starred') === 'true',
    status: status === 'marked' || status === 'unmarked' ? status : null,
    sortBy: params.get('sortBy') === 'updatedAt' ? 'updatedAt' : 'createdAt',
    order: params.get('order') === 'oldest' ? 'oldest' : 'latest',
    from: from ? formatDay(from) : null,
    to: to ? formatDay(to) : null,
    page: positive(params.get('page'), 1),
    pageSize: (WORKSPACE_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL query for a view: only what differs from the defaults, after tab=workspace. */
export function writeView(view: WorkspaceView): string {
  const q = new URLSearchParams({ tab: 'workspace' });
  if (view.search.trim()) q.set('search', view.search.trim());
  for (const key of LISTS) for (const v of view[key]) q.append(key, v);
  if (view.starred) q.set('starred', 'true');
  if (view.status) q.set('status', view.status);
  if (view.sortBy !== DEFAULT_VIEW.sortBy) q.set('sortBy', view.sortBy);
  if (view.order !== DEFAULT_VIEW.order) q.set('order', view.order);
  if (view.from) q.set('from', view.from);
  if (view.to) q.set('to', view.to);
  if (view.page !== 1) q.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) q.set('pageSize', String(view.pageSize));
  return q.toString();
}

/** The API's filter query for a view; the date range covers whole local days, `to` included. */
export function apiFilters(view: WorkspaceView): WorkspaceFiltersInput {
  const from = parseDay(view.from);
  const to = parseDay(view.to);
  return {
    ...(view.search.trim() && { search: view.search.trim() }),
    ...(view.difficulty.length && { difficulty: view.difficulty }),
    ...(view.platform.length && { platform: view.platform }),
    ...(view.topic.length && { topic: view.topic }),
    ...(view.tag.length && { tag: view.tag }),
    ...(view.attempts.length && { attempts: view.attempts }),
    ...(view.time.length && { time: view.time }),
    ...(view.starred && { starred: 'true' as const }),
    ...(view.status && { status: view.status }),
    sortBy: view.sortBy,
    order: view.order,
    ...(from && { from: startOfDay(from).toISOString() }),
    ...(to && { to: startOfDay(addDays(to, 1)).toISOString() }),
  };
}

export const hasActiveFilters = (v: WorkspaceView) =>
  !!v.search.trim() || LISTS.some((k) => v[k].length > 0) || v.starred || !!v.status || !!v.from || !!v.to;

export interface Chip {
  key: string;
  label: string;
  /** The view without this filter (back to page 1). */
  without: WorkspaceView;
}

const LIST_LABELS: Record<ListFilter, string> = { difficulty: 'Difficulty', platform: 'Platform', topic: 'Topic', tag: 'Tag', attempts: 'Attempts', time: 'Time' };

export function platformName(id: string) {
  return platformById(id)?.name ?? id;
}

function rangeLabel(from: string | null, to: string | null): string {
  const show = (d: string | null) => {
    const day = parseDay(d);
    return day ? format(day, 'd MMM yyyy') : '…';
  };
  return `${show(from)} – ${show(to)}`;
}

/** One removable chip per active filter value. */
export function chipsOf(view: WorkspaceView): Chip[] {
  const reset = { ...view, page: 1 };
  const chips: Chip[] = [];
  if (view.search.trim()) chips.push({ key: 'search', label: `Search: ${view.search.trim()}`, without: { ...reset, search: '' } });
  for (const key of LISTS) {
    for (const value of view[key]) {
      const shown = key === 'platform' ? platformName(value) : key === 'attempts' || key === 'time' ? bucketLabel(key, value) : value;
      chips.push({ key: `${key}:${value}`, label: `${LIST_LABELS[key]}: ${shown}`, without: { ...reset, [key]: view[key].filter((v) => v !== value) } });
    }
  }
  if (view.starred) chips.push({ key: 'starred', label: 'Starred', without: { ...reset, starred: false } });
  if (view.status) chips.push({ key: 'status', label: view.status === 'marked' ? 'Status: Marked' : 'Status: Unmarked', without: { ...reset, status: null } });
  if (view.from || view.to) {
    const field = view.sortBy === 'updatedAt' ? 'Updated' : 'Added';
    chips.push({ key: 'dates', label: `${field}: ${rangeLabel(view.from, view.to)}`, without: { ...reset, from: null, to: null } });
  }
  return chips;
}

export function clearFilters(view: WorkspaceView): WorkspaceView {
  return { ...DEFAULT_VIEW, sortBy: view.sortBy, order: view.order, pageSize: view.pageSize };
}
