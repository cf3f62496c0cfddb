import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userResultSchema, type ChangePasswordBody, type DeleteAccountBody, type UpdateProfileBody, type User } from '@shared/schemas/user';
import { api, unwrap } from '../../../lib/api';
import { useSessionStore } from '../../../lib/session-store';
import { uploadWithProgress } from '../../../lib/spreadsheet/upload';
import { sessionKeys } from '../../auth/api/session';

const accountKeys = {
  all: ['account'] as const,
  sheets: (token: string | null) => ['account', 'sheets', token] as const,
};

/** The sheets the signed-in user created, with the collaborators each could be handed to. */
export const ownSheetsQuery = (token: string | null) =>
  queryOptions({
    queryKey: accountKeys.sheets(token),
    queryFn: async () => (await unwrap(api.auth.v1.account.sheets.$get())).sheets,
    enabled: !!token,
    staleTime: 0,
  });

/** The caller's session survives; the server ends every other one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => unwrap(api.auth.v1['change-password'].$post({ json: body })),
  });
}

/** On success the account and its sessions are gone: forget the token and every cached answer. */
export function useDeleteAccount() {
  const qc = useQueryClient();
  const clear = useSessionStore((s) => s.clear);
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => unwrap(api.auth.v1['delete-account'].$post({ json: body })),
    onSuccess: () => {
      clear();
      qc.clear();
    },
    // The list may have changed meanwhile (a sheet created elsewhere, a collaborator who left).
    onError: () => void qc.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/**
 * After a profile or avatar change: the signed-in user's own answer is replaced at once, and every other
 * cached answer that shows them (cards' authors, collaborators, their profile) is fetched again.
 */
function useProfileSaved() {
  const qc = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return (user: User) => {
    qc.setQueryData(sessionKeys.me(token), { user });
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
  };
}

export function useUpdateProfile() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: async (body: UpdateProfileBody) => (await unwrap(api['question-tracker'].v1.user.profile.$patch({ json: body }))).user,
    onSuccess: saved,
  });
}

/** The server checks and re-encodes the image; the file goes as a form, like the other uploads. */
export function useUploadAvatar() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return (await uploadWithProgress(api['question-tracker'].v1.user.uploader.avatar.$url().pathname, form, userResultSchema)).user;
    },
    onSuccess: saved,
  });
}

export function useRemoveAvatar() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: async () => (await unwrap(api['question-tracker'].v1.user.uploader.avatar.$delete())).user,
    onSuccess: saved,
  });
}
