import { queryOptions } from '@tanstack/react-query';
import type { ListCategory, MySheets, SheetCard } from '@shared/schemas/sheet-list';
import { api, unwrap } from '../../../lib/api';

const S = () => api['question-tracker'].v2.sheet;

/** Every list of sheet cards lives under 'sheet-lists'; a follow or a new sheet invalidates them all. */
export const sheetListKeys = {
  all: ['sheet-lists'] as const,
  public: (category: ListCategory, search: string, token: string | null) => ['sheet-lists', 'public', category, search, token] as const,
  premium: (token: string | null) => ['sheet-lists', 'premium', token] as const,
  mine: (token: string | null) => ['sheet-lists', 'mine', token] as const,
};

// Lists refetch whenever they are shown again: a follow on the sheet page changes them too.
const FRESH = { staleTime: 0 } as const;

export const publicSheetsQuery = (category: ListCategory, search: string, token: string | null) =>
  queryOptions({
    queryKey: sheetListKeys.public(category, search, token),
    queryFn: (): Promise<SheetCard[]> => unwrap(S().public['get-public-sheets'].$get({ query: search ? { category, search } : { category } })),
    ...FRESH,
  });

export const premiumSheetsQuery = (token: string | null) =>
  queryOptions({
    queryKey: sheetListKeys.premium(token),
    queryFn: (): Promise<{ sheets: SheetCard[]; purchaseStatus: boolean }> => unwrap(S().premium['get-all-sheets'].$get()),
    ...FRESH,
  });

export const mySheetsQuery = (token: string | null) =>
  queryOptions({
    queryKey: sheetListKeys.mine(token),
    queryFn: (): Promise<MySheets> => unwrap(S()['my-sheets'].$get()),
    enabled: !!token,
    ...FRESH,
  });

export const sheetListCalls = {
  follow: (id: string) => unwrap(S().public['follow-sheet'][':id'].$patch({ param: { id } })),
  unfollow: (id: string) => unwrap(S().public['unfollow-sheet'][':id'].$patch({ param: { id } })),
  validateSlug: async (slug: string) => (await unwrap(S()['validate-slug'].$get({ query: { slug } }))).valid,
  createSheet: (json: { name: string; description: string; slug: string; visibility: 'private' }) => unwrap(S()['create-sheet'].$post({ json })),
  acceptInvite: (inviteId: string) => unwrap(S().collaborators['accept-invite'][':inviteId'].$patch({ param: { inviteId } })),
  declineInvite: (inviteId: string) => unwrap(S().collaborators['decline-invite'][':inviteId'].$patch({ param: { inviteId } })),
};
