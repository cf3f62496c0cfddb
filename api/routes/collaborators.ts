import { Hono } from 'hono';
import { inviteBodySchema } from '../../shared/schemas/sharing';
import type { AppEnv, Deps } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { leaveSheet, listInvites, removeCollaborator, sendInvite } from '../services/sharing';

/** /question-tracker/v2/sheet/collaborators: who shares a sheet, and invites. */
export function collaboratorRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .post('/send-collaboration-invite/:sheetId', valid('json', inviteBodySchema), async (c) => {
      const invite = await sendInvite(db, c.req.param('sheetId'), c.get('user'), c.req.valid('json').email);
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
    });
}
