import { Hono, type MiddlewareHandler } from 'hono';
import { PRACTICE_MESSAGES } from '../../shared/rules/practice';
import { dismissalBodySchema, nextQuerySchema, recommendationsQuerySchema } from '../../shared/schemas/practice';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { nextFromSheets } from '../services/next-from-sheets';
import { dismiss, recommendations, undismiss } from '../services/practice';
import { upsolveList } from '../services/upsolve';

/** /question-tracker/v1/user: what to solve next (recommendations by rating, the next of one's sheets, upsolving). */
/** Every call here is personal: 401 before the input is looked at. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

export function practiceRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .get('/recommendations', signedIn, valid('query', recommendationsQuerySchema), async (c) => ok(c, await recommendations(db, requireUser(c).id, c.req.valid('query')), 200))
    .get('/next', signedIn, valid('query', nextQuerySchema), async (c) => ok(c, await nextFromSheets(db, requireUser(c).id, c.req.valid('query').limit), 200))
    .get('/upsolve', signedIn, async (c) => ok(c, await upsolveList(db, requireUser(c).id), 200))
    .post('/practice/dismissals', signedIn, valid('json', dismissalBodySchema), async (c) => {
      const { platform, key } = c.req.valid('json');
      return ok(c, await dismiss(db, requireUser(c).id, platform, key, clock.now()), 200, PRACTICE_MESSAGES.dismissed);
    })
    .delete('/practice/dismissals/:platform/:key', signedIn, valid('param', dismissalBodySchema), async (c) => {
      const { platform, key } = c.req.valid('param');
      return ok(c, await undismiss(db, requireUser(c).id, platform, key), 200, PRACTICE_MESSAGES.restored);
    });
}
