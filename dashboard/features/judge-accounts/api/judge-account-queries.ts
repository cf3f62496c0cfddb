import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { judgeAccountsResponseSchema, JudgeAccount } from '@shared/schemas/judge-account';
import { JUDGE_ACCOUNT_MESSAGES as M } from '@shared/rules/judge-accounts';
import { api, ApiError, unwrap } from '../../../lib/api';
import { toast } from '../../../lib/toast';

const A = () => api['question-tracker'].v1.user.accounts;
const one = (platform: string) => ({ param: { platform } });

const judgeAccountKeys = {
  all: ['judge-accounts'] as const,
  list: (token: string | null) => ['judge-accounts', token] as const,
};

type AccountsData = z.infer<typeof judgeAccountsResponseSchema>;

export const judgeAccountsQuery = (token: string | null) =>
  queryOptions({
    queryKey: judgeAccountKeys.list(token),
    queryFn: (): Promise<AccountsData> => unwrap(A().$get()),
    enabled: !!token,
    // A refresh runs in the background: look again while one is pending.
    refetchInterval: (q) => (q.state.data?.accounts.some((a) => a.status === 'pending') ? 3_000 : false),
  });

/**
 * Optimistic edits of the cached list: `change` rewrites it, and a failure puts the old list back with
 * a toast. Every path refetches afterwards, since the server's figures are the truth.
 */
function useListEdit<V>(token: string | null, mutationFn: (v: V) => Promise<unknown>, change: (data: AccountsData, v: V) => AccountsData, failure: string) {
  const qc = useQueryClient();
  const key = judgeAccountKeys.list(token);
  return useMutation({
    mutationFn,
    onMutate: async (v: V) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<AccountsData>(key);
      if (before) qc.setQueryData<AccountsData>(key, change(before, v));
      return { before };
    },
    onError: (err, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
      toast.failure(err instanceof ApiError && err.code !== 0 ? err.message : failure, err);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: judgeAccountKeys.all }),
  });
}

const patchAccount = (data: AccountsData, platform: string, patch: Partial<JudgeAccount>): AccountsData => ({
  ...data,
  accounts: data.accounts.map((a) => (a.platform === platform ? { ...a, ...patch } : a)),
});

/** PUT: the server checks the handle on the judge first, so this is not optimistic (its error is shown inline). */
export function useLinkAccount(token: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, handle, isPublic }: { platform: string; handle: string; isPublic: boolean }) =>
      unwrap(A()[':platform'].$put({ ...one(platform), json: { handle, public: isPublic } })),
    onSuccess: ({ account }) => {
      qc.setQueryData<AccountsData>(judgeAccountKeys.list(token), (data) =>
        data ? { ...data, accounts: [...data.accounts.filter((a) => a.platform !== account.platform), account] } : data,
      );
      toast.success(M.linked);
      void qc.invalidateQueries({ queryKey: judgeAccountKeys.all });
      void qc.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

export function useUnlinkAccount(token: string | null) {
  return useListEdit(
    token,
    (platform: string) => unwrap(A()[':platform'].$delete(one(platform))),
    (data, platform) => ({ ...data, accounts: data.accounts.filter((a) => a.platform !== platform) }),
    'Could not remove the account',
  );
}

export function useAccountVisibility(token: string | null) {
  return useListEdit(
    token,
    ({ platform, isPublic }: { platform: string; isPublic: boolean }) => unwrap(A()[':platform'].$patch({ ...one(platform), json: { public: isPublic } })),
    (data, { platform, isPublic }) => patchAccount(data, platform, { public: isPublic }),
    'Could not change who sees this account',
  );
}

/** Looks again a few times after a refresh is queued: the job usually finishes within seconds. */
const REFRESH_LOOKS_MS = [2_000, 5_000, 12_000];

export function useRefreshAccount(token: string | null) {
  const qc = useQueryClient();
  const edit = useListEdit(
    token,
    (platform: string) => unwrap(A()[':platform'].refresh.$post(one(platform))),
    (data, platform) => patchAccount(data, platform, { status: 'pending' }),
    'Could not refresh the account',
  );
  return {
    ...edit,
    mutate: (platform: string, onQueued?: () => void) =>
      edit.mutate(platform, {
        onSuccess: () => {
          toast.info(M.refreshQueued);
          onQueued?.();
          for (const ms of REFRESH_LOOKS_MS) setTimeout(() => void qc.invalidateQueries({ queryKey: judgeAccountKeys.all }), ms);
        },
      }),
  };
}

export function useLeaderboardOptIn(token: string | null) {
  return useListEdit(
    token,
    (optIn: boolean) => unwrap(api['question-tracker'].v1.leaderboard['opt-in'].$put({ json: { optIn } })),
    (data, optIn) => ({ ...data, leaderboardOptIn: optIn }),
    'Could not change the leaderboard setting',
  );
}
