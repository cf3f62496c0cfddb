import type { Context, MiddlewareHandler } from 'hono';
import { userForToken, type UserRow } from '../services/auth';
import type { AppEnv, Deps } from './env';
import { unauthorized } from './errors';

/** Resolves the bearer token (if any) to a user for every request; an unknown token is treated as none. */
export function session(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
    const token = match?.[1] ?? null;
    c.set('token', token);
    c.set('user', token ? await userForToken(deps, token) : null);
    await next();
  };
}

export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
