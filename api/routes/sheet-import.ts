import { Hono } from 'hono';
import { UPLOAD_MESSAGES } from '../../shared/rules/upload';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { badRequest } from '../lib/errors';
import { ok } from '../lib/respond';
import { uploadForm } from '../lib/upload-form';
import { importIntoSheet } from '../services/sheet-import';

/** /question-tracker/v1/user/uploader/sheet: Bulk Import to Sheet (multipart: file, sheetId). */
export function sheetImportRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      const type = c.req.header('content-type') ?? '';
      if (!type.startsWith('multipart/form-data')) throw badRequest(UPLOAD_MESSAGES.required);
      await next();
    })
    .post('/', uploadForm(), async (c) => {
      const form = await c.req.parseBody();
      const file = form.file instanceof File ? form.file : null;
      const sheetId = typeof form.sheetId === 'string' ? form.sheetId : '';
      const data = await importIntoSheet(deps, c.get('user'), sheetId, file);
      return ok(c, data, 200, `${data.added} questions imported`);
    });
}
