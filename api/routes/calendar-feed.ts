import { Hono } from 'hono';
import { CALENDAR_MESSAGES } from '../../shared/rules/judge-accounts';
import { calendarFeedBodySchema } from '../../shared/schemas/contest';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { linkOrigin } from '../lib/public-url';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { createFeed, getFeed, revokeFeed } from '../services/contests';

/**
 * /question-tracker/v1/user/calendar-feed: the caller's subscribable contest calendar. PUT creates it or
 * rotates its secret (the URL with the token is shown only in that answer); DELETE revokes it.
 */
export function calendarFeedRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      requireUser(c);
      await next();
    })
    .get('/', async (c) => ok(c, { feed: await getFeed(deps.db, requireUser(c).id) }, 200))
    .put('/', valid('json', calendarFeedBodySchema), async (c) => {
      const { token, feed } = await createFeed(deps.db, requireUser(c).id, c.req.valid('json').platforms ?? []);
      const url = `${linkOrigin(c, deps.config)}/question-tracker/v1/contests/feed/${token}.ics`;
      return ok(c, { feed, token, url }, 200);
    })
    .delete('/', async (c) => {
      await revokeFeed(deps.db, requireUser(c).id);
      return ok(c, null, 200, CALENDAR_MESSAGES.revoked);
    });
}
