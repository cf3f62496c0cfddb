import { describe, expect, it } from 'vitest';
import { workspaceFiltersSchema } from '@shared/schemas/workspace';
import { apiFilters, chipsOf, clearFilters, DEFAULT_VIEW, hasActiveFilters, readView, writeView, type WorkspaceView } from './filters';

const busy: WorkspaceView = {
  ...DEFAULT_VIEW,
  search: 'two sum',
  difficulty: ['Easy', '1200'],
  platform: ['leetcode'],
  topic: ['Array', 'Hash Table'],
  tag: ['revisit'],
  attempts: ['first', 'many'],
  time: ['long'],
  starred: true,
  status: 'marked',
  sortBy: 'updatedAt',
  order: 'oldest',
  from: '2025-03-01',
  to: '2025-03-31',
  page: 3,
  pageSize: 50,
};

describe('workspace view in the URL', () => {
  it('round-trips every filter through the query string', () => {
    const query = writeView(busy);
    expect(query.startsWith('tab=workspace')).toBe(true);
    expect(readView(new URLSearchParams(query))).toEqual(busy);
  });

  it('writes nothing but the tab for the default view, and ignores junk', () => {
    expect(writeView(DEFAULT_VIEW)).toBe('tab=workspace');
    const junk = readView(new URLSearchParams('attempts=lots&time=forever&status=maybe&sortBy=name&order=up&page=-2&pageSize=7&from=yesterday&to=2025-02-31'));
    expect(junk).toEqual(DEFAULT_VIEW);
  });

  it('gives the API whole local days with the end day included, accepted by the shared schema', () => {
    const filters = apiFilters(busy);
    expect(new Date(filters.from ?? '').getDate()).toBe(1);
    expect(new Date(filters.to ?? '').getDate()).toBe(1); // 1 April, midnight: all of 31 March counts
    expect(workspaceFiltersSchema.safeParse(filters).success).toBe(true);
  });

  it('has one removable chip per filter value; removing one keeps the others and goes back to page 1', () => {
    const chips = chipsOf(busy);
    expect(chips.map((c) => c.label)).toEqual([
      'Search: two sum',
      'Difficulty: Easy',
      'Difficulty: 1200',
      'Platform: LeetCode',
      'Topic: Array',
      'Topic: Hash Table',
      'Tag: revisit',
      'Attempts: First try',
      'Attempts: 3+ wrong',
      'Time: 45 min or more',
      'Starred',
      'Status: Marked',
      'Updated: 1 Mar 2025 – 31 Mar 2025',
    ]);
    const withoutArray = chips.find((c) => c.key === 'topic:Array')?.without;
    expect(withoutArray).toMatchObject({ topic: ['Hash Table'], page: 1, difficulty: ['Easy', '1200'] });
    expect(hasActiveFilters(clearFilters(busy))).toBe(false);
    expect(clearFilters(busy)).toMatchObject({ sortBy: 'updatedAt', order: 'oldest', pageSize: 50 });
  });
});
