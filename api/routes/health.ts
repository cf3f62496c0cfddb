import { Hono } from 'hono';
import { ping } from '../db/client';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { AppError } from '../lib/errors';
import { ok } from '../lib/respond';

export function healthRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await ping(deps.db);
    } catch {
      throw new AppError(503, 'InternalError', 'The database is not answering');
    }
    return ok(c, { ok: true }, 200);
  });
}
