import type { AuthStatus } from '@shared/schemas/messages';
import { apiClient, TOKEN_KEY, unwrap, USER_KEY } from '../lib/api';
import { clearBadge, refreshBadge } from './badge';
import { forgetLookups } from './kept-lookups';
import { reached } from './queue';
import { defineArea, done, type HandlerDeps } from './types';

/** Forgets the token and the account (and so every kept lookup): the background holds them alone. */
export async function signOut(deps: HandlerDeps) {
  await deps.local.remove(TOKEN_KEY);
  await deps.local.remove(USER_KEY);
  await forgetLookups(deps);
  clearBadge(deps);
}

export const authArea = defineArea('auth', {
  'auth:status': async (_m, { deps }) => {
    const user = await deps.local.get<AuthStatus['user']>(USER_KEY);
    const token = await deps.local.get<string>(TOKEN_KEY);
    return done({ signedIn: !!token, user: token ? (user ?? null) : null });
  },
  'auth:login': async (m, { deps }) => {
    const client = await apiClient(deps.local, deps.fetch);
    const data = await unwrap(client.auth.v1.login.$post({ json: { email: m.email, password: m.password } }));
    await deps.local.set(TOKEN_KEY, data.token);
    const user = { email: data.user.email, firstName: data.user.firstName, secondName: data.user.secondName };
    await deps.local.set(USER_KEY, user);
    await forgetLookups(deps);
    void refreshBadge(deps);
    return reached(deps, { signedIn: true, user });
  },
  'auth:logout': async (_m, { deps }) => {
    await (await apiClient(deps.local, deps.fetch)).auth.v1.logout.$post().catch(() => undefined);
    await signOut(deps);
    return done({ signedIn: false, user: null });
  },
});
