import { z } from 'zod';
import { isValidDifficulty } from '../rules/difficulty';

/** A catalogue question (spec §3). */
export const questionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  platform: z.string(),
  difficulty: z.string(),
  problemUrl: z.string(),
  topics: z.array(z.string()),
  companies: z.array(z.string()),
  verified: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;

/** What a lookup knows of a problem that is not in the catalogue yet: enough to add it as a custom question. */
export const unknownQuestionSchema = z.object({
  name: z.string(),
  slug: z.string(),
  platform: z.string(),
  problemUrl: z.string(),
  difficulty: z.string(),
  topics: z.array(z.string()),
  verified: z.literal(false),
});
export type UnknownQuestion = z.infer<typeof unknownQuestionSchema>;

export const QUESTION_MESSAGES = {
  urlRequired: 'Question URL is required',
  urlInvalid: 'Please enter a valid URL',
  invalidPlatform: 'Invalid platform. Please check the URL.',
  notFound: 'Question not found. You can still add it with a custom title.',
  nameTooShort: 'Type at least 2 characters to search',
} as const;

export const lookupQuerySchema = z.object({
  problemUrl: z.string({ error: QUESTION_MESSAGES.urlRequired }).trim().min(1, QUESTION_MESSAGES.urlRequired).max(2000, QUESTION_MESSAGES.urlInvalid),
});

export const searchQuerySchema = z.object({
  name: z.string({ error: QUESTION_MESSAGES.nameTooShort }).trim().min(2, QUESTION_MESSAGES.nameTooShort).max(200),
});

/** A public sheet containing a question, for the lookup's popularSheets. */
export const popularSheetSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string(), followers: z.number() });
export type PopularSheet = z.infer<typeof popularSheetSchema>;

export const ENRICH_MESSAGES = {
  notFound: 'Question not found',
  updated: 'Question details updated',
  unchanged: 'Question details unchanged',
  nameEmpty: 'Question name cannot be empty',
  difficultyInvalid: 'Choose a difficulty from the list',
} as const;

/**
 * PATCH enrich: what the browser extension read on the judge's own page. It fills in an unverified
 * question's details; a verified question is never changed by it.
 */
export const enrichQuestionBodySchema = z.object({
  problemUrl: lookupQuerySchema.shape.problemUrl,
  name: z.string().trim().min(1, ENRICH_MESSAGES.nameEmpty).max(300).optional(),
  difficulty: z.string().trim().refine(isValidDifficulty, ENRICH_MESSAGES.difficultyInvalid).optional(),
  topics: z.array(z.string().trim().min(1).max(80)).max(30).optional(),
});
export type EnrichQuestionBody = z.input<typeof enrichQuestionBodySchema>;
