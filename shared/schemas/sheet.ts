import { z } from 'zod';
import { MAX_TAGS, SHEET_MESSAGES, SLUG_PATTERN } from '../rules/sheet';

/** The order of a sheet's tree: topic names, subtopic names per topic, and mapping ids. */
export const sheetConfigSchema = z.object({
  topicOrder: z.array(z.string().max(200)).max(500),
  subTopicOrder: z.record(z.string().max(200), z.array(z.string().max(200)).max(500)),
  questionOrder: z.array(z.string().max(64)).max(10_000),
});
export type SheetConfig = z.infer<typeof sheetConfigSchema>;

export const authorDetailsSchema = z.object({
  firstName: z.string(),
  secondName: z.string(),
  profileName: z.string(),
  imageUrl: z.string(),
});
export type AuthorDetails = z.infer<typeof authorDetailsSchema>;

/** A sheet as the API sends it (spec §3), with the viewer's relation to it. */
export const sheetSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  tag: z.array(z.string()),
  visibility: z.enum(['public', 'private']),
  /** The creator's email, sent only to the creator and collaborators. */
  author: z.string(),
  authorDetails: authorDetailsSchema,
  link: z.string().nullable(),
  updatedAt: z.string(),
  followers: z.number(),
  totalQuestions: z.number(),
  userSolved: z.number(),
  purchaseStatus: z.boolean(),
  premium: z.boolean(),
  category: z.string().nullable(),
  config: sheetConfigSchema,
  /** Bumped on every structural edit; send it back with a config update. */
  version: z.number(),
  isAuthor: z.boolean(),
  isCollaborator: z.boolean(),
  isFollowing: z.boolean(),
});
export type Sheet = z.infer<typeof sheetSchema>;

/** A question placed in a sheet (spec §3). */
export const mappingSchema = z.object({
  _id: z.string(),
  topic: z.string(),
  subTopic: z.string(),
  title: z.string(),
  resource: z.string().nullable(),
  questionId: z.object({
    _id: z.string(),
    name: z.string(),
    problemUrl: z.string(),
    platform: z.string(),
    difficulty: z.string(),
    topics: z.array(z.string()),
  }),
});
export type Mapping = z.infer<typeof mappingSchema>;

/** The viewer's ticks and stars for the questions of a sheet, by question id. */
export const sheetProgressSchema = z.object({ solved: z.array(z.string()), starred: z.array(z.string()) });
export type SheetProgress = z.infer<typeof sheetProgressSchema>;

export const sheetNameSchema = z.string({ error: SHEET_MESSAGES.nameEmpty }).trim().min(1, SHEET_MESSAGES.nameEmpty).max(120);
export const slugSchema = z
  .string({ error: SHEET_MESSAGES.slugEmpty })
  .trim()
  .min(1, SHEET_MESSAGES.slugEmpty)
  .max(100)
  .regex(SLUG_PATTERN, SHEET_MESSAGES.slugPattern);

export const tagsSchema = z
  .array(z.string().max(50))
  .transform((tags) => tags.map((t) => t.replace(/[^\w\s-]/g, '').trim()).filter(Boolean))
  .refine((tags) => tags.length <= MAX_TAGS, SHEET_MESSAGES.tagLimit)
  .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, SHEET_MESSAGES.tagExists);
