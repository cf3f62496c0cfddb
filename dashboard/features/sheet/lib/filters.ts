import { DIFFICULTIES, isRating } from '@shared/rules/difficulty';
import type { Mapping } from '@shared/schemas/sheet';

/**
 * The sheet's filters as they live in the URL beside whatever else the address holds (the sheet tab's
 * tab=sheet&slug=), so a reload or a shared link shows the same questions.
 */
export interface SheetFilters {
  search: string;
  unsolved: boolean;
  starred: boolean;
  difficulty: string[];
  platform: string[];
}

export const NO_FILTERS: SheetFilters = { search: '', unsolved: false, starred: false, difficulty: [], platform: [] };

/** The query parameters the filters own; every other parameter of the address is left as it is. */
const KEYS = ['search', 'unsolved', 'starred', 'difficulty', 'platform'] as const;

const listOf = (params: URLSearchParams, key: string) => [...new Set(params.getAll(key).map((v) => v.trim().slice(0, 100)).filter(Boolean))].slice(0, 50);

export function readSheetFilters(params: URLSearchParams): SheetFilters {
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    unsolved: params.get('unsolved') === 'true',
    starred: params.get('starred') === 'true',
    difficulty: listOf(params, 'difficulty'),
    platform: listOf(params, 'platform'),
  };
}

/** The address's query with these filters in place of the ones it had (only those set are written). */
export function writeSheetFilters(current: URLSearchParams, f: SheetFilters): string {
  const q = new URLSearchParams(current);
  for (const key of KEYS) q.delete(key);
  if (f.search.trim()) q.set('search', f.search.trim());
  if (f.unsolved) q.set('unsolved', 'true');
  if (f.starred) q.set('starred', 'true');
  for (const v of f.difficulty) q.append('difficulty', v);
  for (const v of f.platform) q.append('platform', v);
  return q.toString();
}

export const hasSheetFilters = (f: SheetFilters) => !!f.search.trim() || f.unsolved || f.starred || f.difficulty.length > 0 || f.platform.length > 0;

/** How many filters besides the search are on (the phone's Filters button shows it). */
export const menuFilterCount = (f: SheetFilters) => Number(f.unsolved) + Number(f.starred) + f.difficulty.length + f.platform.length;

export interface Progress {
  solved: ReadonlySet<string>;
  starred: ReadonlySet<string>;
}

/** Whether a question passes every filter that is on: each one narrows the list (they combine with AND; values of one filter with OR). */
export function matchesFilters(m: Mapping, f: SheetFilters, p: Progress): boolean {
  const needle = f.search.trim().toLowerCase();
  if (needle && !m.title.toLowerCase().includes(needle)) return false;
  if (f.unsolved && p.solved.has(m.questionId._id)) return false;
  if (f.starred && !p.starred.has(m.questionId._id)) return false;
  if (f.difficulty.length && !f.difficulty.includes(m.questionId.difficulty)) return false;
  if (f.platform.length && !f.platform.includes(m.questionId.platform)) return false;
  return true;
}

/**
 * The difficulties to offer: the ones the sheet's questions have, the spec's (Easy, Medium, Hard, N/A)
 * in that order first, then other names, then judges' ratings from low to high. A value in the address
 * that no question has stays listed, so it can be turned off.
 */
export function difficultyOptions(mappings: readonly Mapping[], selected: readonly string[]): string[] {
  const present = new Set([...mappings.map((m) => m.questionId.difficulty), ...selected]);
  const named = DIFFICULTIES.filter((d) => present.has(d));
  const rest = [...present].filter((d) => !(DIFFICULTIES as readonly string[]).includes(d));
  const ratings = rest.filter(isRating).sort((a, b) => Number(a) - Number(b));
  const others = rest.filter((d) => !isRating(d)).sort((a, b) => a.localeCompare(b));
  return [...named, ...others, ...ratings];
}

/** The judges the sheet's questions come from (and any picked in the address), by id. */
export function platformOptions(mappings: readonly Mapping[], selected: readonly string[]): string[] {
  return [...new Set([...mappings.map((m) => m.questionId.platform), ...selected])].sort();
}
