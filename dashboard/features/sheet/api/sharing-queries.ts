import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

const S = () => api['question-tracker'].v2.sheet;
const C = () => api['question-tracker'].v2.sheet.collaborators;

export const invitesQuery = (sheetId: string) =>
  queryOptions({
    queryKey: ['sheet-invites', sheetId] as const,
    queryFn: () => unwrap(C()['get-sheet-collaborations-invites'][':sheetId'].$get({ param: { sheetId } })),
  });

export const sharingCalls = {
  invite: (sheetId: string, email: string) => unwrap(C()['send-collaboration-invite'][':sheetId'].$post({ param: { sheetId }, json: { email } })),
  removeCollaborator: (sheetId: string, collaboratorId: string) =>
    unwrap(C()['remove-collaborator'][':sheetId'][':collaboratorId'].$delete({ param: { sheetId, collaboratorId } })),
  leave: (sheetId: string) => unwrap(C()['remove-me'][':sheetId'].$delete({ param: { sheetId } })),
  setVisibility: async (id: string, visibility: 'public' | 'private'): Promise<void> => {
    if (visibility === 'public') await unwrap(S()['mark-sheet-public'][':id'].$patch({ param: { id } }));
    else await unwrap(S()['mark-sheet-private'][':id'].$patch({ param: { id } }));
  },
  updateSlug: (id: string, slug: string) => unwrap(S()['update-sheet-slug'][':id'].$patch({ param: { id }, json: { slug } })),
  updateTags: (id: string, tag: string[]) => unwrap(S()['update-sheet'][':id'].$patch({ param: { id }, json: { tag } })),
  deleteSheet: (id: string) => unwrap(S()['delete-sheet'][':id'].$delete({ param: { id } })),
  validateSlug: (slug: string) => unwrap(S()['validate-slug'].$get({ query: { slug } })),
};
