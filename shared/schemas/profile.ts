import { z } from 'zod';
import { sheetCardSchema } from './sheet-list';

export const profileParamSchema = z.object({ profileName: z.string().min(1).max(100) });

/** A public profile: never the email, never private sheets. */
export const profileSchema = z.strictObject({
  firstName: z.string(),
  secondName: z.string(),
  profileName: z.string(),
  imageUrl: z.string(),
  joinedAt: z.string(),
  solved: z.object({
    total: z.number(),
    /** Difficulty value (Easy, Medium, Hard, N/A, a rating...) to solved count. */
    byDifficulty: z.record(z.string(), z.number()),
    /** Platform id to solved count. */
    byPlatform: z.record(z.string(), z.number()),
  }),
  sheets: z.array(sheetCardSchema),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });
