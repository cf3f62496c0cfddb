import { createMiddleware } from 'hono/factory';
import { UPLOAD_MESSAGES } from '../../shared/rules/upload';
import type { AppEnv } from './env';
import { badRequest, clientAborted } from './errors';

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
