import { z } from 'zod';

/** The status block every API response carries; its code equals the HTTP status. */
export const statusSchema = z.object({
  code: z.number().int(),
  success: z.boolean(),
  error: z.string().nullable(),
  message: z.string(),
});
export type Status = z.infer<typeof statusSchema>;

export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ status: statusSchema, data });

/** Machine-readable error names used in status.error. */
export const ERROR_NAMES = [
  'ValidationError',
  'Unauthorized',
  'Forbidden',
  'NotFoundError',
  'Conflict',
  'TooManyRequests',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'InvalidPlatform',
  /** A judge did not answer, or answered in a way its reader does not know (503 / 502). */
  'JudgeUnavailable',
  /** GitHub did not answer, answered in an unknown way, or asked to slow down (503 / 502). */
  'GithubUnavailable',
  /** The server is not set up for this (a setting it needs is missing). */
  'ServiceUnavailable',
  'InternalError',
] as const;
export type ErrorName = (typeof ERROR_NAMES)[number];
