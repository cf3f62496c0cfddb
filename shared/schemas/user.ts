import { z } from 'zod';
import {
  normalizeProfileName,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PROFILE_MESSAGES,
  PROFILE_NAME_MAX,
  PROFILE_NAME_MIN,
  PROFILE_NAME_PATTERN,
  RULE_MESSAGES,
} from '../rules/account';

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  secondName: z.string(),
  profileName: z.string(),
  imageUrl: z.string(),
  purchaseStatus: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** An e-mail address as every form takes it (sign-up, sign-in, reset, sheet and group invites): trimmed, lower-cased, the spec's one message. */
export const emailSchema = z
  .string({ error: RULE_MESSAGES.email })
  .trim()
  .toLowerCase()
  .max(254, RULE_MESSAGES.email)
  .pipe(z.email({ error: RULE_MESSAGES.email }));

const password = z
  .string({ error: RULE_MESSAGES.passwordLength })
  .min(PASSWORD_MIN, RULE_MESSAGES.passwordLength)
  .max(PASSWORD_MAX, RULE_MESSAGES.passwordLength);

export const signupBodySchema = z.object({
  email: emailSchema,
  password,
  firstName: z.string({ error: RULE_MESSAGES.firstName }).trim().min(1, RULE_MESSAGES.firstName).max(60),
  secondName: z.string().trim().max(60).optional().default(''),
});
export type SignupBody = z.input<typeof signupBodySchema>;

/** The profile fields a user edits on the Account screen; the profile name is compared without case. */
export const updateProfileBodySchema = z.object({
  firstName: z.string({ error: RULE_MESSAGES.firstName }).trim().min(1, RULE_MESSAGES.firstName).max(60),
  secondName: z.string().trim().max(60, PROFILE_MESSAGES.secondNameLength).default(''),
  profileName: z
    .string({ error: PROFILE_MESSAGES.profileNameLength })
    .transform(normalizeProfileName)
    .pipe(
      z
        .string()
        .min(PROFILE_NAME_MIN, PROFILE_MESSAGES.profileNameLength)
        .max(PROFILE_NAME_MAX, PROFILE_MESSAGES.profileNameLength)
        .regex(PROFILE_NAME_PATTERN, PROFILE_MESSAGES.profileNameFormat),
    ),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const userResultSchema = z.object({ user: userSchema });

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const authResultSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResult = z.infer<typeof authResultSchema>;

const newPassword = z
  .string({ error: RULE_MESSAGES.passwordLength })
  .min(PASSWORD_MIN, RULE_MESSAGES.passwordLength)
  .max(PASSWORD_MAX, RULE_MESSAGES.passwordLength);

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

const confirmed = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
const mismatch = { message: RULE_MESSAGES.passwordMismatch, path: ['confirmPassword'] };

/** A new password typed twice, as the reset page asks for it (the form's fields; the body sends one). */
export const newPasswordFormSchema = z.object({ newPassword, confirmPassword: z.string() }).refine(confirmed, mismatch);
export type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

/** The change-password form: its body's fields and the new password's confirmation. */
export const changePasswordFormSchema = changePasswordBodySchema.extend({ confirmPassword: z.string() }).refine(confirmed, mismatch);
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, RULE_MESSAGES.sheetChoiceUnknown);

/** What happens to one sheet the user created when the account is deleted. */
export const sheetChoiceSchema = z.discriminatedUnion('action', [
  z.object({ sheetId: uuid, action: z.literal('delete') }),
  z.object({ sheetId: uuid, action: z.literal('transfer'), collaboratorId: uuid }),
]);
export type SheetChoice = z.infer<typeof sheetChoiceSchema>;

export const deleteAccountBodySchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
  sheets: z.array(sheetChoiceSchema).max(1000).default([]),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** A collaborator a sheet can be handed to; `_id` is the collaborator entry (as in remove-collaborator). */
export const accountSheetCollaboratorSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  secondName: z.string(),
  profileName: z.string(),
});

/** A sheet the user created, listed before deleting the account so each gets a choice. */
export const accountSheetSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  visibility: z.enum(['public', 'private']),
  followers: z.number(),
  totalQuestions: z.number(),
  collaborators: z.array(accountSheetCollaboratorSchema),
});
export type AccountSheet = z.infer<typeof accountSheetSchema>;
export type AccountSheetCollaborator = z.infer<typeof accountSheetCollaboratorSchema>;
