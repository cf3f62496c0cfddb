import { Hono, type Context } from 'hono';
import { GROUP_MESSAGES as M } from '../../shared/rules/groups';
import {
  createAssignmentBodySchema,
  createGroupBodySchema,
  groupInviteBodySchema,
  groupLeaderboardQuerySchema,
  groupListQuerySchema,
  updateGroupBodySchema,
  updateMemberBodySchema,
  type MyGroups,
} from '../../shared/schemas/group';
import type { z } from 'zod';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { badRequest, notFound } from '../lib/errors';
import { linkOrigin } from '../lib/public-url';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { requireVerifiedAddress } from '../services/email-verification';
import { assignmentGrid, assignmentsHolding, createAssignment, deleteAssignment, groupLeaderboard, listAssignments, myAssignments } from '../services/group-assignments';
import {
  acceptInvite,
  createGroup,
  declineInvite,
  deleteGroup,
  groupDetail,
  inviteToGroup,
  joinByCode,
  listGroups,
  removeMember,
  updateGroup,
  updateMember,
} from '../services/groups';

/** A body for one of the actions that share POST /:id/:action, checked against that action's schema. */
async function bodyOf<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue?.message && !issue.message.startsWith('Invalid input') ? issue.message : `Invalid ${issue?.path.join('.') || 'json'}`);
  }
  return parsed.data;
}

/**
 * /question-tracker/v1/groups: groups, their members, invites, assignments, class grids and leaderboards.
 * Anyone not in a group gets the 404 of a missing one (services/groups.membershipOf).
 */
export function groupRoutes(deps: Deps) {
  const { db, clock } = deps;
  return (
    new Hono<AppEnv>()
      // Signed in first: an anonymous caller is told to sign in, whatever its body.
      .use(async (c, next) => {
        requireUser(c);
        await next();
      })
      .get('/', valid('query', groupListQuerySchema), async (c) => {
        const user = requireUser(c);
        const { problem } = c.req.valid('query');
        // A problem page's popup asks only what is due on that problem: groups and invites are not read.
        if (problem !== undefined) return ok(c, { groups: [], invites: [], assignments: await assignmentsHolding(db, clock, user, problem) } satisfies MyGroups, 200);
        const [lists, assignments] = await Promise.all([listGroups(db, user), myAssignments(db, clock, user)]);
        return ok(c, { ...lists, assignments } satisfies MyGroups, 200);
      })
      .post('/', valid('json', createGroupBodySchema), async (c) => ok(c, { group: await createGroup(db, requireUser(c), c.req.valid('json')) }, 201, M.created))
      .get('/:id', async (c) => ok(c, await groupDetail(db, requireUser(c), c.req.param('id')), 200))
      .patch('/:id', valid('json', updateGroupBodySchema), async (c) => ok(c, { group: await updateGroup(db, clock, requireUser(c), c.req.param('id'), c.req.valid('json')) }, 200, M.updated))
      .delete('/:id', async (c) => {
        await deleteGroup(db, requireUser(c), c.req.param('id'));
        return ok(c, null, 200, M.deleted);
      })
      // POST /join/:code, /:id/invites, /:id/assignments and /:id/accept share one route: the router
      // compiles every route into one expression and cannot hold 'join' beside ':id' (see api/app.ts).
      .post('/:id/:action', async (c) => {
        const user = requireUser(c);
        const { id, action } = c.req.param();
        if (id === 'join') {
          const { group, joined } = await joinByCode(db, user, action);
          return ok(c, { group }, 200, joined ? M.joined : M.alreadyMember);
        }
        switch (action) {
          case 'invites': {
            const body = await bodyOf(c, groupInviteBodySchema);
            const invite = await inviteToGroup(deps, user, id, body.email, linkOrigin(c, deps.config));
            return ok(c, { invite }, 201, M.inviteSent);
          }
          case 'assignments': {
            const body = await bodyOf(c, createAssignmentBodySchema);
            return ok(c, { assignment: await createAssignment(db, user, id, body) }, 201, M.assigned);
          }
          case 'accept': {
            // The invite is proven by the address: only a verified one may take it up (as for sheets).
            await requireVerifiedAddress(deps, user.id);
            return ok(c, { group: await acceptInvite(db, user, id) }, 200, M.joined);
          }
          default:
            throw notFound(M.unknownAction);
        }
      })
      .delete('/:id/invite', async (c) => {
        await declineInvite(db, requireUser(c), c.req.param('id'));
        return ok(c, null, 200, M.inviteDeclined);
      })
      .patch('/:id/members/:userId', valid('json', updateMemberBodySchema), async (c) => {
        const { message } = await updateMember(db, requireUser(c), c.req.param('id'), c.req.param('userId'), c.req.valid('json'));
        return ok(c, await groupDetail(db, requireUser(c), c.req.param('id')), 200, message);
      })
      .delete('/:id/members/:userId', async (c) => {
        const outcome = await removeMember(db, requireUser(c), c.req.param('id'), c.req.param('userId'));
        return ok(c, null, 200, outcome === 'left' ? M.left : M.removed);
      })
      .get('/:id/assignments', async (c) => ok(c, { assignments: await listAssignments(db, requireUser(c), c.req.param('id')) }, 200))
      .delete('/:id/assignments/:assignmentId', async (c) => {
        await deleteAssignment(db, requireUser(c), c.req.param('id'), c.req.param('assignmentId'));
        return ok(c, null, 200, M.assignmentDeleted);
      })
      .get('/:id/assignments/:assignmentId/grid', async (c) => ok(c, await assignmentGrid(deps, requireUser(c), c.req.param('id'), c.req.param('assignmentId')), 200))
      .get('/:id/leaderboard', valid('query', groupLeaderboardQuerySchema), async (c) =>
        ok(c, await groupLeaderboard(db, clock, requireUser(c), c.req.param('id'), c.req.valid('query').period), 200),
      )
  );
}
