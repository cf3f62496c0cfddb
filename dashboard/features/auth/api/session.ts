import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForgotPasswordBody, ResetPasswordBody } from '@shared/schemas/password-reset';
import type { LoginBody, SignupBody } from '@shared/schemas/user';
import { api, unwrap } from '../../../lib/api';
import { useSessionStore } from '../../../lib/session-store';

export const sessionKeys = { me: (token: string | null) => ['session', 'me', token] as const };

const meQuery = (token: string | null) =>
  queryOptions({
    queryKey: sessionKeys.me(token),
    queryFn: () => unwrap(api.auth.v1.me.$get()),
    enabled: !!token,
    staleTime: 5 * 60_000,
  });

/** Who is signed in. `isLoggedIn` follows the stored token, so tab defaults need no round trip. */
export function useSession() {
  const token = useSessionStore((s) => s.token);
  const me = useQuery(meQuery(token));
  return { token, isLoggedIn: !!token, user: me.data?.user ?? null, isLoading: me.isLoading };
}

function useAuthMutation<B>(call: (body: B) => ReturnType<typeof unwrapAuth>) {
  const qc = useQueryClient();
  const setToken = useSessionStore((s) => s.setToken);
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      qc.setQueryData(sessionKeys.me(data.token), { user: data.user });
      setToken(data.token);
      void qc.invalidateQueries();
    },
  });
}

const unwrapAuth = (p: ReturnType<typeof api.auth.v1.login.$post>) => unwrap(p);

export const useLogin = () => useAuthMutation((body: LoginBody) => unwrapAuth(api.auth.v1.login.$post({ json: body })));
export const useSignup = () => useAuthMutation((body: SignupBody) => unwrap(api.auth.v1.signup.$post({ json: body })));

export function useLogout() {
  const qc = useQueryClient();
  const clear = useSessionStore((s) => s.clear);
  return useMutation({
    mutationFn: () => unwrap(api.auth.v1.logout.$post()),
    // Signing out locally must never fail, even when the server is unreachable.
    onSettled: () => {
      clear();
      qc.clear();
    },
  });
}

/** Asks for a reset link; the answer says how it comes (by e-mail, or from the administrator), never whether the account exists. */
export const useForgotPassword = () => useMutation({ mutationFn: (body: ForgotPasswordBody) => unwrap(api.auth.v1['forgot-password'].$post({ json: body })) });

/** Sets a new password with a reset link's token, then signs in with the session the answer carries. */
export const useResetPassword = () => useAuthMutation((body: ResetPasswordBody) => unwrap(api.auth.v1['reset-password'].$post({ json: body })));

/**
 * Follows a verification link. A query, not a mutation: the page may render twice, and the token works
 * once, so the one request is shared and never retried.
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['session', 'verify-email', token] as const,
    queryFn: () => unwrap(api.auth.v1['verify-email'].$post({ json: { token } })),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Mails the signed-in user a new verification link. */
export const useResendVerification = () => useMutation({ mutationFn: () => unwrap(api.auth.v1['resend-verification'].$post()) });
