import { and, eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { SHEET_MESSAGES } from '../../shared/rules/sheet';
import type { SheetConfig, SheetProgress } from '../../shared/schemas/sheet';
import { isUuid } from '../../shared/schemas/note';
import { parsedJson, type Db } from '../db/client';
import { prepared } from '../db/prepared';
import { collaborators, mappings, questions, sheetFollows, sheets, userQuestions, users } from '../db/schema';
import { AppError, notFound, unauthorized } from '../lib/errors';
import type { MemoryCaches, TaggedCache } from '../lib/memory-cache';
import type { UserRow } from './auth';
import { retiredOwner } from './retired-names';
import { configKey, keptConfig, listKey, type KeptConfig, type PlacedQuestion, type SheetConfigs, type SheetLists } from './sheet-cache';

export type SheetRow = typeof sheets.$inferSelect;
type SheetRole = 'author' | 'collaborator' | 'follower' | 'visitor';

/** The creator's details a sheet shows (the email only to members, see toSheet). */
export interface SheetAuthor {
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

/** The creator's columns, from `users` joined on the sheet's author. */
export const authorColumns = { email: users.email, firstName: users.firstName, secondName: users.secondName, profileName: users.profileName, imageUrl: users.imageUrl };

/** A user's relations to the sheet row in hand: `viewer` is a bound parameter, or a column of a batch's rows. */
export const relationsTo = (viewer: SQL | Placeholder) => ({
  isCollaborator: sql<boolean>`exists (select 1 from ${collaborators} where ${collaborators.sheetId} = ${sheets.id} and ${collaborators.userId} = ${viewer})`.mapWith(Boolean),
  isFollowing: sql<boolean>`exists (select 1 from ${sheetFollows} where ${sheetFollows.sheetId} = ${sheets.id} and ${sheetFollows.userId} = ${viewer})`.mapWith(Boolean),
});

const relationColumns = {
  sheet: sheets,
  author: authorColumns,
  ...relationsTo(sql.placeholder('userId')),
  recordsVersion: sql<number>`coalesce((select records_version from users where id = ${sql.placeholder('userId')}), 0)`.mapWith(Number),
};

/** The viewer's ticks and stars among the sheet's questions, as one JSON value (read with the sheet, see sheetRead). */
const progressColumn = sql<SheetProgress | string>`(select json_build_object(
    'solved', coalesce(json_agg(${userQuestions.questionId}) filter (where ${userQuestions.checked}), '[]'),
    'starred', coalesce(json_agg(${userQuestions.questionId}) filter (where ${userQuestions.starred}), '[]'))
  from ${userQuestions} join ${mappings} on ${mappings.questionId} = ${userQuestions.questionId} and ${mappings.sheetId} = ${sheets.id}
  where ${userQuestions.userId} = ${sql.placeholder('userId')})`;

const keyIs = (by: 'id' | 'slug') => (by === 'id' ? eq(sheets.id, sql.placeholder('key')) : eq(sheets.slug, sql.placeholder('key')));

const accessQuery = (by: 'id' | 'slug') => (db: Db, name: string) =>
  db.select(relationColumns).from(sheets).innerJoin(users, eq(users.id, sheets.authorId)).where(keyIs(by)).limit(1).prepare(name);

/** The sheet's columns but its config: a read that already knows the config (see KeptConfig) is not sent it again. */
export const sheetHeadColumns = (() => {
  const columns: Partial<typeof sheets._.columns> = { ...getTableColumns(sheets) };
  delete columns.config;
  return columns as Omit<typeof sheets._.columns, 'config'>;
})();

/**
 * Names one version of a sheet's row: a write makes a new row version with its own transaction id (xmin)
 * and place (ctid), and no two live versions share both.
 */
export const rowVersion = sql<string>`${sheets}.xmin::text || ${sheets}.ctid::text`;

const readQuery = (by: 'id' | 'slug') => (db: Db, name: string) =>
  db
    .select({
      ...relationColumns,
      sheet: sheetHeadColumns,
      rowVersion,
      // Null when the reader holds this row version's config already.
      config: sql<SheetConfig | string | null>`case when ${rowVersion} = ${sql.placeholder('knownRow')} then null else ${sheets.config} end`,
      progress: progressColumn,
    })
    .from(sheets)
    .innerJoin(users, eq(users.id, sheets.authorId))
    .where(keyIs(by))
    .limit(1)
    .prepare(name);

/**
 * Who the user is to a sheet (spec §6), read in one prepared statement with the sheet and its creator. A
 * sheet the user may not see does not exist for them: private sheets of others answer 404 'No Sheet found', never 403.
 */
export async function sheetAccess(db: Db, where: { id: string } | { slug: string }, user: UserRow | null): Promise<SheetAccess> {
  return (await resolveSheet(db, where, user, null)).access;
}

/**
 * A sheet read: the access with the viewer's progress among its questions, in the same statement (a
 * viewer's first read of a known sheet is then one round trip after the session's).
 */
export async function sheetRead(db: Db, configs: SheetConfigs, where: { id: string } | { slug: string }, user: UserRow | null): Promise<SheetRead> {
  const { access, progress, config } = await resolveSheet(db, where, user, configs);
  if (!config) throw new Error('a sheet read found no config');
  return { access, progress, config };
}

export interface SheetRead {
  access: SheetAccess;
  progress: SheetProgress;
  /** The sheet's config as kept for this row version (its bytes to splice into an answer). */
  config: KeptConfig;
}

/** No ticks and no stars: a signed-out viewer's, or anyone's where the questions are not shown. */
export const NO_PROGRESS: SheetProgress = Object.freeze({ solved: [], starred: [] });


/** The access alone, or (with the configs the reader keeps) the read with the viewer's progress. */
async function resolveSheet(db: Db, where: { id: string } | { slug: string }, user: UserRow | null, configs: SheetConfigs | null): Promise<{ access: SheetAccess; progress: SheetProgress; config?: KeptConfig }> {
  if ('id' in where && !isUuid(where.id)) throw notFound(SHEET_MESSAGES.notFound);
  const by = 'id' in where ? 'id' : 'slug';
  const params = { key: 'id' in where ? where.id : where.slug, userId: user?.id ?? NOBODY };
  let raw: SheetProgress | string | null = null;
  let kept: KeptConfig | undefined;
  let row;
  if (configs) {
    const heldAs = configKey(by, params.key);
    const held = configs.get(heldAs);
    const read = await prepared(db, `sheet_read_by_${by}`, readQuery(by)).execute({ ...params, knownRow: held?.rowVersion ?? '' });
    const found = read[0];
    if (found) {
      if (found.config === null && held) {
        kept = held;
      } else {
        kept = keptConfig(found.rowVersion, parsedJson(found.config as SheetConfig | string));
        configs.set(heldAs, kept);
      }
      // Held by id as well: the page reads by slug, and its edits (services/sheets' reorder) name the id.
      if (by === 'slug') configs.set(configKey('id', found.sheet.id), kept);
      row = { ...found, sheet: { ...found.sheet, config: kept.config } };
      raw = found.progress;
    }
  } else {
    [row] = await prepared(db, `sheet_access_by_${by}`, accessQuery(by)).execute(params);
  }
  if (!row) {
    // A slug the sheet used before still leads to it; the client then shows the current one.
    const formerOwner = 'slug' in where ? await retiredOwner(db, 'sheet-slug', where.slug) : null;
    if (formerOwner) return resolveSheet(db, { id: formerOwner }, user, configs);
    throw notFound(SHEET_MESSAGES.notFound);
  }
  const { sheet, author, isFollowing, recordsVersion } = row;
  const access: SheetAccess = { sheet, author, ...standingOf(sheet, row, user), isFollowing, recordsVersion };
  const progress = !user || !raw ? NO_PROGRESS : parsedJson(raw);
  return { access, progress, ...(kept && { config: kept }) };
}

type Standing = Pick<SheetAccess, 'role' | 'canEdit' | 'canSeeQuestions'>;

/**
 * The access of a user to a sheet as a write found it (services/sheets' reorder, which checks the editor's
 * right in its own statement): the same standing a read would give, without the read.
 */
export function accessFound(sheet: SheetRow, author: SheetAuthor, relation: Relation, user: UserRow): Omit<SheetAccess, 'recordsVersion'> {
  return { sheet, author, ...standingOf(sheet, relation, user), isFollowing: relation.isFollowing };
}

/**
 * What the viewer may do with a sheet (spec §6): the one place its role and rights are decided. A private
 * sheet of others is not found, never forbidden.
 */
function standingOf(
  sheet: Pick<SheetRow, 'authorId' | 'visibility' | 'premium'>,
  relation: { isCollaborator: boolean; isFollowing: boolean },
  user: UserRow | null,
): Standing {
  let role: SheetRole = 'visitor';
  if (user) {
    if (sheet.authorId === user.id) role = 'author';
    else if (relation.isCollaborator) role = 'collaborator';
    else if (relation.isFollowing) role = 'follower';
  }
  const member = role === 'author' || role === 'collaborator';
  if (sheet.visibility === 'private' && !member) throw notFound(SHEET_MESSAGES.notFound);
  return { role, canEdit: member, canSeeQuestions: member || !sheet.premium || !!user?.purchaseStatus };
}

/**
 * A tick or star from a sheet that this process cannot answer from memory reads the user's standing in it
 * and the mapping's question in one prepared statement, without the sheet's contents (its question order
 * alone is tens of kilobytes).
 */
const markTargetQuery = (db: Db, name: string) =>
  db
    .select({
      authorId: sheets.authorId,
      visibility: sheets.visibility,
      premium: sheets.premium,
      contentVersion: sheets.contentVersion,
      isCollaborator: relationColumns.isCollaborator,
      isFollowing: relationColumns.isFollowing,
      questionId: mappings.questionId,
      title: mappings.title,
      verified: questions.verified,
    })
    .from(sheets)
    .leftJoin(mappings, and(eq(mappings.id, sql.placeholder('mappingId')), eq(mappings.sheetId, sheets.id)))
    .leftJoin(questions, eq(questions.id, mappings.questionId))
    .where(eq(sheets.id, sql.placeholder('key')))
    .prepare(name);

export interface MarkTarget extends Standing {
  /** The mapping's question, null when the sheet has no such mapping. */
  question: PlacedQuestion | null;
}

/** Who a user is to a sheet besides its creator: what standingOf needs of them. */
export interface Relation {
  isCollaborator: boolean;
  isFollowing: boolean;
}

/** The four relations, shared: a kept standing holds one of these per viewer, not an object of its own. */
const RELATIONS: readonly Relation[] = [false, true].flatMap((isCollaborator) => [false, true].map((isFollowing) => Object.freeze({ isCollaborator, isFollowing })));
const relationOf = (isCollaborator: boolean, isFollowing: boolean) => RELATIONS[Number(isCollaborator) * 2 + Number(isFollowing)] as Relation;

/**
 * What decides the standings of a sheet's viewers, as their reads of it (or ticks in it) found it: the
 * sheet's own facts, the key of its question list, and each viewer's relation to it by user id. Kept per
 * sheet under its tag, so whatever could change a standing (the sheet row, its mappings and their
 * questions through its content version, its collaborators and followers) drops it; a viewer's
 * entitlement comes with their session, which a change to the user drops. A tick changes only the
 * viewer's records (`records:<id>`), so it keeps the standing.
 */
export interface KeptStandings {
  sheet: Pick<SheetRow, 'authorId' | 'visibility' | 'premium'>;
  listKey: string;
  relations: Map<string, Relation>;
}

/** What deciding a tick's target from memory needs (Deps has it all). */
export interface MarkDeps {
  db: Db;
  caches: MemoryCaches;
  kept: { standings: TaggedCache<KeptStandings> };
  sheetLists: SheetLists;
}

/** Keeps a viewer's relation to a sheet as read under `ticket`, with the sheet's facts of that read. */
function keepRelation(deps: Pick<MarkDeps, 'caches' | 'kept'>, ticket: number, sheetId: string, facts: KeptStandings['sheet'], list: string, userId: string, relation: Relation): void {
  const tags = [`sheet:${sheetId}`];
  // Checked first: the sheet's entry is shared, and a viewer read before a change must not join one made after it.
  if (!deps.caches.fresh(ticket, tags)) return;
  const held = deps.kept.standings.get(sheetId);
  const standings = held?.listKey === list ? held : { sheet: facts, listKey: list, relations: new Map<string, Relation>() };
  standings.relations.set(userId, relation);
  deps.kept.standings.set(ticket, sheetId, standings, tags);
}

/** Keeps what a signed-in viewer's read of a sheet found of their standing, read under `ticket` (see KeptStandings). */
export function keepStanding(deps: Pick<MarkDeps, 'caches' | 'kept'>, ticket: number, access: SheetAccess, user: UserRow | null): void {
  if (!user) return;
  const { sheet } = access;
  keepRelation(deps, ticket, sheet.id, { authorId: sheet.authorId, visibility: sheet.visibility, premium: sheet.premium }, listKey(sheet), user.id, relationOf(access.role === 'collaborator', access.isFollowing));
}

/**
 * The user's standing in a sheet and the question a mapping of it places. After the user's read of the
 * sheet (or a tick in it) this process answers from memory; otherwise one statement (markTargetQuery).
 */
export async function markTarget(deps: MarkDeps, sheetId: string, mappingId: string, user: UserRow): Promise<MarkTarget> {
  if (!isUuid(sheetId)) throw notFound(SHEET_MESSAGES.notFound);
  const held = deps.kept.standings.get(sheetId);
  const relation = held?.relations.get(user.id);
  const placed = held && relation && deps.sheetLists.get(held.listKey)?.placed;
  if (held && relation && placed) return { ...standingOf(held.sheet, relation, user), question: placed.get(mappingId) ?? null };
  const ticket = deps.caches.ticket();
  // An id that is no uuid names no mapping; it must not reach the database as one.
  const params = { key: sheetId, mappingId: isUuid(mappingId) ? mappingId : NOBODY, userId: user.id };
  const [row] = await prepared(deps.db, 'mark_target', markTargetQuery).execute(params);
  if (!row) throw notFound(SHEET_MESSAGES.notFound);
  const standing = standingOf(row, row, user);
  // Kept only with the list it names in memory: the next tick then needs no statement.
  const list = listKey({ id: sheetId, contentVersion: row.contentVersion });
  if (deps.sheetLists.has(list)) keepRelation(deps, ticket, sheetId, row, list, user.id, relationOf(row.isCollaborator, row.isFollowing));
  const question = row.questionId && row.verified !== null ? { id: row.questionId, verified: row.verified, title: row.title ?? '' } : null;
  return { ...standing, question };
}

export function requireSignedIn(user: UserRow | null): UserRow {
  if (!user) throw unauthorized();
  return user;
}

/** Structure edits: creator or collaborator. */
export function requireEditor(access: Pick<SheetAccess, 'canEdit'>, message = 'Only the creator and collaborators can edit this sheet'): void {
  if (!access.canEdit) throw new AppError(403, 'Forbidden', message);
}

/** Settings, visibility, delete: the creator only. */
export function requireAuthor(access: Pick<SheetAccess, 'role'>, message = 'Only the creator of the sheet can do this'): void {
  if (access.role !== 'author') throw new AppError(403, 'Forbidden', message);
}

/** Tick, star and note from a sheet: following it, or being its creator or a collaborator. */
export function requireParticipant(access: Pick<SheetAccess, 'role'>): void {
  if (access.role === 'visitor') throw new AppError(403, 'Forbidden', SHEET_MESSAGES.followRequired);
}
