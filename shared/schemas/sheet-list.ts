import { z } from 'zod';
import { EXPLORE_CATEGORIES } from '../rules/sheet';
import { authorDetailsSchema } from './sheet';

/**
 * A sheet as a card in a list (explore, My Sheets, a profile): what the card shows, plus the viewer's
 * relation to it. Never the author's email.
 */
export const sheetCardSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  tag: z.array(z.string()),
  visibility: z.enum(['public', 'private']),
  authorDetails: authorDetailsSchema,
  category: z.string().nullable(),
  premium: z.boolean(),
  followers: z.number(),
  totalQuestions: z.number(),
  /** Questions of the sheet the viewer has ticked; 0 when signed out. */
  userSolved: z.number(),
  /** The viewer's premium entitlement. */
  purchaseStatus: z.boolean(),
  updatedAt: z.string(),
  isFollowing: z.boolean(),
  isAuthor: z.boolean(),
  isCollaborator: z.boolean(),
});
export type SheetCard = z.infer<typeof sheetCardSchema>;

/** Explore's categories plus 'custom', the category used while searching. */
export const LIST_CATEGORIES = [...EXPLORE_CATEGORIES, 'custom'] as const;
export type ListCategory = (typeof LIST_CATEGORIES)[number];

/** Reads a category from a URL or a query; anything unknown falls back to 'all' (spec §2). */
export function parseCategory(value: string | null | undefined): ListCategory {
  return (LIST_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as ListCategory) : 'all';
}

export const SEARCH_MAX = 100;

/** GET public/get-public-sheets?category=&search= */
export const publicSheetsQuerySchema = z.object({
  category: z
    .string()
    .optional()
    .transform((v) => parseCategory(v)),
  search: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().slice(0, SEARCH_MAX)),
});
export type PublicSheetsQuery = z.input<typeof publicSheetsQuerySchema>;

export const publicSheetsResponseSchema = z.array(sheetCardSchema);

/** GET premium/get-all-sheets */
export const premiumSheetsResponseSchema = z.object({ sheets: z.array(sheetCardSchema), purchaseStatus: z.boolean() });

/** A pending invitation to collaborate on a sheet, as the invitee sees it (spec §3). */
export const inviteSchema = z.strictObject({
  _id: z.string(),
  inviteeEmail: z.string(),
  inviterEmail: z.string(),
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled']),
  createdAt: z.string(),
  updatedAt: z.string(),
  sheet: z.object({ _id: z.string(), name: z.string(), slug: z.string(), description: z.string() }),
});
export type Invite = z.infer<typeof inviteSchema>;

/** GET my-sheets */
export const mySheetsResponseSchema = z.object({
  followed: z.array(sheetCardSchema),
  custom: z.array(sheetCardSchema),
  shared: z.array(sheetCardSchema),
  invites: z.array(inviteSchema),
});
export type MySheets = z.infer<typeof mySheetsResponseSchema>;

export const inviteParamSchema = z.object({ inviteId: z.string().max(64) });

/** PATCH collaborators/accept-invite/{inviteId} and decline-invite/{inviteId} */
export const inviteAnswerResponseSchema = z.object({ invite: inviteSchema, sheet: sheetCardSchema.nullable() });
export type InviteAnswer = z.infer<typeof inviteAnswerResponseSchema>;

/** Sheet cards show this many characters of the description before the ellipsis (spec §3, §9). */
export const CARD_DESCRIPTION_LIMIT = { standard: 80, premium: 70 } as const;
export const NO_DESCRIPTION = 'No description available';

export function cardDescription(description: string, premium: boolean): string {
  const text = description.trim();
  if (!text) return NO_DESCRIPTION;
  const limit = premium ? CARD_DESCRIPTION_LIMIT.premium : CARD_DESCRIPTION_LIMIT.standard;
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}...` : text;
}
