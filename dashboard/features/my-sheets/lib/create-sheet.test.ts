import { describe, expect, it, vi } from 'vitest';
import { SHEET_MESSAGES, SLUG_MAX_ATTEMPTS } from '@shared/rules/sheet';
import { ApiError } from '../../../lib/api';
import { createSheetWithUniqueSlug, slugFromName, type CreateSheetDeps } from './create-sheet';

const deps = (over: Partial<CreateSheetDeps> = {}) => {
  let n = 0;
  return {
    isSlugFree: vi.fn(() => Promise.resolve(true)),
    create: vi.fn((body: { slug: string }) => Promise.resolve({ sheet: { slug: body.slug } })),
    suffix: () => `s${++n}`,
    ...over,
  };
};

describe('creating a sheet', () => {
  it('derives the slug from the name', () => {
    expect(slugFromName('My DP  Sheet!')).toBe('my-dp-sheet');
    expect(slugFromName('  --Graphs & Trees-- ')).toBe('graphs-trees');
    expect(slugFromName('!!!')).toBe('sheet');
    expect(slugFromName('a'.repeat(90))).toHaveLength(60);
  });

  it('refuses an empty name without calling the API', async () => {
    const d = deps();
    expect(await createSheetWithUniqueSlug(d, { name: '   ', description: '' })).toEqual({ ok: false, field: 'name', message: SHEET_MESSAGES.nameEmpty });
    expect(d.isSlugFree).not.toHaveBeenCalled();
  });

  it('creates a private sheet with the first free slug, retrying with a new suffix', async () => {
    const free = ['my-sheet-s2'];
    const isSlugFree = vi.fn((slug: string) => Promise.resolve(free.includes(slug)));
    const d = deps({ isSlugFree });
    expect(await createSheetWithUniqueSlug(d, { name: 'My Sheet', description: ' notes ' })).toEqual({ ok: true, slug: 'my-sheet-s2' });
    expect(isSlugFree.mock.calls.map((c) => c[0])).toEqual(['my-sheet', 'my-sheet-s1', 'my-sheet-s2']);
    expect(d.create).toHaveBeenCalledWith({ name: 'My Sheet', description: 'notes', slug: 'my-sheet-s2', visibility: 'private' });
  });

  it('gives up after 10 checks', async () => {
    const d = deps({ isSlugFree: vi.fn(() => Promise.resolve(false)) });
    expect(await createSheetWithUniqueSlug(d, { name: 'Taken', description: '' })).toEqual({
      ok: false,
      field: null,
      message: 'Could not create a unique sheet name. Please try again.',
    });
    expect(d.isSlugFree).toHaveBeenCalledTimes(SLUG_MAX_ATTEMPTS);
    expect(d.create).not.toHaveBeenCalled();
  });

  it('shows the duplicate-name rule inline, and maps other failures to the spec toasts', async () => {
    const fails = (err: Error) => deps({ create: vi.fn(() => Promise.reject(err)) });
    expect(await createSheetWithUniqueSlug(fails(new ApiError(409, 'Conflict', SHEET_MESSAGES.nameTaken)), { name: 'X', description: '' })).toEqual({
      ok: false,
      field: 'name',
      message: SHEET_MESSAGES.nameTaken,
    });
    expect(await createSheetWithUniqueSlug(fails(new ApiError(0, 'NetworkError', 'Network error. Please try again.')), { name: 'X', description: '' })).toMatchObject({
      message: 'Error creating sheet',
    });
    expect(await createSheetWithUniqueSlug(fails(new ApiError(500, 'InternalError', 'boom')), { name: 'X', description: '' })).toMatchObject({
      message: 'Failed to create sheet',
    });
    // A slug taken between the check and the insert is retried.
    let calls = 0;
    const race = deps({
      create: vi.fn((body: { slug: string }) =>
        calls++ === 0 ? Promise.reject(new ApiError(409, 'Conflict', 'This sheet URL is already taken')) : Promise.resolve({ sheet: { slug: body.slug } }),
      ),
    });
    expect(await createSheetWithUniqueSlug(race, { name: 'Race', description: '' })).toEqual({ ok: true, slug: 'race-s1' });
  });
});
