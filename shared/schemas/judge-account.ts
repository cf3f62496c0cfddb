import { z } from 'zod';
import { HANDLE_PATTERN, JUDGE_ACCOUNT_MESSAGES } from '../rules/judge-accounts';

export const judgeAccountStatusSchema = z.enum(['pending', 'ok', 'could-not-read', 'judge-down', 'not-found']);
export type JudgeAccountStatus = z.infer<typeof judgeAccountStatusSchema>;

export const judgeAccountParamSchema = z.object({ platform: z.string().min(1).max(40) });

/** PUT /user/accounts/:platform */
export const linkAccountBodySchema = z.object({
  handle: z.string().trim().regex(HANDLE_PATTERN, JUDGE_ACCOUNT_MESSAGES.handle),
  public: z.boolean().optional(),
});
export type LinkAccountBody = z.input<typeof linkAccountBodySchema>;

/** PATCH /user/accounts/:platform */
export const accountVisibilityBodySchema = z.object({ public: z.boolean() });

/**
 * One linked account as its owner sees it. `refreshedAt` is when the figures were last read successfully
 * (null before the first); `status` says whether the last attempt worked, and `ageSeconds` how old the
 * figures are.
 */
export const judgeAccountSchema = z.object({
  platform: z.string(),
  handle: z.string(),
  rating: z.number().nullable(),
  maxRating: z.number().nullable(),
  solved: z.number().nullable(),
  refreshedAt: z.string().nullable(),
  public: z.boolean(),
  rank: z.string().nullable(),
  contests: z.number().nullable(),
  status: judgeAccountStatusSchema,
  statusDetail: z.string().nullable(),
  ageSeconds: z.number().nullable(),
  profileUrl: z.string(),
});
export type JudgeAccount = z.infer<typeof judgeAccountSchema>;

export const judgeAccountsResponseSchema = z.object({ accounts: z.array(judgeAccountSchema), leaderboardOptIn: z.boolean() });
export const judgeAccountResponseSchema = z.object({ account: judgeAccountSchema });

/** PUT /user/leaderboard: the per-user opt-in. */
export const leaderboardOptInBodySchema = z.object({ optIn: z.boolean() });
export const leaderboardOptInResponseSchema = z.object({ optIn: z.boolean() });
