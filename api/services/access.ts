import { eq, sql } from 'drizzle-orm';
import { SHEET_MESSAGES } from '../../shared/rules/sheet';
import { isUuid } from '../../shared/schemas/note';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { collaborators, sheetFollows, sheets, users } from '../db/schema';
import { AppError, notFound, unauthorized } from '../lib/errors';
import type { UserRow } from './auth';
import { retiredOwner } from './retired-names';

export type SheetRow = typeof sheets.$inferSelect;
type SheetRole = 'author' | 'collaborator' | 'follower' | 'visitor';

/** The creator's details a sheet shows (the email only to members, see toSheet). */
interface SheetAuthor {
  email: string;
  firstName: string;
  secondName: string;
  profileName: string;
  imageUrl: string;
}

export interface SheetAccess {
  sheet: SheetRow;
  author: SheetAuthor;
  role: SheetRole;
  isFollowing: boolean;
  /** Author or collaborator: may edit structure and questions. */
  canEdit: boolean;
  /** May see the questions (premium sheets need the entitlement unless the viewer is a member). */
  canSeeQuestions: boolean;
  /** The viewer's records version, read with the sheet (0 when signed out): keys the cached progress. */
  recordsVersion: number;
}


/** No user: the relation subqueries then find nothing. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

const accessQuery = (by: 'id' | 'slug') => (db: Db, name: string) =>
  db
    .select({
      sheet: sheets,
      author: { email: users.email, firstName: users.firstName, secondName: users.secondName, profileName: users.profileName, imageUrl: users.imageUrl },
      isCollaborator: sql<boolean>`exists (select 1 from ${collaborators} where ${collaborators.sheetId} = ${sheets.id} and ${collaborators.userId} = ${sql.placeholder('userId')})`.mapWith(Boolean),
      isFollowing: sql<boolean>`exists (select 1 from ${sheetFollows} where ${sheetFollows.sheetId} = ${sheets.id} and ${sheetFollows.userId} = ${sql.placeholder('userId')})`.mapWith(Boolean),
      recordsVersion: sql<number>`coalesce((select records_version from users where id = ${sql.placeholder('userId')}), 0)`.mapWith(Number),
    })
    .from(sheets)
    .innerJoin(users, eq(users.id, sheets.authorId))
    .where(by === 'id' ? eq(sheets.id, sql.placeholder('key')) : eq(sheets.slug, sql.placeholder('key')))
    .limit(1)
    .prepare(name);

/**
 * Who the user is to a sheet (spec §6), read in one prepared statement with the sheet and its creator. A
 * sheet the user may not see does not exist for them: private sheets of others answer 404 'No Sheet found', never 403.
 */
export async function sheetAccess(db: Db, where: { id: string } | { slug: string }, user: UserRow | null): Promise<SheetAccess> {
  if ('id' in where && !isUuid(where.id)) throw notFound(SHEET_MESSAGES.notFound);
  const by = 'id' in where ? 'id' : 'slug';
  const [row] = await prepared(db, `sheet_access_by_${by}`, accessQuery(by)).execute({
    key: 'id' in where ? where.id : where.slug,
    userId: user?.id ?? NOBODY,
  });
  if (!row) {
    // A slug the sheet used before still leads to it; the client then shows the current one.
    const formerOwner = 'slug' in where ? await retiredOwner(db, 'sheet-slug', where.slug) : null;
    if (formerOwner) return sheetAccess(db, { id: formerOwner }, user);
    throw notFound(SHEET_MESSAGES.notFound);
  }
  const { sheet, author, isCollaborator, isFollowing, recordsVersion } = row;

  let role: SheetRole = 'visitor';
  if (user) {
    if (sheet.authorId === user.id) role = 'author';
    else if (isCollaborator) role = 'collaborator';
    else if (isFollowing) role = 'follower';
  }
  const member = role === 'author' || role === 'collaborator';
  if (sheet.visibility === 'private' && !member) throw notFound(SHEET_MESSAGES.notFound);
  return {
    sheet,
    author,
    role,
    isFollowing,
    canEdit: member,
    canSeeQuestions: member || !sheet.premium || !!user?.purchaseStatus,
    recordsVersion,
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
