import { Hono } from 'hono';
import { profileParamSchema } from '../../shared/schemas/profile';
import type { AppEnv, Deps } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { getProfile } from '../services/profiles';

/** /question-tracker/v1/profile: public profiles. */
export function profileRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>().get('/:profileName', valid('param', profileParamSchema), async (c) => {
    const profile = await getProfile(db, clock, c.get('user'), c.req.valid('param').profileName);
    return ok(c, { profile }, 200);
  });
}
