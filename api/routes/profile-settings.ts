import { Hono } from 'hono';
import { PROFILE_MESSAGES } from '../../shared/rules/account';
import { updateProfileBodySchema } from '../../shared/schemas/user';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { uploadForm } from '../lib/upload-form';
import { removeAvatar, setAvatar, updateProfile } from '../services/profile-settings';

/** The path of the avatar upload (an uploader: it takes a multipart form, with its own body limit in app.ts). */
export const AVATAR_UPLOAD_PATH = '/question-tracker/v1/user/uploader/avatar';

/** /question-tracker/v1/user: the signed-in user's own profile (names, profile name, avatar). */
export function profileSettingsRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .patch('/profile', valid('json', updateProfileBodySchema), async (c) => {
      const user = await updateProfile(db, requireUser(c), c.req.valid('json'));
      return ok(c, { user }, 200, PROFILE_MESSAGES.saved);
    })
    .post('/uploader/avatar', uploadForm(), async (c) => {
      const me = requireUser(c);
      const form = await c.req.parseBody();
      const user = await setAvatar(db, me, form.file instanceof File ? form.file : null);
      return ok(c, { user }, 200, PROFILE_MESSAGES.avatarSaved);
    })
    .delete('/uploader/avatar', async (c) => {
      const user = await removeAvatar(db, requireUser(c));
      return ok(c, { user }, 200, PROFILE_MESSAGES.avatarRemoved);
    });
}
