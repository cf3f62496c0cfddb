import type { Distribution } from '@shared/schemas/analytics';

export interface Entry {
  name: string;
  count: number;
}

/** Most frequent first; ties by name. */
export function entries(map: Distribution): Entry[] {
  return Object.entries(map)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en', { numeric: true }));
}

const NAMED = ['School', 'Basic', 'Easy', 'Medium', 'Hard'];

/** Reading order of difficulties: named levels, then ratings from low to high, then N/A. */
function difficultyRank(name: string): number {
  const named = NAMED.indexOf(name);
  if (named >= 0) return named;
  const n = Number(name);
  if (Number.isFinite(n) && /^\d+$/.test(name)) return 100 + n;
  return 1_000_000;
}

/**
 * The difficulty distribution (spec §9): Easy, Medium, Hard and Basic stay separate, ratings arrive in
 * buckets of 100. Most frequent first so the first 4 entries say the most; ties in reading order.
 */
export function difficultyEntries(map: Distribution): Entry[] {
  return Object.entries(map)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || difficultyRank(a.name) - difficultyRank(b.name));
}

/** A rating bucket's label ("1200" -> "1200–1299"); other names as they are. */
export function difficultyLabel(name: string): string {
  return /^\d+$/.test(name) ? (name === '5000' ? '5000+' : `${name}–${Number(name) + 99}`) : name;
}

export const total = (list: Entry[]) => list.reduce((sum, e) => sum + e.count, 0);
