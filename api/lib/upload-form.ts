import { createMiddleware } from 'hono/factory';
import { decodeCsv, UPLOAD_MESSAGES } from '../../shared/rules/upload';
import type { AppEnv } from './env';
import { AppError, badRequest, clientAborted } from './errors';

/**
 * Reads an uploader's multipart form once, before validation: a body that is not a readable form
 * (no boundary, truncated, malformed) is the spec's "no file" case, not a server error. The parsed form
 * is cached on the request, so the validator and parseBody reuse it.
 */
export const uploadForm = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    try {
      await c.req.formData();
    } catch (err) {
      // A client that hung up mid-upload sent no malformed form: the error handler logs it as what it is.
      if (clientAborted(c)) throw err;
      throw badRequest(UPLOAD_MESSAGES.required);
    }
    await next();
  });

/**
 * An uploaded CSV's text, refused (415, like other files that are not text) before any of it is read
 * into the database when its bytes are not valid in their encoding.
 */
export async function csvText(file: { arrayBuffer(): Promise<ArrayBuffer> }): Promise<string> {
  const decoded = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  if ('refused' in decoded) throw new AppError(415, 'UnsupportedMediaType', decoded.refused);
  return decoded.text;
}
