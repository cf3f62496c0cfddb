import { Hono } from 'hono';
import { SYNC_CHUNK, SYNC_MESSAGES, syncImportBodySchema } from '../../shared/schemas/sync';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { AppError } from '../lib/errors';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { importHistory } from '../services/sync-import';

/** The path whose bodies may be larger than other JSON writes (a chunk of 5,000 submissions). */
export const SYNC_IMPORT_PATH = '/question-tracker/v1/user/sync/import';

/** /question-tracker/v1/user/sync: a judge's history of solved problems, brought in by the extension. */
export function syncRoutes(deps: Deps) {
  return new Hono<AppEnv>().post(
    '/import',
    async (c, next) => {
      requireUser(c);
      // Too many in one call is a size limit (413), told before any of it is read into the database.
      const body = (await c.req.json().catch(() => null)) as { submissions?: unknown } | null;
      if (Array.isArray(body?.submissions) && body.submissions.length > SYNC_CHUNK) throw new AppError(413, 'PayloadTooLarge', SYNC_MESSAGES.tooMany);
      await next();
    },
    valid('json', syncImportBodySchema),
    async (c) => {
      const { platform, submissions } = c.req.valid('json');
      return ok(c, await importHistory(deps, requireUser(c).id, platform, submissions), 200, SYNC_MESSAGES.imported);
    },
  );
}
