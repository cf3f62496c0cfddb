/** The access matrix's rules for groups: members only (404 for anyone else, a removed member too). */
import { GROUP_MESSAGES } from '../../shared/rules/groups';
import { GR, unique, type Actor, type GroupRes, type SheetRes } from './matrix-world';
import { CREATOR, KEEPS, one, personal, spare, status, type CellContext, type Expectation, type RoutePolicy } from './matrix-cells';

const group = (ctx: CellContext) => ctx.resource as GroupRes;
const inGroup = (a: Actor) => a === 'creator' || a === 'collaborator' || a === 'follower';
const groupAct =
  (allowed: readonly Actor[], code = 200, denied?: string) =>
  (a: Actor): Expectation => {
    if (a === 'anonymous') return status(401);
    if (!inGroup(a)) return status(404, GROUP_MESSAGES.notFound);
    return allowed.includes(a) ? status(code) : status(403, denied);
  };
const GROUP_STAFF = ['creator', 'collaborator'] as const;
const GROUP_ALL = ['creator', 'collaborator', 'follower'] as const;

export const GROUP_POLICIES: RoutePolicy[] = [
  { method: 'GET', path: GR, cases: one('own groups', ['self'], personal(), () => ({ path: GR })) },
  { method: 'POST', path: GR, cases: one('create a group', ['self'], personal(201), async (ctx) => ({ path: GR, token: await spare(ctx), body: { name: unique('New group') } })) },
  { method: 'GET', path: `${GR}/:id`, cases: one('read a group', ['group'], groupAct(GROUP_ALL), (ctx) => ({ path: `${GR}/${group(ctx).id}` })) },
  {
    method: 'PATCH',
    path: `${GR}/:id`,
    cases: one('change settings', ['group'], groupAct(CREATOR, 200, GROUP_MESSAGES.ownerOnly), (ctx) => ({ path: `${GR}/${group(ctx).id}`, body: { description: 'Changed', renewCode: true } })),
  },
  { method: 'DELETE', path: `${GR}/:id`, cases: one('delete a group', ['group'], groupAct(CREATOR, 200, GROUP_MESSAGES.ownerOnly), (ctx) => ({ path: `${GR}/${group(ctx).id}` })) },
  // /groups/join/:code, /:id/invites, /:id/assignments and /:id/accept, declared as one route (api/routes/groups.ts).
  {
    method: 'POST',
    path: `${GR}/:id/:action`,
    cases: [
      // A join link lets anyone signed in in (a removed member too, until the owner renews the code): each
      // cell joins a group of its own, whose name is no secret from whoever holds its link.
      ...one('join by link', ['group'], (a) => (a === 'anonymous' ? status(401) : status(200)), async (ctx) => ({ path: `${GR}/join/${(await ctx.world.group(false)).inviteCode}` }), KEEPS),
      ...one('join by a made-up code', ['open'], (a) => (a === 'anonymous' ? status(401) : status(404, GROUP_MESSAGES.joinLinkInvalid)), () => ({ path: `${GR}/join/${'Z'.repeat(12)}` })),
      ...one('invite', ['group'], groupAct(GROUP_STAFF, 201, GROUP_MESSAGES.staffOnly), (ctx) => ({ path: `${GR}/${group(ctx).id}/invites`, body: { email: `${unique('invitee')}@example.com` } })),
      ...one('assign', ['group'], groupAct(GROUP_STAFF, 201, GROUP_MESSAGES.staffOnly), (ctx) => ({
        path: `${GR}/${group(ctx).id}/assignments`,
        body: { sheetId: (ctx.world.shared.publicSheet as SheetRes).id, dueAt: '2031-02-01T00:00:00Z' },
      })),
      ...one('accept (no invite)', ['group'], (a) => (a === 'anonymous' ? status(401) : status(404, GROUP_MESSAGES.noInvite)), (ctx) => ({ path: `${GR}/${group(ctx).id}/accept` })),
    ],
  },
  { method: 'DELETE', path: `${GR}/:id/invite`, cases: one('decline (no invite)', ['group'], (a) => (a === 'anonymous' ? status(401) : status(404, GROUP_MESSAGES.noInvite)), (ctx) => ({ path: `${GR}/${group(ctx).id}/invite` })) },
  {
    method: 'PATCH',
    path: `${GR}/:id/members/:userId`,
    cases: one('make the member a mentor', ['group'], groupAct(CREATOR, 200, GROUP_MESSAGES.ownerOnly), (ctx) => ({ path: `${GR}/${group(ctx).id}/members/${group(ctx).memberId}`, body: { role: 'mentor' } })),
  },
  {
    method: 'DELETE',
    path: `${GR}/:id/members/:userId`,
    // The owner removes the member, the member leaves; a mentor may do neither.
    cases: one('remove the member', ['group'], groupAct(['creator', 'follower'], 200, GROUP_MESSAGES.ownerOnly), (ctx) => ({ path: `${GR}/${group(ctx).id}/members/${group(ctx).memberId}` })),
  },
  { method: 'GET', path: `${GR}/:id/assignments`, cases: one('assignments', ['group'], groupAct(GROUP_ALL), (ctx) => ({ path: `${GR}/${group(ctx).id}/assignments` })) },
  {
    method: 'DELETE',
    path: `${GR}/:id/assignments/:assignmentId`,
    cases: one('delete an assignment', ['group'], groupAct(GROUP_STAFF, 200, GROUP_MESSAGES.staffOnly), (ctx) => ({ path: `${GR}/${group(ctx).id}/assignments/${group(ctx).assignmentId}` })),
  },
  {
    method: 'GET',
    path: `${GR}/:id/assignments/:assignmentId/grid`,
    cases: one('class grid', ['group'], groupAct(GROUP_ALL), (ctx) => ({ path: `${GR}/${group(ctx).id}/assignments/${group(ctx).assignmentId}/grid` })),
  },
  { method: 'GET', path: `${GR}/:id/leaderboard`, cases: one('group leaderboard', ['group'], groupAct(GROUP_ALL), (ctx) => ({ path: `${GR}/${group(ctx).id}/leaderboard?period=week` })) },
];
