import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, RULE_MESSAGES } from '../rules/account';
import { RESET_MESSAGES } from '../rules/password-reset';
import { emailSchema } from './user';

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

/** How a reset link reaches the person: by e-mail (SMTP_URL set) or from the server's administrator. */
export const forgotPasswordResultSchema = z.object({ delivery: z.enum(['email', 'administrator']) });
export type ForgotPasswordResult = z.infer<typeof forgotPasswordResultSchema>;

/** A token is 32 random bytes in base64url (43 characters); anything else cannot be one. */
export const resetPasswordBodySchema = z.object({
  token: z.string({ error: RESET_MESSAGES.invalidLink }).regex(/^[A-Za-z0-9_-]{43}$/, RESET_MESSAGES.invalidLink),
  password: z
    .string({ error: RULE_MESSAGES.passwordLength })
    .min(PASSWORD_MIN, RULE_MESSAGES.passwordLength)
    .max(PASSWORD_MAX, RULE_MESSAGES.passwordLength),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
