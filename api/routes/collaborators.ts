import { Hono } from 'hono';
import { inviteBodySchema } from '../../shared/schemas/sharing';
import { inviteParamSchema } from '../../shared/schemas/sheet-list';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { leaveSheet, listInvites, removeCollaborator, sendInvite } from '../services/sharing';
import { answerInvite } from '../services/sheet-lists';
import { mailSheetInvite } from '../services/invite-mail';
import { linkOrigin } from '../lib/public-url';
import { requireUser } from '../lib/session';
import { listCollaborators } from '../services/sheets';
import { requireVerifiedAddress } from '../services/email-verification';

/** /question-tracker/v2/sheet/collaborators: who shares a sheet, invites and their answers. */
export function collaboratorRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .get('/get-collaborators/:id', async (c) => {
      return ok(c, await listCollaborators(db, c.req.param('id'), c.get('user')), 200);
    })
    .post('/send-collaboration-invite/:sheetId', valid('json', inviteBodySchema), async (c) => {
      const invite = await sendInvite(db, c.req.param('sheetId'), c.get('user'), c.req.valid('json').email);
      await mailSheetInvite(deps, invite, requireUser(c), linkOrigin(c, deps.config));
      return ok(c, invite, 201, 'Collaborator invite sent');
    })
    .get('/get-sheet-collaborations-invites/:sheetId', async (c) => {
      return ok(c, await listInvites(db, c.req.param('sheetId'), c.get('user')), 200);
    })
    .delete('/remove-collaborator/:sheetId/:collaboratorId', async (c) => {
      await removeCollaborator(db, c.req.param('sheetId'), c.req.param('collaboratorId'), c.get('user'));
      return ok(c, null, 200, 'Collaborator removed');
    })
    .delete('/remove-me/:sheetId', async (c) => {
      await leaveSheet(db, c.req.param('sheetId'), c.get('user'));
      return ok(c, null, 200, 'You have left the sheet');
    })
    .patch('/accept-invite/:inviteId', valid('param', inviteParamSchema), async (c) => {
      await requireVerifiedAddress(deps, requireUser(c).id);
      return ok(c, await answerInvite(db, clock, c.get('user'), c.req.valid('param').inviteId, true), 200, 'Invite accepted');
    })
    .patch('/decline-invite/:inviteId', valid('param', inviteParamSchema), async (c) => {
      return ok(c, await answerInvite(db, clock, c.get('user'), c.req.valid('param').inviteId, false), 200, 'Invite declined');
    });
}
