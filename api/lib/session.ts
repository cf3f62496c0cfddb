import type { Context, MiddlewareHandler } from 'hono';
import { hashToken, sessionForToken, type SessionUser, type UserRow } from '../services/auth';
import type { AppEnv, Deps } from './env';
import { unauthorized } from './errors';

const SESSION_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Resolves the bearer token (if any) to a user for every request; an unknown token is treated as none.
 * Sessions are remembered by token hash until the database announces a change to their user (a sign-out,
 * a password change, any change to the user row), and never past their expiry.
 */
export function session(deps: Deps): MiddlewareHandler<AppEnv> {
  const known = deps.caches.create<SessionUser>({ maxBytes: SESSION_CACHE_BYTES, sizeOf: () => 1024 });
  return async (c, next) => {
    const ticket = deps.caches.ticket();
    c.set('readTicket', ticket);
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
    const token = match?.[1] ?? null;
    c.set('token', token);
    c.set('user', token ? await userFor(token) : null);
    await next();

    async function userFor(token: string): Promise<UserRow | null> {
      const hash = hashToken(token);
      const now = deps.clock.now().getTime();
      const hit = known.get(hash);
      if (hit && hit.expiresAt.getTime() > now) return hit.user;
      const found = await sessionForToken(deps, hash);
      if (found) known.set(ticket, hash, found, [`user:${found.user.id}`]);
      else known.delete(hash);
      return found?.user ?? null;
    }
  };
}

export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
