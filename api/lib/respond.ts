import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { AppError, badRequest } from './errors';

/** A success envelope with an explicit status. */
export function ok<T, S extends 200 | 201>(c: Context, data: T, code: S, message = 'OK') {
  return c.json({ status: { code, success: true, error: null, message }, data }, code);
}

/** Validates one part of the request with a shared zod schema; the first problem becomes a 400 message. */
export function valid<S extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: S) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue && issue.path.length ? issue.path.join('.') : target;
      const message = issue?.message && !issue.message.startsWith('Invalid input') ? issue.message : `Invalid ${where}`;
      throw badRequest(message);
    }
  });
}

export { AppError };
