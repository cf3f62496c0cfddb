import { z } from 'zod';
import { EXPORT_MESSAGES, EXPORT_RUN_STATES } from '../rules/exports';

/** PUT /user/exports/github. Without a token, the saved one is kept (same owner and repository only). */
export const githubConnectBodySchema = z.object({
  owner: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, EXPORT_MESSAGES.badOwner),
  repo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, EXPORT_MESSAGES.badRepo)
    .refine((r) => r !== '.' && r !== '..' && !r.toLowerCase().endsWith('.git'), EXPORT_MESSAGES.badRepo),
  branch: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._/-]{1,200}$/, EXPORT_MESSAGES.badBranch)
    // Git's own ref rules that matter here: no empty part, no "..", no part starting with a dot, no .lock end.
    .refine((b) => !b.includes('..') && !b.includes('//') && !b.startsWith('/') && !b.endsWith('/') && !b.endsWith('.lock') && !/(^|\/)\./.test(b), EXPORT_MESSAGES.badBranch),
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{20,255}$/, EXPORT_MESSAGES.badToken)
    .optional(),
  auto: z.boolean().optional(),
  includeNotes: z.boolean().optional(),
});
export type GithubConnectBody = z.infer<typeof githubConnectBodySchema>;

export const exportRunSchema = z.object({
  id: z.string(),
  state: z.enum(EXPORT_RUN_STATES),
  trigger: z.enum(['manual', 'auto']),
  queuedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Files written so far of those the run has to write. */
  done: z.number().int(),
  total: z.number().int(),
  /** Files the finished run changed: 0 when there was nothing new (and no commit). */
  files: z.number().int().nullable(),
  commitSha: z.string().nullable(),
  commitUrl: z.string().nullable(),
  /** Rate limited: the run goes on by itself at this time. */
  waitUntil: z.string().nullable(),
  error: z.string().nullable(),
});
export type ExportRun = z.infer<typeof exportRunSchema>;

/** GET /user/exports/github: the connection (never its token) and the current or last run. */
export const githubExportStateSchema = z.object({
  connection: z
    .object({
      owner: z.string(),
      repo: z.string(),
      branch: z.string(),
      auto: z.boolean(),
      includeNotes: z.boolean(),
      connectedAt: z.string(),
      repoUrl: z.string(),
    })
    .nullable(),
  run: exportRunSchema.nullable(),
});
export type GithubExportState = z.infer<typeof githubExportStateSchema>;

/** POST /user/exports/github/run: the run's id (the job id), and whether this call started it. */
export const exportRunStartSchema = z.object({ jobId: z.string(), started: z.boolean() });
export type ExportRunStart = z.infer<typeof exportRunStartSchema>;

/** GET /user/exports/solutions.zip and /anki.apkg: whether the user's notes go in (the zip leaves them out unless true, the deck keeps them unless false). */
export const exportDownloadQuerySchema = z.object({ notes: z.enum(['true', 'false']).optional() });

/** The files the downloads are saved as. */
export const EXPORT_FILES = { zip: 'solutions.zip', anki: 'practice-tracker-solved.apkg' } as const;
