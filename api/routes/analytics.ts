import { Hono } from 'hono';
import { activityQuerySchema, analyticsQuerySchema } from '../../shared/schemas/analytics';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { getActivity, getAnalytics } from '../services/analytics';

/** /question-tracker/v1/user/analytics: insights over the solved questions of the workspace. */
export function analyticsRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      requireUser(c);
      await next();
    })
    .get('/get', valid('query', analyticsQuerySchema), async (c) => {
      return ok(c, await getAnalytics(db, clock, requireUser(c).id, c.req.valid('query').days), 200);
    })
    .get('/activity', valid('query', activityQuerySchema), async (c) => {
      return ok(c, { activity: await getActivity(db, clock, requireUser(c).id, c.req.valid('query').tz) }, 200);
    });
}
