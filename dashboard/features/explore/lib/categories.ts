import type { ListCategory } from '@shared/schemas/sheet-list';

/** The category buttons in their order on the explore page; 'custom' is only used by search. */
export const CATEGORY_BUTTONS: readonly ListCategory[] = ['company-wise', 'all', 'popular', 'quickRevision', 'dsa', 'topicspecific', 'competitive'];

export const CATEGORY_LABELS: Record<ListCategory, string> = {
  'company-wise': 'Company Wise',
  all: 'All',
  popular: 'Popular',
  quickRevision: 'Quick Revision',
  dsa: 'DSA',
  topicspecific: 'Topic Specific',
  competitive: 'Competitive',
  custom: 'Matching',
};

/** The section title '{Category} Sheets' (spec §2). */
export const sectionTitle = (category: ListCategory) => `${CATEGORY_LABELS[category]} Sheets`;

export function exploreHref(category: ListCategory, search = ''): string {
  const params = new URLSearchParams({ tab: 'explore', category });
  if (search) params.set('search', search);
  return `/question-tracker?${params.toString()}`;
}

/** Explore shows this many cards before Show More (spec §9). */
export const EXPLORE_CARDS_SHOWN = 6;
