import { and, eq } from 'drizzle-orm';
import { SHARE_MESSAGES } from '../../shared/rules/sheet';
import { isUuid } from '../../shared/schemas/note';
import type { Invite } from '../../shared/schemas/sharing';
import type { Db } from '../db/client';
import { collaborators, invites, sheets, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError, conflict, isUniqueViolation, notFound } from '../lib/errors';
import { requireAuthor, requireEditor, requireSignedIn, sheetAccess } from './access';
import type { UserRow } from './auth';
import { lockNames, retireName } from './retired-names';

function toInvite(row: typeof invites.$inferSelect): Invite {
  return {
    _id: row.id,
    inviteeEmail: row.inviteeEmail,
    inviterEmail: row.inviterEmail,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sheet: row.sheetId,
  };
}

/** send-collaboration-invite: creator or collaborator invites an email; it becomes a pending invite. */
export async function sendInvite(db: Db, sheetId: string, user: UserRow | null, email: string): Promise<Invite> {
  const inviter = requireSignedIn(user);
  const access = await sheetAccess(db, { id: sheetId }, inviter);
  requireEditor(access, 'Only the creator and collaborators can invite people');
  const [author] = await db.select({ email: users.email }).from(users).where(eq(users.id, access.sheet.authorId));
  if (author?.email === email) throw conflict(SHARE_MESSAGES.ownerInvite);
  const [existing] = await db
    .select({ id: collaborators.id })
    .from(collaborators)
    .innerJoin(users, eq(users.id, collaborators.userId))
    .where(and(eq(collaborators.sheetId, sheetId), eq(users.email, email)));
  if (existing) throw conflict(SHARE_MESSAGES.alreadyCollaborator);
  try {
    const [row] = await db.insert(invites).values({ sheetId, inviteeEmail: email, inviterEmail: inviter.email }).returning();
    if (!row) throw new Error('invite insert returned nothing');
    return toInvite(row);
  } catch (err) {
    if (isUniqueViolation(err, 'invites_pending_uq')) throw conflict(SHARE_MESSAGES.alreadyInvited);
    throw err;
  }
}

/** Only pending invites are listed; members see them. */
export async function listInvites(db: Db, sheetId: string, user: UserRow | null): Promise<Invite[]> {
  const access = await sheetAccess(db, { id: sheetId }, requireSignedIn(user));
  requireEditor(access);
  const rows = await db
    .select()
    .from(invites)
    .where(and(eq(invites.sheetId, sheetId), eq(invites.status, 'pending')))
    .orderBy(invites.createdAt);
  return rows.map(toInvite);
}

export async function removeCollaborator(db: Db, sheetId: string, collaboratorId: string, user: UserRow | null): Promise<void> {
  const access = await sheetAccess(db, { id: sheetId }, requireSignedIn(user));
  requireAuthor(access, 'Only the creator of the sheet can remove collaborators');
  if (!isUuid(collaboratorId)) throw notFound('Collaborator not found');
  const gone = await db.delete(collaborators).where(and(eq(collaborators.id, collaboratorId), eq(collaborators.sheetId, sheetId))).returning();
  if (!gone.length) throw notFound('Collaborator not found');
}

/** remove-me: a collaborator leaves the sheet. */
export async function leaveSheet(db: Db, sheetId: string, user: UserRow | null): Promise<void> {
  const me = requireSignedIn(user);
  const access = await sheetAccess(db, { id: sheetId }, me);
  if (access.role !== 'collaborator') throw new AppError(403, 'Forbidden', 'Only collaborators can leave a sheet');
  await db.delete(collaborators).where(and(eq(collaborators.sheetId, sheetId), eq(collaborators.userId, me.id)));
}

export async function setVisibility(db: Db, clock: Clock, sheetId: string, user: UserRow | null, visibility: 'public' | 'private') {
  const access = await sheetAccess(db, { id: sheetId }, requireSignedIn(user));
  requireAuthor(access, 'Only the creator of the sheet can change who can see it');
  // Already so: nothing to write, and the last-edited date stays.
  if (access.sheet.visibility === visibility) return;
  await db.update(sheets).set({ visibility, updatedAt: clock.now() }).where(eq(sheets.id, sheetId));
}

export async function updateSlug(db: Db, clock: Clock, sheetId: string, user: UserRow | null, slug: string): Promise<string> {
  const access = await sheetAccess(db, { id: sheetId }, requireSignedIn(user));
  requireAuthor(access, 'Only the creator of the sheet can change its URL');
  if (slug === access.sheet.slug) return slug;
  const from = access.sheet.slug;
  try {
    // Shared links keep working: the old slug leads to the sheet and stays reserved for it.
    await db.transaction(async (tx) => {
      await lockNames(tx, 'sheet-slug', from, slug);
      await tx.update(sheets).set({ slug, updatedAt: clock.now() }).where(eq(sheets.id, sheetId));
      await retireName(tx, 'sheet-slug', sheetId, from, slug);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'sheets_slug_unique')) throw conflict(SHARE_MESSAGES.slugTaken);
    throw err;
  }
  return slug;
}

export async function deleteSheet(db: Db, sheetId: string, user: UserRow | null): Promise<void> {
  const access = await sheetAccess(db, { id: sheetId }, requireSignedIn(user));
  requireAuthor(access, 'Only the creator of the sheet can delete it');
  // Mappings, follows, collaborators and invites go with it (foreign keys cascade).
  await db.delete(sheets).where(eq(sheets.id, sheetId));
}
