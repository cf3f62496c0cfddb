import { z } from 'zod';
import { slugSchema } from './sheet';
import { emailSchema } from './user';

export const inviteBodySchema = z.object({ email: emailSchema });

/** A pending invite (spec §3). */
export const inviteSchema = z.object({
  _id: z.string(),
  inviteeEmail: z.string(),
  inviterEmail: z.string(),
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled']),
  createdAt: z.string(),
  updatedAt: z.string(),
  sheet: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const updateSlugBodySchema = z.object({ slug: slugSchema });

/** One row's outcome in a sheet import. */
export const importRowResultSchema = z.object({
  row: z.number(),
  problemUrl: z.string(),
  status: z.enum(['added', 'duplicate', 'invalidUrl', 'error']),
  message: z.string().optional(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

/** The answer of a sheet import. */
export const sheetImportResultSchema = z.object({
  results: z.array(importRowResultSchema),
  added: z.number(),
  duplicates: z.number(),
  invalidUrl: z.number(),
  error: z.number(),
  total: z.number(),
});
export type SheetImportResult = z.infer<typeof sheetImportResultSchema>;
