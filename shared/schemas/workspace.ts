import { z } from 'zod';
import { isEditableDifficulty, isValidDifficulty } from '../rules/difficulty';
import { ATTEMPT_BUCKETS, TIME_BUCKETS } from '../rules/solutions';
import { checkUploadFile, SERVER_UPLOAD_EXTENSIONS, UPLOAD_MESSAGES } from '../rules/upload';
import { noteInputSchema, noteSchema } from './note';
import { questionSchema } from './question';
import { tagsSchema } from './sheet';

/** Messages of the workspace and the Add Question popup (spec §2, §5, §8). */
export const WORKSPACE_MESSAGES = {
  title: 'My Workspace',
  subtitle: 'Keep track of all your questions here',
  empty: 'Add your First Question',
  noMatch: 'No Match Found',
  added: 'Added to workspace',
  fetchFailed: 'Failed to fetch question data',
  submitError: 'Error submitting question data',
  submitFailed: 'Failed to submit question data',
  invalidPlatform: 'Invalid Platform',
  searchFailed: 'Failed to fetch questions',
  searchError: 'Error fetching questions',
  noToken: 'No token available',
  recordNotFound: 'Question not found in your workspace',
  questionNotFound: 'Question not found',
  verifiedNotEditable: 'Only custom questions can be edited',
  difficultyInvalid: 'Choose a difficulty from the list',
  nameRequired: 'Question name is required',
  questionRequired: 'Choose a question or enter its URL',
  nothingToUpdate: 'Nothing to update',
} as const;

export const WORKSPACE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** An export holds at most this many records (the whole workspace of any real person). */
export const MAX_EXPORT_ROWS = 20_000;

/** A user's record of a question (spec §3), with the question and whether its name and difficulty may be edited. */
export const workspaceQuestionSchema = z.object({
  _id: z.string(),
  checked: z.boolean(),
  starred: z.boolean(),
  customTags: z.array(z.string()),
  solvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** True for an unverified (custom) question: its name and difficulty are this user's own, so editable. */
  editable: z.boolean(),
  question: questionSchema,
  /** From the latest kept solution (highest version): wrong attempts before it and time spent; null when unknown or none is kept. */
  attempts: z.number().int().nullable(),
  timeSpentSec: z.number().int().nullable(),
  /** How many solution versions are kept for the question. */
  solutions: z.number().int(),
});
export type WorkspaceQuestion = z.infer<typeof workspaceQuestionSchema>;

// Query parameters arrive as a string, or a list when repeated (?difficulty=Easy&difficulty=Hard).
const list = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(100)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean));
const int = (def: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'Must be a whole number')
    .optional()
    .transform((v) => (v === undefined ? def : Number(v)))
    .pipe(z.number().int().min(min).max(max));
/** A list of bucket ids (shared/rules/solutions), unknown ones refused. */
const buckets = <const T extends readonly { id: string }[]>(all: T) => {
  const ids = new Set<string>(all.map((b) => b.id));
  return list.pipe(z.array(z.string().refine((v) => ids.has(v), 'Unknown filter value'))).transform((v) => v as T[number]['id'][]);
};
const instant = z.iso.datetime({ offset: true, error: 'Dates must be ISO timestamps' }).optional();

export const WORKSPACE_SORT_FIELDS = ['createdAt', 'updatedAt'] as const;
export const WORKSPACE_ORDERS = ['latest', 'oldest'] as const;
export const WORKSPACE_STATUSES = ['marked', 'unmarked'] as const;

/**
 * The workspace filters (spec §2): any-of within a list, all of them together. The date range
 * [from, to) applies to the field sorted by.
 */
export const workspaceFiltersSchema = z.object({
  search: z.string().trim().max(200).optional(),
  difficulty: list,
  platform: list,
  topic: list,
  tag: list,
  /** Buckets of the latest kept solution's wrong attempts and time spent; a question without one matches none. */
  attempts: buckets(ATTEMPT_BUCKETS),
  time: buckets(TIME_BUCKETS),
  starred: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  status: z.enum(WORKSPACE_STATUSES).optional(),
  sortBy: z.enum(WORKSPACE_SORT_FIELDS).default('createdAt'),
  order: z.enum(WORKSPACE_ORDERS).default('latest'),
  from: instant,
  to: instant,
});
export type WorkspaceFilters = z.output<typeof workspaceFiltersSchema>;
export type WorkspaceFiltersInput = z.input<typeof workspaceFiltersSchema>;

export const workspaceListQuerySchema = workspaceFiltersSchema.extend({
  page: int(1, 1, 100_000),
  pageSize: int(DEFAULT_PAGE_SIZE, 1, 100),
});
export type WorkspaceListQuery = z.output<typeof workspaceListQuerySchema>;

