import { describe, expect, it } from 'vitest';
import { cardDescription, parseCategory, type SheetCard } from '@shared/schemas/sheet-list';
import { ApiError } from '../../lib/api';
import { patchCards } from './api/use-follow-sheet';
import { exploreHref, sectionTitle } from './lib/categories';
import { failureStep, MAX_RELOADS } from './lib/use-list-failure';

const card = (over: Partial<SheetCard> = {}): SheetCard => ({
  _id: 'a',
  name: 'A',
  description: '',
  slug: 'a',
  tag: [],
  visibility: 'public',
  authorDetails: { firstName: 'A', secondName: '', profileName: 'a', imageUrl: '' },
  category: 'popular',
  premium: false,
  followers: 10,
  totalQuestions: 5,
  userSolved: 0,
  purchaseStatus: false,
  updatedAt: '2025-01-01T00:00:00.000Z',
  isFollowing: false,
  isAuthor: false,
  isCollaborator: false,
  ...over,
});

describe('explore rules', () => {
  it('falls back to all for an unknown category and titles the section', () => {
    expect(parseCategory('nonsense')).toBe('all');
    expect(parseCategory(null)).toBe('all');
    expect(parseCategory('quickRevision')).toBe('quickRevision');
    expect(sectionTitle('company-wise')).toBe('Company Wise Sheets');
    expect(sectionTitle('quickRevision')).toBe('Quick Revision Sheets');
    expect(exploreHref('custom', 'dp & graphs')).toBe('/question-tracker?tab=explore&category=custom&search=dp+%26+graphs');
  });

  it('cuts card descriptions at 80 characters, 70 for premium, with a fallback', () => {
    const long = 'x'.repeat(100);
    expect(cardDescription(long, false)).toBe(`${'x'.repeat(80)}...`);
    expect(cardDescription(long, true)).toBe(`${'x'.repeat(70)}...`);
    expect(cardDescription('Short one', false)).toBe('Short one');
    expect(cardDescription('  ', false)).toBe('No description available');
  });

  it('reloads after network failures at most 3 times, then shows the error screen', () => {
    const offline = new ApiError(0, 'NetworkError', 'Network error. Please try again.');
    expect(failureStep(null, 0)).toBe('none');
    expect(failureStep(offline, 0)).toBe('reload');
    expect(failureStep(offline, MAX_RELOADS - 1)).toBe('reload');
    expect(failureStep(offline, MAX_RELOADS)).toBe('error');
    expect(failureStep(new ApiError(500, 'InternalError', 'x'), 0)).toBe('error');
  });

  it('patches every cached copy of a card and leaves the rest untouched', () => {
    const other = card({ _id: 'b' });
    const cached = { followed: [card()], custom: [other], invites: [], premium: { sheets: [card()], purchaseStatus: false } };
    const next = patchCards(cached, 'a', (c) => ({ ...c, isFollowing: true, followers: c.followers + 1 })) as typeof cached;
    expect(next.followed[0]).toMatchObject({ isFollowing: true, followers: 11 });
    expect(next.premium.sheets[0]).toMatchObject({ isFollowing: true, followers: 11 });
    expect(next.custom).toBe(cached.custom);
    expect(cached.followed[0]!.isFollowing).toBe(false);
    expect(patchCards(undefined, 'a', (c) => c)).toBeUndefined();
  });
});
