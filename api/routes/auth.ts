import { Hono } from 'hono';
import { loginBodySchema, signupBodySchema } from '../../shared/schemas/user';
import type { AppEnv, Deps } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { login, logout, signup, toUser } from '../services/auth';

export function authRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/signup', valid('json', signupBodySchema), async (c) => {
      const result = await signup(deps, c.req.valid('json'));
      return ok(c, result, 201, 'Account created');
    })
    .post('/login', valid('json', loginBodySchema), async (c) => {
      const result = await login(deps, c.req.valid('json'));
      return ok(c, result, 200, 'Signed in');
    })
    .post('/logout', async (c) => {
      requireUser(c);
      const token = c.get('token');
      if (token) await logout(deps, token);
      return ok(c, null, 200, 'Signed out');
    })
    .get('/me', (c) => ok(c, { user: toUser(requireUser(c)) }, 200));
}
