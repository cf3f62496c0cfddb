import { Hono, type Context } from 'hono';
import { contestsQuerySchema } from '../../shared/schemas/contest';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { PRIVATE_NO_STORE } from '../lib/security-headers';
import { contestIcs, contestsAnswer, feedIcs, listContests, toIcs } from '../services/contests';

const calendar = (c: Context<AppEnv>, text: string, filename: string) =>
  c.body(text, 200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `inline; filename="${filename}"` });

/** /question-tracker/v1/contests: upcoming and running contests, as JSON and as calendars. */
export function contestRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .get('/contests', valid('query', contestsQuerySchema), async (c) => ok(c, await contestsAnswer(db, clock.now(), c.req.valid('query').platform), 200))
    .get('/contests.ics', valid('query', contestsQuerySchema), async (c) => {
      const platform = c.req.valid('query').platform;
      return calendar(c, toIcs(await listContests(db, clock.now(), platform ? [platform] : undefined), 'Contests'), 'contests.ics');
    })
    // Two routes said as one, as the app's router needs (app.ts): /contests/feed/:file, the feed a calendar
    // app subscribes to (the token in the path is its only credential), and /contests/:contestId/calendar.ics.
    .get('/contests/:contestId/:file', async (c) => {
      const { contestId, file } = c.req.param();
      if (contestId === 'feed') {
        c.header('Cache-Control', PRIVATE_NO_STORE);
        c.header('Referrer-Policy', 'no-referrer');
        return calendar(c, await feedIcs(db, file.replace(/\.ics$/, ''), clock.now()), 'contests.ics');
      }
      if (file !== 'calendar.ics') return c.notFound();
      const { text, row } = await contestIcs(db, contestId);
      return calendar(c, text, `${row.platform}-${row.code}.ics`);
    });
}
