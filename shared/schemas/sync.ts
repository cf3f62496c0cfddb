import { z } from 'zod';
import { isValidDifficulty } from '../rules/difficulty';

/** Submissions one sync call takes; the extension sends a longer history in chunks of this size. */
export const SYNC_CHUNK = 5000;

export const SYNC_MESSAGES = {
  tooMany: `Send at most ${SYNC_CHUNK} submissions per call`,
  solvedAtInvalid: 'solvedAt must be an ISO 8601 date and time',
  imported: 'History imported',
} as const;

/** One Accepted submission read from a judge's history: the problem, when, and what the judge says of it. */
export const syncSubmissionSchema = z.object({
  problemUrl: z.string().trim().min(1).max(2000),
  solvedAt: z.iso.datetime({ offset: true, error: SYNC_MESSAGES.solvedAtInvalid }),
  name: z.string().trim().min(1).max(300).optional(),
  /** A named difficulty or the judge's own rating; anything else is dropped rather than refused. */
  difficulty: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((d) => (d && isValidDifficulty(d) ? d : undefined)),
  topics: z.array(z.string().trim().min(1).max(80)).max(30).optional(),
});
export type SyncSubmission = z.output<typeof syncSubmissionSchema>;

/** POST /question-tracker/v1/user/sync/import: one judge's history, or a chunk of it. */
export const syncImportBodySchema = z.object({
  platform: z.string().min(1).max(40),
  submissions: z.array(syncSubmissionSchema).max(SYNC_CHUNK, SYNC_MESSAGES.tooMany),
});
export type SyncImportBody = z.input<typeof syncImportBodySchema>;

/**
 * total: submissions received; new: problems newly solved in the workspace (once each, however many
 * submissions name them); alreadySolved: problems solved there already; custom: of the new, those the
 * catalogue did not know; invalidUrl: submissions that name no problem of that judge.
 */
export const syncImportResultSchema = z.object({
  new: z.number().int(),
  alreadySolved: z.number().int(),
  custom: z.number().int(),
  invalidUrl: z.number().int(),
  total: z.number().int(),
});
export type SyncImportResult = z.infer<typeof syncImportResultSchema>;
