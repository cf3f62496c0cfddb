import { z } from 'zod';
import { MAX_TAGS, normalizeTags, TAG_MESSAGES } from '../rules/tags';
import {
  DEFAULT_NOTE_TITLE,
  isNoteBodyEmpty,
  NOTE_HTML_MAX,
  NOTE_LINKED_MAX,
  NOTE_MESSAGES,
  NOTE_TITLE_MAX,
  NOTES_PAGE_SIZE,
} from '../rules/notes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/** The question a note belongs to, or links to: enough to show and open it. */
export const noteQuestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  problemUrl: z.string(),
  platform: z.string(),
  difficulty: z.string(),
});
export type NoteQuestion = z.infer<typeof noteQuestionSchema>;

export const noteTagSchema = z.object({ _id: z.string(), name: z.string() });
export type NoteTag = z.infer<typeof noteTagSchema>;

/** A note (spec §3). `note` is sanitised HTML; questionId is null for a general note. */
export const noteSchema = z.object({
  _id: z.string(),
  title: z.string(),
  note: z.string(),
  tags: z.array(noteTagSchema),
  questionsLinked: z.array(noteQuestionSchema),
  questionId: noteQuestionSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** A note in a list: the body is replaced by a short plain-text excerpt. */
export const noteSummarySchema = noteSchema.omit({ note: true }).extend({ excerpt: z.string() });
export type NoteSummary = z.infer<typeof noteSummarySchema>;

export const notesPageSchema = z.object({
  notes: z.array(noteSummarySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  hasMore: z.boolean(),
});
export type NotesPage = z.infer<typeof notesPageSchema>;

export const noteTagCountSchema = noteTagSchema.extend({ count: z.number() });
export type NoteTagCount = z.infer<typeof noteTagCountSchema>;

const titleSchema = z
  .string({ error: NOTE_MESSAGES.titleEmpty })
  .trim()
  .min(1, NOTE_MESSAGES.titleEmpty)
  .max(NOTE_TITLE_MAX, NOTE_MESSAGES.titleTooLong);

const bodySchema = z
  .string({ error: NOTE_MESSAGES.noteEmpty })
  .max(NOTE_HTML_MAX, NOTE_MESSAGES.noteTooLong)
  .refine((html) => !isNoteBodyEmpty(html), NOTE_MESSAGES.noteEmpty);

/** Tags by name (or as {_id, name} objects, as the API sends them back): cleaned, deduplicated, at most 10. */
const tagsInputSchema = z
  .array(z.union([z.string().max(100), z.object({ _id: z.string().optional(), name: z.string().max(100) })]))
  .max(50, TAG_MESSAGES.tagLimit)
  .transform((tags) => normalizeTags(tags.map((t) => (typeof t === 'string' ? t : t.name))))
  .refine((tags) => tags.length <= MAX_TAGS, TAG_MESSAGES.tagLimit);

/** Linked questions by id (or as {_id} objects, as the spec's questionsLinked[{_id}]). */
const linkedInputSchema = z
  .array(z.union([z.string(), z.object({ _id: z.string() })]))
  .max(NOTE_LINKED_MAX * 2, NOTE_MESSAGES.linkedLimit)
  .transform((items) => [...new Set(items.map((q) => (typeof q === 'string' ? q : q._id)))])
  .refine((ids) => ids.every(isUuid), NOTE_MESSAGES.linkedMissing)
  .refine((ids) => ids.length <= NOTE_LINKED_MAX, NOTE_MESSAGES.linkedLimit);

/** The note fields a writer sends; also what the Add Question flow embeds as `note`. */
export const noteInputSchema = z.object({
  title: titleSchema.default(DEFAULT_NOTE_TITLE),
  note: bodySchema,
  tags: tagsInputSchema.default([]),
  questionsLinked: linkedInputSchema.default([]),
});
export type NoteInput = z.input<typeof noteInputSchema>;
export type NoteFields = z.output<typeof noteInputSchema>;

export const createNoteBodySchema = noteInputSchema.extend({
  /** The question the note belongs to; omitted or null for a general note. */
  questionId: z
    .string()
    .refine(isUuid, NOTE_MESSAGES.cannotOpen)
    .nullable()
    .default(null),
});
export type CreateNoteBody = z.input<typeof createNoteBodySchema>;

export const updateNoteBodySchema = z.object({
  title: titleSchema.optional(),
  note: bodySchema.optional(),
  tags: tagsInputSchema.optional(),
  questionsLinked: linkedInputSchema.optional(),
});
export type UpdateNoteBody = z.input<typeof updateNoteBodySchema>;
export type NoteChanges = z.output<typeof updateNoteBodySchema>;

const optionalText = z
  .string()
  .max(200)
  .transform((s) => s.trim() || undefined)
  .optional();

export const listNotesQuerySchema = z.object({
  /** Matched against titles and the text of bodies, case-insensitively. */
  search: optionalText,
  /** A tag id. */
  tag: z.string().refine(isUuid, 'Invalid tag').optional(),
  questionId: z.string().refine(isUuid, NOTE_MESSAGES.cannotOpen).optional(),
  /** question: notes that belong to a question; general: notes without one. */
  type: z.enum(['question', 'general'], { error: 'Invalid type' }).optional(),
  page: z.coerce.number({ error: 'Invalid page' }).int('Invalid page').min(1, 'Invalid page').max(10_000, 'Invalid page').default(1),
  limit: z.coerce.number({ error: 'Invalid limit' }).int('Invalid limit').min(1, 'Invalid limit').max(100, 'Invalid limit').default(NOTES_PAGE_SIZE),
});
export type ListNotesQuery = z.input<typeof listNotesQuerySchema>;
export type ListNotesFilter = z.output<typeof listNotesQuerySchema>;

/** get-question-notes: the question itself (so a question without notes can still be shown) and its notes. */
export const questionNotesSchema = z.object({ question: noteQuestionSchema, notes: z.array(noteSchema) });
export type QuestionNotes = z.infer<typeof questionNotesSchema>;
