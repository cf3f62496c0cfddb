import { Hono } from 'hono';
import { leaderboardOptInBodySchema } from '../../shared/schemas/judge-account';
import { leaderboardQuerySchema } from '../../shared/schemas/leaderboard';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { setLeaderboardOptIn } from '../services/judge-accounts';
import { leaderboard } from '../services/leaderboard';

/** /question-tracker/v1/leaderboard: opted-in users ranked by one metric; PUT /opt-in is the caller's choice. */
export function leaderboardRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/', valid('query', leaderboardQuerySchema), async (c) => ok(c, await leaderboard(deps, c.get('user'), c.req.valid('query')), 200))
    .put(
      '/opt-in',
      async (c, next) => {
        requireUser(c);
        await next();
      },
      valid('json', leaderboardOptInBodySchema),
      async (c) => {
      const optIn = await setLeaderboardOptIn(deps.db, requireUser(c).id, c.req.valid('json').optIn);
      return ok(c, { optIn }, 200);
      },
    );
}
