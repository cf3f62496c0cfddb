import { z } from 'zod';
import { isValidDifficulty } from '../../../shared/rules/difficulty';
import { EXPLORE_CATEGORIES, SLUG_PATTERN } from '../../../shared/rules/sheet';
import { MAX_TAGS } from '../../../shared/rules/tags';

/** One problem in a catalogue file (api/db/seed/catalogue/*.json). */
export const seedQuestionSchema = z.object({
  name: z.string().min(1),
  url: z.string().min(1),
  difficulty: z.union([z.string(), z.number()]).transform(String).refine(isValidDifficulty, 'invalid difficulty'),
  topics: z.array(z.string().min(1)).default([]),
  companies: z.array(z.string().min(1)).default([]),
});
export type SeedQuestion = z.output<typeof seedQuestionSchema>;

const questionRef = z.union([
  z.string().min(1).transform((url) => ({ url, title: undefined as string | undefined, resource: undefined as string | undefined })),
  z.object({ url: z.string().min(1), title: z.string().min(1).optional(), resource: z.url().optional() }),
]);

const subTopicSchema = z.object({ name: z.string().trim().min(1), questions: z.array(questionRef).default([]) });

const topicSchema = z
  .object({
    name: z.string().trim().min(1),
    questions: z.array(questionRef).default([]),
    subTopics: z.array(subTopicSchema).default([]),
  })
  .refine((t) => new Set(t.subTopics.map((s) => s.name)).size === t.subTopics.length, 'duplicate subtopic names in a topic');

/** One curated sheet (api/db/seed/sheets/<slug>.json). */
export const seedSheetSchema = z
  .object({
    slug: z.string().regex(SLUG_PATTERN),
    name: z.string().trim().min(1),
    description: z.string().default(''),
    category: z.enum(EXPLORE_CATEGORIES.filter((c) => c !== 'all') as [string, ...string[]]),
    premium: z.boolean().default(false),
    tags: z.array(z.string().regex(/^[\w\s-]+$/)).max(MAX_TAGS).default([]),
    link: z.url().nullable().default(null),
    /** Editorial order among curated sheets (1 first): orders ties in follower counts. */
    rank: z.number().int().min(1),
    /** Follower counts are counted from this instance's follows, never shipped. */
    followers: z.undefined({ error: 'followers are counted from follows; give a rank instead' }).optional(),
    topics: z.array(topicSchema).min(1),
  })
  .refine((s) => new Set(s.topics.map((t) => t.name)).size === s.topics.length, 'duplicate topic names');
export type SeedSheet = z.output<typeof seedSheetSchema>;