export const workspacePageSchema = z.object({
  questions: z.array(workspaceQuestionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WorkspacePage = z.infer<typeof workspacePageSchema>;

/** The values present in a user's workspace, for the filter bar's menus. */
export const workspaceFilterOptionsSchema = z.object({
  difficulties: z.array(z.string()),
  platforms: z.array(z.string()),
  topics: z.array(z.string()),
  customTags: z.array(z.string()),
});
export type WorkspaceFilterOptions = z.infer<typeof workspaceFilterOptionsSchema>;

export const updateRecordBodySchema = z
  .object({ checked: z.boolean().optional(), starred: z.boolean().optional(), customTags: tagsSchema.optional() })
  .refine((b) => b.checked !== undefined || b.starred !== undefined || b.customTags !== undefined, WORKSPACE_MESSAGES.nothingToUpdate);
export type UpdateRecordBody = z.input<typeof updateRecordBodySchema>;

const difficulty = z.string().refine(isValidDifficulty, WORKSPACE_MESSAGES.difficultyInvalid);
/** A person editing picks from the spec's choices; what a judge reads may be any rating (isValidDifficulty). */
const editableDifficulty = z.string().refine(isEditableDifficulty, WORKSPACE_MESSAGES.difficultyInvalid);
const questionName = z.string({ error: WORKSPACE_MESSAGES.nameRequired }).trim().min(1, WORKSPACE_MESSAGES.nameRequired).max(300);

export const updateCustomQuestionBodySchema = z
  .object({ name: questionName.optional(), difficulty: editableDifficulty.optional() })
  .refine((b) => b.name !== undefined || b.difficulty !== undefined, WORKSPACE_MESSAGES.nothingToUpdate);
export type UpdateCustomQuestionBody = z.input<typeof updateCustomQuestionBodySchema>;

/** POST solve-question (spec §7): a catalogue question by id, or a custom one by URL. */
export const solveQuestionBodySchema = z
  .object({
    questionId: z.string().max(64).nullable().optional(),
    customTags: tagsSchema.default([]),
    sheetsIn: z.array(z.string().max(64)).max(100).default([]),
    custom: z
      .object({
        slug: z.string().max(300).optional(),
        name: questionName,
        platform: z.string().max(40).optional(),
        topics: z.array(z.string().trim().min(1).max(80)).max(30).default([]),
        difficulty: difficulty.default('N/A'),
        problemUrl: z.string({ error: 'Question URL is required' }).trim().min(1, 'Question URL is required').max(2000, 'Please enter a valid URL'),
      })
      .nullable()
      .optional(),
    checked: z.boolean().default(false),
    starred: z.boolean().default(false),
    /** The optional first note: the notes feature's own fields (HTML body, sanitised when stored). */
    note: noteInputSchema.nullable().optional(),
  })
  .refine((b) => !!b.questionId || !!b.custom, WORKSPACE_MESSAGES.questionRequired);
export type SolveQuestionBody = z.input<typeof solveQuestionBodySchema>;

export const solveQuestionResultSchema = z.object({ question: workspaceQuestionSchema, notes: z.array(noteSchema), created: z.boolean() });
export type SolveQuestionResult = z.infer<typeof solveQuestionResultSchema>;

/** One exported record: problemUrl and solved read back by the progress import; the rest is for people. */
export const EXPORT_COLUMNS = ['problemUrl', 'solved', 'name', 'platform', 'difficulty', 'starred', 'customTags', 'topics', 'addedAt', 'updatedAt'] as const;
export const exportRowSchema = z.object({
  problemUrl: z.string(),
  solved: z.boolean(),
  name: z.string(),
  platform: z.string(),
  difficulty: z.string(),
  starred: z.boolean(),
  customTags: z.string(),
  topics: z.string(),
  addedAt: z.string(),
  updatedAt: z.string(),
});
export type ExportRow = z.infer<typeof exportRowSchema>;

export const exportResultSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(exportRowSchema),
  /** The same rows as CSV text, with every formula-like cell neutralised. */
  csv: z.string(),
  total: z.number().int(),
});
export type ExportResult = z.infer<typeof exportResultSchema>;

/** A row of a progress import that changed nothing, and why: the cell at fault as the file had it. */
export const progressImportFailureSchema = z.object({
  /** The spreadsheet's row number: the header is row 1. */
  row: z.number().int(),
  column: z.enum(['problemUrl', 'solved']),
  value: z.string(),
  status: z.enum(['invalidUrl', 'error']),
  reason: z.string(),
});
export type ProgressImportFailure = z.infer<typeof progressImportFailureSchema>;

/** Progress import answer (spec §3 upload result, §7); `failed` lists the skipped rows (at most MAX_LISTED_FAILURES). */
export const progressImportResultSchema = z.object({
  questions: z.array(z.object({ _id: z.string(), problemUrl: z.string(), name: z.string(), checked: z.boolean() })),
  /**
   * Problems of the file the catalogue does not know (custom questions), in file order with the first
   * row that named each (at most MAX_LISTED_FAILURES): a typo in a URL lands here.
   */
  custom: z.array(z.object({ _id: z.string(), problemUrl: z.string(), name: z.string(), row: z.number().int() })),
  new: z.number().int(),
  alreadySolved: z.number().int(),
  invalidUrl: z.number().int(),
  error: z.number().int(),
  total: z.number().int(),
  failed: z.array(progressImportFailureSchema),
});
export type ProgressImportResult = z.infer<typeof progressImportResultSchema>;

/** POST /remove-imported: custom questions an import added, taken out of the workspace again. */
export const removeImportedBodySchema = z.object({ questionIds: z.array(z.uuid()).max(500) });
export const removeImportedResultSchema = z.object({ removed: z.number().int() });

/** A file as the server's multipart parser hands it over (a web File), without DOM types. */
export interface UploadedFile {
  name: string;
  size: number;
  type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}
const isUploadedFile = (v: unknown): v is UploadedFile =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as UploadedFile).name === 'string' &&
  typeof (v as UploadedFile).size === 'number' &&
  typeof (v as UploadedFile).arrayBuffer === 'function';

/** POST uploader/progress: one csv file under 1 MB (the browser converts xlsx first). */
export const progressUploadFormSchema = z.object({
  file: z.custom<UploadedFile>(isUploadedFile, { error: UPLOAD_MESSAGES.required }).superRefine((file, ctx) => {
    const problem = checkUploadFile(file, SERVER_UPLOAD_EXTENSIONS);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
