import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, DeleteAccountBody } from '@shared/schemas/user';
import { api, unwrap } from '../../../lib/api';
import { useSessionStore } from '../../../lib/session-store';

export const accountKeys = {
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
