import { z } from 'zod';
import { SHEET_MESSAGES, SLUG_PATTERN } from '../rules/sheet';
import { cleanTag, hasDuplicateTags, MAX_TAGS, TAG_MESSAGES } from '../rules/tags';
import { isReservedTopicName, UPLOAD_MESSAGES } from '../rules/upload';

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
  .transform((tags) => tags.map(cleanTag).filter(Boolean))
  .refine((tags) => tags.length <= MAX_TAGS, TAG_MESSAGES.tagLimit)
  .refine((tags) => !hasDuplicateTags(tags), TAG_MESSAGES.tagExists);

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(120);

export const updateSheetBodySchema = z
  .object({
    name: sheetNameSchema.optional(),
    description: z.string().max(2000).optional(),
    tag: tagsSchema.optional(),
    config: sheetConfigSchema.optional(),
    version: z.number().int().optional(),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.tag !== undefined || b.config !== undefined, 'Nothing to update')
  .refine((b) => b.config === undefined || b.version !== undefined, 'A config update needs the version it was based on');

export const addQuestionsBodySchema = z.object({
  data: z
    .array(
      z.object({
        topic: z.string().trim().max(120).default(''),
        subTopic: z.string().trim().max(120).default(''),
        title: z.string().trim().max(300).optional(),
        problemUrl: z.string({ error: 'Question URL is required' }).trim().min(1, 'Question URL is required').max(2000),
      }),
    )
    .min(1, 'Add at least one question')
    .max(200),
});

export const updateMappingBodySchema = z.object({
  topic: z.string().trim().max(120),
  subTopic: z.string().trim().max(120),
  questionOrder: z.array(z.string().max(64)).max(10_000),
  version: z.number().int(),
});

/** A topic name keys the sheet's subtopic map, so the one name that would replace the map's prototype is refused. */
const topicName = (message: string) => name(message).refine((t) => !isReservedTopicName(t), UPLOAD_MESSAGES.reservedTopic);
export const addTopicBodySchema = z.object({ topic: topicName(SHEET_MESSAGES.topicRequired) });
export const renameTopicBodySchema = z.object({ oldTopic: z.string().min(1), newTopic: topicName(SHEET_MESSAGES.topicEmpty) });
export const addSubTopicBodySchema = z.object({ topic: z.string().min(1), subTopic: name(SHEET_MESSAGES.subTopicEmpty) });
export const renameSubTopicBodySchema = z.object({ topic: z.string().min(1), oldSubTopic: z.string().min(1), newSubTopic: name(SHEET_MESSAGES.subTopicRequired) });
export const topicQuerySchema = z.object({ topic: z.string().min(1, 'Topic name is required') });
export const subTopicQuerySchema = z.object({ topic: z.string().min(1, 'Topic name is required'), subTopic: z.string().min(1, SHEET_MESSAGES.subTopicRequired) });
export const markQuestionBodySchema = z
  .object({ checked: z.boolean().optional(), starred: z.boolean().optional() })
  .refine((b) => b.checked !== undefined || b.starred !== undefined, 'Nothing to update');

export const createSheetBodySchema = z.object({
  name: sheetNameSchema,
  description: z.string().trim().max(2000).default(''),
  slug: slugSchema,
  visibility: z.enum(['public', 'private']).default('private'),
});
export type CreateSheetBody = z.input<typeof createSheetBodySchema>;

export const validateSlugQuerySchema = z.object({ slug: z.string().max(200).default('') });
