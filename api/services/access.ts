import { and, eq, type SQL } from 'drizzle-orm';
import { SHEET_MESSAGES } from '../../shared/rules/sheet';
import type { Db } from '../db/client';
import { collaborators, sheetFollows, sheets } from '../db/schema';
import { AppError, notFound, unauthorized } from '../lib/errors';
import type { UserRow } from './auth';

export type SheetRow = typeof sheets.$inferSelect;
export type SheetRole = 'author' | 'collaborator' | 'follower' | 'visitor';

export interface SheetAccess {
  sheet: SheetRow;
  role: SheetRole;
  isFollowing: boolean;
  /** Author or collaborator: may edit structure and questions. */
  canEdit: boolean;
  /** May see the questions (premium sheets need the entitlement unless the viewer is a member). */
  canSeeQuestions: boolean;
}

/**
 * Who the user is to a sheet (spec §6). A sheet the user may not see does not exist for them:
 * private sheets of others answer 404 'No Sheet found', never 403.
 */
export async function sheetAccess(db: Db, where: { id: string } | { slug: string }, user: UserRow | null): Promise<SheetAccess> {
  const condition: SQL = 'id' in where ? eq(sheets.id, where.id) : eq(sheets.slug, where.slug);
  if ('id' in where && !/^[0-9a-f-]{36}$/i.test(where.id)) throw notFound(SHEET_MESSAGES.notFound);
  const [sheet] = await db.select().from(sheets).where(condition);
  if (!sheet) throw notFound(SHEET_MESSAGES.notFound);

  let role: SheetRole = 'visitor';
  let isFollowing = false;
  if (user) {
    if (sheet.authorId === user.id) role = 'author';
    else {
      const [collab] = await db
        .select({ id: collaborators.id })
        .from(collaborators)
        .where(and(eq(collaborators.sheetId, sheet.id), eq(collaborators.userId, user.id)));
      if (collab) role = 'collaborator';
    }
    const [follow] = await db
      .select({ userId: sheetFollows.userId })
      .from(sheetFollows)
      .where(and(eq(sheetFollows.sheetId, sheet.id), eq(sheetFollows.userId, user.id)));
    isFollowing = !!follow;
    if (role === 'visitor' && isFollowing) role = 'follower';
  }
  const member = role === 'author' || role === 'collaborator';
  if (sheet.visibility === 'private' && !member) throw notFound(SHEET_MESSAGES.notFound);
  return {
    sheet,
    role,
    isFollowing,
    canEdit: member,
    canSeeQuestions: member || !sheet.premium || !!user?.purchaseStatus,
  };
}

export function requireSignedIn(user: UserRow | null): UserRow {
  if (!user) throw unauthorized();
  return user;
}

/** Structure edits: creator or collaborator. */
export function requireEditor(access: SheetAccess, message = 'Only the creator and collaborators can edit this sheet'): void {
  if (!access.canEdit) throw new AppError(403, 'Forbidden', message);
}

/** Settings, visibility, delete: the creator only. */
export function requireAuthor(access: SheetAccess, message = 'Only the creator of the sheet can do this'): void {
  if (access.role !== 'author') throw new AppError(403, 'Forbidden', message);
}

/** Tick, star and note from a sheet: following it, or being its creator or a collaborator. */
export function requireParticipant(access: SheetAccess): void {
  if (access.role === 'visitor') throw new AppError(403, 'Forbidden', SHEET_MESSAGES.followRequired);
}
