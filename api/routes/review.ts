import { Hono } from 'hono';
import { dueQuerySchema, goalSchema, rateBodySchema, REVIEW_MESSAGES, streakQuerySchema } from '../../shared/schemas/review';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { dueCount, dueList, rate, setSuspended } from '../services/review';
import { getGoal, retention, setGoal, streak } from '../services/review-progress';

/** /question-tracker/v1/user/review: the signed-in user's spaced-repetition queue. */
export function reviewRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      requireUser(c); // every review call is personal: 401 before anything else
      await next();
    })
    .get('/due', valid('query', dueQuerySchema), async (c) => {
      return ok(c, await dueList(deps, requireUser(c).id, c.req.valid('query')), 200);
    })
    .get('/count', async (c) => {
      return ok(c, { due: await dueCount(deps, requireUser(c).id) }, 200);
    })
    .post('/rate/:questionId', valid('json', rateBodySchema), async (c) => {
      const { rating, id } = c.req.valid('json');
      return ok(c, await rate(deps, requireUser(c).id, c.req.param('questionId'), rating, id), 200, REVIEW_MESSAGES.rated);
    })
    .post('/suspend/:questionId', async (c) => {
      return ok(c, { card: await setSuspended(deps, requireUser(c).id, c.req.param('questionId'), true) }, 200, REVIEW_MESSAGES.suspended);
    })
    .post('/resume/:questionId', async (c) => {
      return ok(c, { card: await setSuspended(deps, requireUser(c).id, c.req.param('questionId'), false) }, 200, REVIEW_MESSAGES.resumed);
    })
    .get('/goal', async (c) => {
      return ok(c, { goal: await getGoal(deps.db, requireUser(c).id) }, 200);
    })
    .put('/goal', valid('json', goalSchema), async (c) => {
      return ok(c, { goal: await setGoal(deps, requireUser(c).id, c.req.valid('json')) }, 200, REVIEW_MESSAGES.goalSaved);
    })
    .get('/streak', valid('query', streakQuerySchema), async (c) => {
      return ok(c, await streak(deps, requireUser(c).id, c.req.valid('query').tz), 200);
    })
    .get('/stats', async (c) => {
      return ok(c, { retention: await retention(deps.db, requireUser(c).id) }, 200);
    });
}
