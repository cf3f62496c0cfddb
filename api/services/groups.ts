import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { DEFAULT_GROUP_TIME_ZONE, GROUP_LIMITS, GROUP_MESSAGES as M, memberName, type GroupRole } from '../../shared/rules/groups';
import type { CreateGroupBody, Group, GroupDetail, GroupMember, ReceivedGroupInvite, UpdateGroupBody, UpdateMemberBody } from '../../shared/schemas/group';
import { isUuid } from '../../shared/schemas/note';
import type { Db } from '../db/client';
import { groupInvites, groupMembers, groups, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../lib/errors';
import type { Mailer } from '../lib/mail';
import type { UserRow } from './auth';
import { mailInvite } from './invite-mail';
import type { ThrottleStore } from './login-throttle';

type GroupRow = typeof groups.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The caller's place in a group, read with the group. */
export interface Membership {
  group: GroupRow;
  role: GroupRole;
  hideFromLeaderboards: boolean;
}

const isStaff = (role: GroupRole) => role === 'owner' || role === 'mentor';

/** A join link's code: 72 random bits, URL-safe. */
const newCode = () => randomBytes(9).toString('base64url');

/**
 * The caller's membership of a group. Anyone who is not in it (signed in or not, a removed member, an
 * invitee) is told the group does not exist: 404, never 403, so ids reveal nothing.
 */
export async function membershipOf(db: Db | Tx, groupId: string, userId: string, lock = false): Promise<Membership> {
  if (!isUuid(groupId)) throw notFound(M.notFound);
  const query = db
    .select({ group: groups, role: groupMembers.role, hideFromLeaderboards: groupMembers.hideFromLeaderboards })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  const [row] = lock ? await query.for('update', { of: groups }) : await query;
  if (!row) throw notFound(M.notFound);
  return row;
}

export function requireStaff(m: Membership): void {
  if (!isStaff(m.role)) throw forbidden(M.staffOnly);
}

function requireOwner(m: Membership): void {
  if (m.role !== 'owner') throw forbidden(M.ownerOnly);
}

/**
 * Serialises the membership changes of one user (the 50-group limit) across processes; the group's own
 * limit is kept by locking its row. An advisory lock, so a user's ticks (which update their users row)
 * never wait behind it.
 */
async function lockUserGroups(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`groups-of:${userId}`}, 0))`);
}

async function requireRoomForUser(tx: Tx, userId: string): Promise<void> {
  await lockUserGroups(tx, userId);
  const [row] = await tx.select({ n: count() }).from(groupMembers).where(eq(groupMembers.userId, userId));
  if ((row?.n ?? 0) >= GROUP_LIMITS.groupsPerUser) throw badRequest(M.tooManyGroups);
}

async function requireRoomInGroup(tx: Tx, groupId: string): Promise<void> {
  const [row] = await tx.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  if ((row?.n ?? 0) >= GROUP_LIMITS.membersPerGroup) throw badRequest(M.groupFull);
}

async function memberCount(db: Db, groupId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  return row?.n ?? 0;
}

function toGroup(group: GroupRow, role: GroupRole, hideFromLeaderboards: boolean, members: number): Group {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    timeZone: group.timeZone,
    role,
    memberCount: members,
    inviteCode: isStaff(role) ? group.inviteCode : null,
    joinLinkEnabled: group.joinEnabled,
    hideFromLeaderboards,
    createdAt: group.createdAt.toISOString(),
  };
}

export async function createGroup(db: Db, user: UserRow, body: CreateGroupBody): Promise<Group> {
  return db.transaction(async (tx) => {
    await requireRoomForUser(tx, user.id);
    const [group] = await tx
      .insert(groups)
      .values({ name: body.name, description: body.description ?? '', timeZone: body.timeZone ?? DEFAULT_GROUP_TIME_ZONE, ownerId: user.id, inviteCode: newCode() })
      .returning();
    if (!group) throw new Error('insert returned nothing');
    await tx.insert(groupMembers).values({ groupId: group.id, userId: user.id, role: 'owner' });
    return toGroup(group, 'owner', false, 1);
  });
}

/** The caller's groups, newest membership first, and the invites waiting for their address. */
export async function listGroups(db: Db, user: UserRow): Promise<{ groups: Group[]; invites: ReceivedGroupInvite[] }> {
  const [mine, invites] = await Promise.all([
    db
      .select({
        group: groups,
        role: groupMembers.role,
        hide: groupMembers.hideFromLeaderboards,
        members: sql<number>`(select count(*) from ${groupMembers} m where m.group_id = ${groups.id})`.mapWith(Number),
      })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, user.id))
      .orderBy(sql`${groupMembers.joinedAt} desc`, groups.id),
    db
      .select({ groupId: groups.id, groupName: groups.name, createdAt: groupInvites.createdAt, first: users.firstName, second: users.secondName, profile: users.profileName })
      .from(groupInvites)
      .innerJoin(groups, eq(groups.id, groupInvites.groupId))
      .leftJoin(users, eq(users.id, groupInvites.invitedBy))
      .where(eq(groupInvites.email, user.email))
      .orderBy(asc(groupInvites.createdAt)),
  ]);
  return {
    groups: mine.map((r) => toGroup(r.group, r.role, r.hide, r.members)),
    invites: invites.map((i) => ({
      groupId: i.groupId,
      groupName: i.groupName,
      invitedBy: i.profile === null ? '' : memberName(i.first ?? '', i.second ?? '', i.profile),
      createdAt: i.createdAt.toISOString(),
    })),
  };
}

/** Members in the order every view shows them: by name, then by id (stable for equal names). */
export async function groupMembersOf(db: Db, groupId: string): Promise<(GroupMember & { hideFromLeaderboards: boolean })[]> {
  const rows = await db
    .select({
      userId: users.id,
      first: users.firstName,
      second: users.secondName,
      profileName: users.profileName,
      imageUrl: users.imageUrl,
      role: groupMembers.role,
      hide: groupMembers.hideFromLeaderboards,
      joinedAt: groupMembers.joinedAt,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId));
  const members = rows.map((r) => ({
    userId: r.userId,
    name: memberName(r.first, r.second, r.profileName),
    profileName: r.profileName,
    imageUrl: r.imageUrl,
    role: r.role,
    joinedAt: r.joinedAt.toISOString(),
    hideFromLeaderboards: r.hide,
  }));
  return members.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

export async function groupDetail(db: Db, user: UserRow, groupId: string): Promise<GroupDetail> {
  const m = await membershipOf(db, groupId, user.id);
  const members = await groupMembersOf(db, groupId);
  const invites = isStaff(m.role)
    ? (await db.select().from(groupInvites).where(eq(groupInvites.groupId, groupId)).orderBy(asc(groupInvites.createdAt))).map((i) => ({ email: i.email, createdAt: i.createdAt.toISOString() }))
    : [];
  return {
    group: toGroup(m.group, m.role, m.hideFromLeaderboards, members.length),
    // A member's leaderboard choice is their own: nobody else is told it.
    members: members.map((x) => ({ userId: x.userId, name: x.name, profileName: x.profileName, imageUrl: x.imageUrl, role: x.role, joinedAt: x.joinedAt })),
    invites,
  };
}

export async function updateGroup(db: Db, clock: Clock, user: UserRow, groupId: string, body: UpdateGroupBody): Promise<Group> {
  const m = await membershipOf(db, groupId, user.id);
  requireOwner(m);
  const [group] = await db
    .update(groups)
    .set({
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.timeZone !== undefined && { timeZone: body.timeZone }),
      ...(body.joinLinkEnabled !== undefined && { joinEnabled: body.joinLinkEnabled }),
      ...(body.renewCode && { inviteCode: newCode() }),
      updatedAt: clock.now(),
    })
    .where(eq(groups.id, groupId))
    .returning();
  if (!group) throw notFound(M.notFound);
  return toGroup(group, 'owner', m.hideFromLeaderboards, await memberCount(db, groupId));
}

export async function deleteGroup(db: Db, user: UserRow, groupId: string): Promise<void> {
  requireOwner(await membershipOf(db, groupId, user.id));
  await db.delete(groups).where(eq(groups.id, groupId));
}

/** Adds the user to the group within the limits; false when they were in it already. */
async function addMember(tx: Tx, groupId: string, userId: string): Promise<boolean> {
  // The group's row first, then the user's lock: every path that adds takes them in this order.
  const [locked] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
  if (!locked) throw notFound(M.notFound);
  const [already] = await tx.select({ role: groupMembers.role }).from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (already) return false;
  await requireRoomInGroup(tx, groupId);
  await requireRoomForUser(tx, userId);
  await tx.insert(groupMembers).values({ groupId, userId, role: 'member' });
  return true;
}

/** Joins by a join link's code; a code that is unknown or turned off is the same 404. */
export async function joinByCode(db: Db, user: UserRow, code: string): Promise<{ group: Group; joined: boolean }> {
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(code)) throw notFound(M.joinLinkInvalid);
  const joined = await db.transaction(async (tx) => {
    const [group] = await tx.select({ id: groups.id }).from(groups).where(and(eq(groups.inviteCode, code), eq(groups.joinEnabled, true)));
    if (!group) throw notFound(M.joinLinkInvalid);
    const added = await addMember(tx, group.id, user.id);
    // Joining answers an invite to the same group, if there was one.
    await tx.delete(groupInvites).where(and(eq(groupInvites.groupId, group.id), eq(groupInvites.email, user.email)));
    return { id: group.id, added };
  });
  const m = await membershipOf(db, joined.id, user.id);
  return { group: toGroup(m.group, m.role, m.hideFromLeaderboards, await memberCount(db, joined.id)), joined: joined.added };
}

export interface InviteDeps {
  db: Db;
  clock: Clock;
  throttle: ThrottleStore;
  mailer: Mailer;
}

/** Invites an address (owner and mentors); the invitee sees it under Groups and, with e-mail set up, by mail. */
export async function inviteToGroup(deps: InviteDeps, user: UserRow, groupId: string, email: string, origin: string): Promise<{ email: string; createdAt: string }> {
  const m = await membershipOf(deps.db, groupId, user.id);
  requireStaff(m);
  const [member] = await deps.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(groupMembers, and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, groupId)))
    .where(eq(users.email, email));
  if (member) throw conflict(M.inviteeIsMember);
  let row: typeof groupInvites.$inferSelect | undefined;
  try {
    [row] = await deps.db.insert(groupInvites).values({ groupId, email, invitedBy: user.id }).returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.alreadyInvited);
    throw err;
  }
  if (!row) throw new Error('insert returned nothing');
  await mailInvite(deps, 'group', { to: email, name: m.group.name }, user, origin);
  return { email: row.email, createdAt: row.createdAt.toISOString() };
}

/** Accepts the invite to a group waiting for the caller's address. */
export async function acceptInvite(db: Db, user: UserRow, groupId: string): Promise<Group> {
  if (!isUuid(groupId)) throw notFound(M.noInvite);
  await db.transaction(async (tx) => {
    const [invite] = await tx.select().from(groupInvites).where(and(eq(groupInvites.groupId, groupId), eq(groupInvites.email, user.email)));
    if (!invite) throw notFound(M.noInvite);
    await addMember(tx, groupId, user.id);
    await tx.delete(groupInvites).where(and(eq(groupInvites.groupId, groupId), eq(groupInvites.email, user.email)));
  });
  const m = await membershipOf(db, groupId, user.id);
  return toGroup(m.group, m.role, m.hideFromLeaderboards, await memberCount(db, groupId));
}

export async function declineInvite(db: Db, user: UserRow, groupId: string): Promise<void> {
  if (!isUuid(groupId)) throw notFound(M.noInvite);
  const gone = await db.delete(groupInvites).where(and(eq(groupInvites.groupId, groupId), eq(groupInvites.email, user.email))).returning({ groupId: groupInvites.groupId });
  if (gone.length === 0) throw notFound(M.noInvite);
}

/** The owner removes someone, or a member leaves. The owner can do neither to themself. */
export async function removeMember(db: Db, user: UserRow, groupId: string, userId: string): Promise<'removed' | 'left'> {
  const m = await membershipOf(db, groupId, user.id);
  const self = userId === user.id;
  if (self && m.role === 'owner') throw badRequest(M.ownerCannotLeave);
  if (!self) requireOwner(m);
  if (!isUuid(userId)) throw notFound(M.memberNotFound);
  const gone = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), sql`${groupMembers.role} <> 'owner'`))
    .returning({ userId: groupMembers.userId });
  if (gone.length === 0) {
    const [owner] = await db.select({ id: groups.ownerId }).from(groups).where(eq(groups.id, groupId));
    throw owner?.id === userId ? badRequest(M.ownerCannotBeRemoved) : notFound(M.memberNotFound);
  }
  return self ? 'left' : 'removed';
}

/**
 * The owner makes a member a mentor or a member again, or hands the group over ('owner': they become a
 * mentor); a member hides or shows themself on the leaderboards.
 */
export async function updateMember(db: Db, user: UserRow, groupId: string, userId: string, body: UpdateMemberBody): Promise<{ message: string }> {
  const m = await membershipOf(db, groupId, user.id);
  const self = userId === user.id;
  if (body.hideFromLeaderboards !== undefined && !self) throw forbidden(M.hideOwnOnly);
  if (body.role !== undefined) {
    requireOwner(m);
    if (self) throw badRequest(M.ownRole);
  }
  if (!isUuid(userId)) throw notFound(M.memberNotFound);
  return db.transaction(async (tx) => {
    // Locked, so two hand-overs at once leave one owner.
    const current = await membershipOf(tx, groupId, user.id, true);
    const [target] = await tx.select({ role: groupMembers.role }).from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    if (!target) throw notFound(M.memberNotFound);
    if (body.hideFromLeaderboards !== undefined) {
      await tx.update(groupMembers).set({ hideFromLeaderboards: body.hideFromLeaderboards }).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    }
    if (body.role === undefined) return { message: M.updated };
    if (current.role !== 'owner') throw forbidden(M.ownerOnly);
    if (body.role === 'owner') {
      await tx.update(groupMembers).set({ role: 'mentor' }).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, user.id)));
      await tx.update(groupMembers).set({ role: 'owner' }).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
      await tx.update(groups).set({ ownerId: userId }).where(eq(groups.id, groupId));
      return { message: M.handedOver };
    }
    await tx.update(groupMembers).set({ role: body.role }).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    return { message: M.roleChanged };
  });
}

/** The groups a user is in, with their role (for the assignments' lists). */
export async function groupIdsOf(db: Db, userId: string): Promise<Map<string, { name: string; role: GroupRole }>> {
  const rows = await db
    .select({ id: groups.id, name: groups.name, role: groupMembers.role })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId));
  return new Map(rows.map((r) => [r.id, { name: r.name, role: r.role }]));
}

