import { Hono } from 'hono';
import { JUDGE_ACCOUNT_MESSAGES as M } from '../../shared/rules/judge-accounts';
import { accountVisibilityBodySchema, judgeAccountParamSchema, linkAccountBodySchema } from '../../shared/schemas/judge-account';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { linkAccount, listAccounts, requestRefresh, setAccountPublic, unlinkAccount } from '../services/judge-accounts';

/** /question-tracker/v1/user/accounts: the caller's handles on judges. */
export function judgeAccountRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    // Signed in first: an anonymous caller is told to sign in, whatever its body.
    .use(async (c, next) => {
      requireUser(c);
      await next();
    })
    .get('/', async (c) => ok(c, await listAccounts(deps, requireUser(c).id), 200))
    .put('/:platform', valid('param', judgeAccountParamSchema), valid('json', linkAccountBodySchema), async (c) => {
      const account = await linkAccount(deps, requireUser(c).id, c.req.valid('param').platform, c.req.valid('json'));
      return ok(c, { account }, 200, M.linked);
    })
    .patch('/:platform', valid('param', judgeAccountParamSchema), valid('json', accountVisibilityBodySchema), async (c) => {
      const account = await setAccountPublic(deps, requireUser(c).id, c.req.valid('param').platform, c.req.valid('json').public);
      return ok(c, { account }, 200);
    })
    .delete('/:platform', valid('param', judgeAccountParamSchema), async (c) => {
      await unlinkAccount(deps, requireUser(c).id, c.req.valid('param').platform);
      return ok(c, null, 200, M.unlinked);
    })
    .post('/:platform/refresh', valid('param', judgeAccountParamSchema), async (c) => {
      const account = await requestRefresh(deps, requireUser(c).id, c.req.valid('param').platform);
      return ok(c, { account }, 200, M.refreshQueued);
    });
}
