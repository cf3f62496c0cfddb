import type { Context, MiddlewareHandler } from 'hono';
import type { Deps } from '../deps';
import { defaultHeader } from './default-headers';
import type { AppEnv } from './env';
import { unauthorized } from './errors';
import { bearerToken, keptUser } from './kept-answers';
import { PRIVATE_NO_STORE } from './security-headers';
import { hashToken, type SessionUser, type UserRow } from './session-user';

/**
 * Resolves the bearer token (if any) to a user for every request; an unknown token is treated as none.
 * Sessions are kept in memory by token hash until the database announces a change to their user (a
 * sign-out, a password change, any change to the user row), and never past their expiry.
 */
export function session(deps: Deps, lookup: (tokenHash: string) => Promise<SessionUser | null>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ticket = deps.caches.ticket();
    c.set('readTicket', ticket);
    const authorization = c.req.header('authorization');
    // Only an anonymous read is the same for everyone; any other answer may carry a user's data (a
    // signed-in answer, a new session's token), which no shared cache may keep.
    if (authorization !== undefined || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) defaultHeader(c, 'Cache-Control', PRIVATE_NO_STORE);
    const token = bearerToken(authorization);
    c.set('token', token);
    c.set('user', token ? await userFor(token) : null);
    await next();

    async function userFor(token: string): Promise<UserRow | null> {
      const hash = hashToken(token);
      const kept = keptUser(deps, hash);
      if (kept) return kept;
      const found = await lookup(hash);
      if (found) deps.kept.sessions.set(ticket, hash, found, [`user:${found.user.id}`]);
      else deps.kept.sessions.delete(hash);
      return found?.user ?? null;
    }
  };
}

export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
