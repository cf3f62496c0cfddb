import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, RULE_MESSAGES } from '../rules/account';

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

const email = z
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
  email,
  password,
  firstName: z.string({ error: RULE_MESSAGES.firstName }).trim().min(1, RULE_MESSAGES.firstName).max(60),
  secondName: z.string().trim().max(60).optional().default(''),
});
export type SignupBody = z.input<typeof signupBodySchema>;

export const loginBodySchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const authResultSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResult = z.infer<typeof authResultSchema>;
