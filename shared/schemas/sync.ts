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

// What the extension tells its pages and the dashboard about "Sync solved problems". The dashboard reads
// it from another program (the extension), so it is parsed there with these schemas.

const SYNC_JUDGE_STATES = ['idle', 'queued', 'running', 'done', 'signedOut', 'error', 'cancelled', 'paused'] as const;
export const AUTO_SYNC_CHOICES = ['off', 'daily'] as const;
export type AutoSync = (typeof AUTO_SYNC_CHOICES)[number];

/** What one sync of a judge did: the API's counts added up over its chunks, and what was not sent, with why. */
const syncSummarySchema = z.object({
  new: z.number().int(),
  alreadySolved: z.number().int(),
  custom: z.number().int(),
  skipped: z.array(z.object({ count: z.number().int(), reason: z.string() })),
  /** Solutions whose code the sync brought (the judges whose code the user asked for). */
  codeKept: z.number().int().optional(),
});
export type SyncSummary = z.infer<typeof syncSummarySchema>;

const syncProgressSchema = z.object({ pages: z.number().int(), found: z.number().int(), imported: z.number().int() });
export type SyncProgress = z.infer<typeof syncProgressSchema>;

/**
 * One judge as the sync panel lists it. `account`: 'session' judges are read with the browser's own
 * sign-in ('signedIn' with the user name when the extension could tell, else 'session'); handle judges
 * are 'ready' with a handle, else 'handleNeeded'; 'unavailable' judges have no reader (`message` says why).
 */
const syncJudgeSchema = z.object({
  platform: z.string(),
  name: z.string(),
  account: z.enum(['signedIn', 'signedOut', 'session', 'ready', 'handleNeeded', 'unavailable']),
  handle: z.string().nullable(),
  state: z.enum(SYNC_JUDGE_STATES),
  /** When the last complete sync of this judge ended, and how many solved problems it found. */
  lastSyncAt: z.string().nullable(),
  lastCount: z.number().int().nullable(),
  progress: syncProgressSchema.nullable(),
  summary: syncSummarySchema.nullable(),
  message: z.string().nullable(),
  /** The last sync of this judge that failed, with its time (an extension without it sends none). */
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable().default(null),
  /** Whether the sync also brings the code of Accepted submissions (opt-in); null where the judge answers none. */
  code: z.enum(['off', 'on']).nullable().default(null),
});
export type SyncJudge = z.infer<typeof syncJudgeSchema>;

export const syncOverviewSchema = z.object({
  /** The extension's own sign-in to the tracker (the account the history is imported into). */
  account: z.string().nullable(),
  running: z.boolean(),
  autoSync: z.enum(AUTO_SYNC_CHOICES),
  judges: z.array(syncJudgeSchema),
});
export type SyncOverview = z.infer<typeof syncOverviewSchema>;
