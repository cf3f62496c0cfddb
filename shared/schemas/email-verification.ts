import { z } from 'zod';
import { VERIFY_MESSAGES } from '../rules/email-verification';

/** A token is 32 random bytes in base64url (43 characters); anything else cannot be one. */
export const verifyEmailBodySchema = z.object({
  token: z.string({ error: VERIFY_MESSAGES.invalidLink }).regex(/^[A-Za-z0-9_-]{43}$/, VERIFY_MESSAGES.invalidLink),
});
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

export const verifyEmailResultSchema = z.object({ email: z.string() });
export type VerifyEmailResult = z.infer<typeof verifyEmailResultSchema>;

/** A resend: `sent` false when the address was verified already. */
export const resendVerificationResultSchema = z.object({ sent: z.boolean() });
export type ResendVerificationResult = z.infer<typeof resendVerificationResultSchema>;
