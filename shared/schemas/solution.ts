import { z } from 'zod';
import { SOLUTION_MAX_BYTES, SOLUTION_MESSAGES, SOLUTION_SOURCES, solutionBytes } from '../rules/solutions';

/** Code as kept: not blank, and at most SOLUTION_MAX_BYTES as UTF-8 (the API answers that one with 413). */
export const solutionCodeSchema = z
  .string()
  .refine((c) => c.trim().length > 0, SOLUTION_MESSAGES.empty)
  .refine((c) => solutionBytes(c) <= SOLUTION_MAX_BYTES, SOLUTION_MESSAGES.tooLarge);

/** POST /user/solutions: the question by id or by its problem URL. */
export const solutionBodySchema = z
  .object({
    questionId: z.uuid().optional(),
    url: z.url().max(2000).optional(),
    code: solutionCodeSchema,
    language: z.string().trim().min(1).max(40),
    acceptedAt: z.iso.datetime({ offset: true }),
    attempts: z.number().int().min(0).max(10_000).optional(),
    timeSpentSec: z.number().int().min(0).max(7 * 24 * 3600).optional(),
    source: z.enum(SOLUTION_SOURCES),
  })
  .refine((b) => b.questionId !== undefined || b.url !== undefined, { message: SOLUTION_MESSAGES.noQuestion, path: ['questionId'] });
export type SolutionBody = z.infer<typeof solutionBodySchema>;

export const solutionSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  version: z.number().int(),
  code: z.string(),
  language: z.string(),
  acceptedAt: z.string(),
  attempts: z.number().int().nullable(),
  timeSpentSec: z.number().int().nullable(),
  source: z.enum(SOLUTION_SOURCES),
  published: z.boolean(),
  createdAt: z.string(),
});
export type Solution = z.infer<typeof solutionSchema>;

/** The answer to POST /user/solutions: `created` is false when identical code was already kept. */
export const solutionSaveResponseSchema = solutionSchema.extend({ created: z.boolean() });
export type SolutionSaveResponse = z.infer<typeof solutionSaveResponseSchema>;

/** GET /user/solutions?questionId= : newest version first. */
export const solutionsQuerySchema = z.object({ questionId: z.uuid() });
export const solutionsResponseSchema = z.object({ items: z.array(solutionSchema) });
export type SolutionsResponse = z.infer<typeof solutionsResponseSchema>;

/** PATCH /user/solutions/:id: publish a version on the public profile, or take it back. */
export const solutionPatchSchema = z.strictObject({ published: z.boolean() });
export type SolutionPatch = z.infer<typeof solutionPatchSchema>;

/** A published solution as the public profile shows it: never an unpublished one. */
export const publishedSolutionSchema = z.strictObject({
  id: z.string(),
  questionName: z.string(),
  problemUrl: z.string(),
  platform: z.string(),
  language: z.string(),
  code: z.string(),
  version: z.number().int(),
  acceptedAt: z.string(),
});
export type PublishedSolution = z.infer<typeof publishedSolutionSchema>;
