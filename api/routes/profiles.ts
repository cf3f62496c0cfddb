import { Hono } from 'hono';
import { isUuid } from '../../shared/schemas/note';
import { profileParamSchema } from '../../shared/schemas/profile';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { notFound } from '../lib/errors';
import { ok, valid } from '../lib/respond';
import { getProfile } from '../services/profiles';
import { AVATAR_SEGMENT, readAvatar } from '../services/profile-settings';

/** A versioned avatar URL never changes its bytes: browsers and shared caches keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** /question-tracker/v1/profile: public profiles, and the avatars they show. */
export function profileRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    // /avatar/:userId, said as two parameters: the app's router takes no static segment beside the profile
    // name's parameter (app.ts).
    .get('/:profileName/:userId', async (c) => {
      if (c.req.param('profileName') !== AVATAR_SEGMENT) return c.notFound();
      const userId = c.req.param('userId');
      const avatar = isUuid(userId) ? await readAvatar(db, userId) : null;
      if (!avatar) throw notFound('Avatar not found');
      const etag = `"${avatar.hash}"`;
      // The image is the server's own re-encoding; nosniff (a global header) keeps it an image.
      c.header('Content-Type', avatar.contentType);
      c.header('ETag', etag);
      // An old or missing version is revalidated, so it never outlives a change of avatar.
      c.header('Cache-Control', c.req.query('v') === avatar.hash ? IMMUTABLE : 'public, no-cache');
      if (c.req.header('if-none-match') === etag) return c.body(null, 304);
      return c.body(new Uint8Array(avatar.image), 200);
    })
    .get('/:profileName', valid('param', profileParamSchema), async (c) => {
      const profile = await getProfile(db, clock, c.get('user'), c.req.valid('param').profileName);
      return ok(c, { profile }, 200);
    });
}
