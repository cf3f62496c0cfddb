import { Hono, type MiddlewareHandler } from 'hono';
import { RULE_MESSAGES } from '../../shared/rules/account';
import { changePasswordBodySchema, deleteAccountBodySchema, loginBodySchema, signupBodySchema } from '../../shared/schemas/user';
import { clientAddress } from '../lib/client-address';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { unauthorized } from '../lib/errors';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { changePassword, deleteAccount, listOwnSheets } from '../services/account';
import { login, logout, signup, toUser } from '../services/auth';
import { forgotPasswordBodySchema, resetPasswordBodySchema } from '../../shared/schemas/password-reset';
import { RESET_MESSAGES } from '../../shared/rules/password-reset';
import { linkOrigin } from '../lib/public-url';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { verifyEmailBodySchema } from '../../shared/schemas/email-verification';
import { VERIFY_MESSAGES } from '../../shared/rules/email-verification';
import { resendVerification, sendVerificationMail, verifyEmail } from '../services/email-verification';

/** Refuses a signed-out caller before the body is validated, so it learns nothing about the body's rules. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

export function authRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/signup', valid('json', signupBodySchema), async (c) => {
      const result = await signup(deps, c.req.valid('json'), clientAddress(c, deps.config));
      await sendVerificationMail(deps, { id: result.user._id, email: result.user.email }, linkOrigin(c, deps.config));
      return ok(c, result, 201, 'Account created');
    })
    .post('/login', valid('json', loginBodySchema), async (c) => {
      const result = await login(deps, c.req.valid('json'), clientAddress(c, deps.config));
      return ok(c, result, 200, 'Signed in');
    })
    .post('/logout', async (c) => {
      requireUser(c);
      const token = c.get('token');
      if (token) await logout(deps, token);
      return ok(c, null, 200, 'Signed out');
    })
    .post('/forgot-password', valid('json', forgotPasswordBodySchema), async (c) => {
      const result = await requestPasswordReset(deps, c.req.valid('json').email, linkOrigin(c, deps.config), clientAddress(c, deps.config));
      return ok(c, result, 200, result.delivery === 'email' ? RESET_MESSAGES.emailSent : RESET_MESSAGES.askAdministrator);
    })
    .post('/reset-password', valid('json', resetPasswordBodySchema), async (c) => {
      const result = await resetPassword(deps, c.req.valid('json'));
      return ok(c, result, 200, RESET_MESSAGES.done);
    })
    .post('/verify-email', valid('json', verifyEmailBodySchema), async (c) => {
      return ok(c, await verifyEmail(deps, c.req.valid('json').token), 200, VERIFY_MESSAGES.done);
    })
    .post('/resend-verification', async (c) => {
      const result = await resendVerification(deps, requireUser(c).id, linkOrigin(c, deps.config));
      return ok(c, result, 200, result.sent ? VERIFY_MESSAGES.sent : VERIFY_MESSAGES.alreadyVerified);
    })
    .get('/me', (c) => ok(c, { user: toUser(requireUser(c)) }, 200))
    .post('/change-password', signedIn, valid('json', changePasswordBodySchema), async (c) => {
      const user = requireUser(c);
      const token = c.get('token');
      if (!token) throw unauthorized();
      const result = await changePassword(deps, user, token, c.req.valid('json'), clientAddress(c, deps.config));
      return ok(c, result, 200, RULE_MESSAGES.passwordChanged);
    })
    .get('/account/sheets', async (c) => {
      const user = requireUser(c);
      return ok(c, { sheets: await listOwnSheets(deps, user) }, 200);
    })
    .post('/delete-account', signedIn, valid('json', deleteAccountBodySchema), async (c) => {
      const user = requireUser(c);
      const result = await deleteAccount(deps, user, c.req.valid('json'), clientAddress(c, deps.config));
      return ok(c, result, 200, RULE_MESSAGES.accountDeleted);
    });
}
