import { Hono } from 'hono';
import { UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { progressUploadFormSchema } from '../../shared/schemas/workspace';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { uploadForm } from '../lib/upload-form';
import { importProgress } from '../services/progress-import';

/** /question-tracker/v1/user/uploader/progress: progress import from a CSV (problemUrl, solved). */
export function progressImportRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      requireUser(c);
      await next();
    })
    .post('/', uploadForm(), valid('form', progressUploadFormSchema), async (c) => {
      const result = await importProgress(deps, requireUser(c).id, c.req.valid('form').file);
      return ok(c, result, 200, UPLOAD_MESSAGES.progressSynced);
    });
}
