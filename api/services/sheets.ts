import { and, eq, sql } from 'drizzle-orm';
import { SHEET_MESSAGES, subTopicsOf } from '../../shared/rules/sheet';
import type { Sheet, SheetConfig } from '../../shared/schemas/sheet';
import { isUuid } from '../../shared/schemas/note';
import type { Db } from '../db/client';
import { batchedBy, byInputId, rowsInIdOrder, type BatchItem } from '../db/batches';
import { prepared } from '../db/prepared';
import { collaborators, mappings, sheetFollows, sheets, userQuestions, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../lib/errors';
import { accessFound, authorColumns, NO_PROGRESS, relationsTo, requireAuthor, rowVersion, requireSignedIn, sheetAccess, sheetHeadColumns, sheetRead, type Relation, type SheetAccess, type SheetAuthor, type SheetRead, type SheetRow } from './access';
import { configKey, keptConfig, listKey, progressKey, questionList, type SheetConfigs, type SheetLists } from './sheet-cache';
import type { UserRow } from './auth';
import { isRetiredForOthers } from './retired-names';

export const STALE_MESSAGE = 'This sheet was changed by someone else. Reload to see the latest version.';

interface SheetStats {
  totalQuestions: number;
  userSolved: number;
}

/**
 * The tree of a sheet whose questions the viewer may not see (a premium sheet without the entitlement):
 * its topic names and mapping ids are the content being sold, so such a viewer gets the card only.
 */
const hiddenConfig = (): SheetConfig => ({ topicOrder: [], subTopicOrder: {}, questionOrder: [] });

/** The wire shape of a sheet for one viewer (the author's email only for members, the tree only for those who may see the questions). */
function toSheet(access: Omit<SheetAccess, 'recordsVersion'>, user: UserRow | null, stats: SheetStats): Sheet {
  const { sheet, author } = access;
  return {
    _id: sheet.id,
    name: sheet.name,
    description: sheet.description,
    slug: sheet.slug,
    tag: sheet.tags,
    visibility: sheet.visibility,
    author: access.canEdit ? author.email : '',
    authorDetails: { firstName: author.firstName, secondName: author.secondName, profileName: author.profileName, imageUrl: author.imageUrl },
    link: sheet.link,
    updatedAt: sheet.updatedAt.toISOString(),
    followers: sheet.followers,
    totalQuestions: stats.totalQuestions,
    userSolved: stats.userSolved,
    purchaseStatus: !!user?.purchaseStatus,
    premium: sheet.premium,
    category: sheet.category,
    config: access.canSeeQuestions ? sheet.config : hiddenConfig(),
    version: sheet.version,
    isAuthor: access.role === 'author',
    isCollaborator: access.role === 'collaborator',
    isFollowing: access.isFollowing,
  };
}

/** The question count of a sheet whose questions the viewer may not see (a premium sheet without the entitlement). */
async function questionCount(db: Db, sheetId: string): Promise<SheetStats> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(mappings).where(eq(mappings.sheetId, sheetId));
  return { totalQuestions: row?.total ?? 0, userSolved: 0 };
}

/** What reading a sheet needs: the database and the sheets' question lists and configs kept by this app (Deps). */
export interface SheetReader {
  db: Db;
  sheetLists: SheetLists;
  sheetConfigs: SheetConfigs;
}

/**
 * get-sheet-data(-by-slug): the sheet, its mappings and the viewer's progress, in one answer. The
 * mappings come from the lists kept by content version (services/sheet-cache), so a viewer's first read
 * of a known sheet costs one statement (access and progress together); `list` is the mappings as encoded JSON.
 */
export async function getSheetData(deps: SheetReader, where: { id: string } | { slug: string }, user: UserRow | null) {
  return sheetData(deps, await sheetRead(deps.db, deps.sheetConfigs, where, user), user);
}

/** A sheet's answer from its read: the question list (kept in memory by content version) and the viewer's standing and progress. */
async function sheetData({ db, sheetLists }: SheetReader, read: SheetRead, user: UserRow | null) {
  const { access } = read;
  const list = access.canSeeQuestions ? await questionList(db, sheetLists, access) : null;
  const progress = list?.count ? read.progress : NO_PROGRESS;
  const stats = list ? { totalQuestions: list.count, userSolved: progress.solved.length } : await questionCount(db, access.sheet.id);
  return {
    sheet: toSheet(access, user, stats),
    list: list && { key: listKey(access.sheet), bytes: list.bytes },
    progress,
    access,
    /** The config the sheet shows, as kept with its JSON (none when the viewer may not see the tree). */
    config: access.canSeeQuestions ? read.config : null,
    /** Names the exact answer for this viewer: what the sheet row says, and the versions of the cached parts. */
    cacheKey: `${list ? listKey(access.sheet) : 'none'}|${user ? progressKey(access, user.id) : 'anonymous'}`,
  };
}

/** Locks the sheet row for the rest of the transaction, so concurrent edits apply one after another. */
export async function lockSheet(db: Db, sheetId: string): Promise<SheetRow> {
  const [row] = await db.select().from(sheets).where(eq(sheets.id, sheetId)).for('update');
  if (!row) throw notFound(SHEET_MESSAGES.notFound);
  return row;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether two configs order the same tree the same way (the order of the subtopic map's keys means nothing: jsonb does not keep it). */
function sameConfig(a: SheetConfig, b: SheetConfig): boolean {
  if (!sameList(a.topicOrder, b.topicOrder) || !sameList(a.questionOrder, b.questionOrder)) return false;
  const topics = Object.keys(a.subTopicOrder);
  return (
    topics.length === Object.keys(b.subTopicOrder).length &&
    topics.every((t) => Object.hasOwn(b.subTopicOrder, t) && sameList(subTopicsOf(a.subTopicOrder, t), subTopicsOf(b.subTopicOrder, t)))
  );
}

/** One config to write: the sheet, the version it replaces, the config (JSON) and the moment. */
interface ConfigInput {
  id: string;
  version: number;
  config: SheetConfig;
  now: string;
  /**
   * A reorder checked against a config this process holds: the row version it was held for, and the user
   * who must still be the sheet's author or a collaborator. Null when the caller read the row itself.
   */
  rowVersion: string | null;
  editor: string | null;
}

/** A written config: the row's new version, and the sheet's facts as the write left them (what a reorder answers). */
interface SavedConfig {
  id: string;
  version: number;
  updatedAt: Date;
  rowVersion: string;
  sheet: Omit<SheetRow, 'config'>;
  author: SheetAuthor;
  relation: Relation;
  /** The editor's ticks among the sheet's questions (0 without an editor). */
  solved: number;
}

/**
 * The version-checked write of configs, prepared once per database and form: `one` binds a single config's
 * values, `many` takes any number as one JSON parameter. A config whose version moved on, whose row is
 * not the one it was checked against, or whose editor may no longer edit, is not written, so it is not
 * answered. The written row comes back with its creator and the editor's relations and progress, so a
 * reorder's answer needs no read of its own.
 */
function configsStatement(db: Db, name: string, form: 'one' | 'many') {
  // The config travels as JSON text: a bound object is sent differently by the two drivers.
  const rows =
    form === 'many'
      ? sql`select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as x(id uuid, version integer, config jsonb, now timestamptz, "rowVersion" text, editor uuid)`
      : sql`select ${sql.placeholder('id')}::uuid as id, ${sql.placeholder('version')}::integer as version, ${sql.placeholder('config')}::jsonb as config, ${sql.placeholder('now')}::timestamptz as now, ${sql.placeholder('rowVersion')}::text as "rowVersion", ${sql.placeholder('editor')}::uuid as editor`;
  const input = db.$with('i', {}).as(rows);
  const editor = sql`i.editor`;
  const relation = relationsTo(editor);
  const author = Object.fromEntries(Object.entries(authorColumns).map(([k, column]) => [`author_${k}`, column])) as { [K in keyof SheetAuthor as `author_${K}`]: (typeof authorColumns)[K] };
  return db
    .with(input)
    .update(sheets)
    .set({ config: sql`i.config`, version: sql`${sheets.version} + 1`, updatedAt: sql`i.now` })
    .from(sql`i, ${users}`)
    .where(
      and(
        eq(sheets.id, sql`i.id`),
        eq(sheets.version, sql`i.version`),
        eq(users.id, sheets.authorId),
        sql`(i."rowVersion" is null or ${rowVersion} = i."rowVersion")`,
        sql`(i.editor is null or ${sheets.authorId} = i.editor or ${relation.isCollaborator})`,
      ),
    )
    .returning({
      ...sheetHeadColumns,
      rowVersion,
      ...author,
      ...relation,
      solved: sql<number>`(select count(*) from ${userQuestions} join ${mappings} on ${mappings.questionId} = ${userQuestions.questionId} and ${mappings.sheetId} = ${sheets.id}
        where ${userQuestions.userId} = ${editor} and ${userQuestions.checked})`.mapWith(Number),
    })
    .prepare(name);
}

async function writeConfigs(db: Db, inputs: ConfigInput[]): Promise<(SavedConfig | undefined)[]> {
  const [only] = inputs;
  if (!only) return [];
  const form = inputs.length === 1 ? 'one' : 'many';
  const name = `sheet_save_config_${form}`;
  const statement = prepared(db, name, (d) => configsStatement(d, name, form));
  const rows = form === 'one' ? await statement.execute({ ...only, config: JSON.stringify(only.config) }) : await statement.execute({ rows: rowsInIdOrder(inputs) });
  const saved = rows.map(({ rowVersion: written, isCollaborator, isFollowing, solved, author_email, author_firstName, author_secondName, author_profileName, author_imageUrl, ...sheet }): SavedConfig => ({
    id: sheet.id,
    version: sheet.version,
    updatedAt: sheet.updatedAt,
    rowVersion: written,
    sheet,
    author: { email: author_email, firstName: author_firstName, secondName: author_secondName, profileName: author_profileName, imageUrl: author_imageUrl },
    relation: { isCollaborator, isFollowing },
    solved,
  }));
  return byInputId(inputs, saved);
}

/** A config waiting to be written with others (see db/batches), one at a time per sheet. */
interface ConfigSave extends BatchItem {
  input: ConfigInput;
}

const configTogether = batchedBy((db: Db, saves: ConfigSave[]) => writeConfigs(db, saves.map((s) => s.input)));
const writeConfigTogether = (db: Db, input: ConfigInput) => configTogether(db, { key: input.id, shape: 'sheet_config', input });

/**
 * Writes a new config and bumps the version; refuses (409) when the edit was based on an older version.
 * A config equal to the current one writes nothing: an edit that changes nothing (an import without a
 * usable row, a reorder to the same order) must not make a collaborator's pending edit stale. An edit that
 * changed the tree outside the config (a question moved to another topic) says so by `treeChanged`, and
 * the version moves on all the same, so a second edit from the version it replaced is stale. The write
 * itself checks the version, so it is atomic without a lock (a structural edit holds one for its own reads).
 * Every change to a sheet's questions or tree goes through here, so the version names the config.
 * `together`, for an edit made outside any transaction (a reorder), writes it in one statement with the
 * configs that arrive meanwhile (db/batches); `db` is then the database itself.
 */
export async function saveConfig(
  db: Db,
  clock: Clock,
  sheet: Pick<SheetRow, 'id' | 'version' | 'updatedAt' | 'config'>,
  config: SheetConfig,
  basedOn?: number,
  together = false,
  treeChanged = false,
): Promise<Pick<SheetRow, 'version' | 'updatedAt'> & { rowVersion?: string }> {
  if (basedOn !== undefined && basedOn !== sheet.version) throw conflict(STALE_MESSAGE);
  if (!treeChanged && sameConfig(config, sheet.config)) return sheet;
  const input = { id: sheet.id, version: sheet.version, config, now: clock.now().toISOString(), rowVersion: null, editor: null };
  const row = together ? await writeConfigTogether(db, input) : (await writeConfigs(db, [input]))[0];
  if (!row) throw conflict(STALE_MESSAGE);
  return row;
}

/** Whether a new order lists every item of the current one, each once (and nothing else). */
function sameMembers(next: readonly string[], current: readonly string[]): boolean {
  const items = new Set(next);
  return next.length === current.length && items.size === next.length && current.every((x) => items.has(x));
}

const QUESTION_ORDER_MESSAGE = 'The question order must list every question of the sheet once';

/**
 * A new question order must list the sheet's questions, each once. The config's order is the sheet's
 * questions: adding or removing one writes both in one transaction (see saveConfig).
 */
export function checkQuestionOrder(next: readonly string[], current: SheetConfig): void {
  const problem = questionOrderProblem(next, current);
  if (problem) throw problem;
}

const questionOrderProblem = (next: readonly string[], current: SheetConfig): AppError | null => (sameMembers(next, current.questionOrder) ? null : badRequest(QUESTION_ORDER_MESSAGE));

/** What is wrong with a reorder, if anything: it may move things, never add or drop them (same questions, topics and subtopics). */
function reorderProblem(current: SheetConfig, next: SheetConfig): AppError | null {
  const questions = questionOrderProblem(next.questionOrder, current);
  if (questions) return questions;
  if (!sameMembers(next.topicOrder, current.topicOrder)) return badRequest('The topic order must list every topic of the sheet once');
  const moved = current.topicOrder.some((topic) => !sameMembers(subTopicsOf(next.subTopicOrder, topic), subTopicsOf(current.subTopicOrder, topic)));
  return moved ? new AppError(400, 'ValidationError', 'Cannot move subtopics between topics') : null;
}

export async function updateSheetDetails(deps: SheetReader & { clock: Clock }, sheetId: string, user: UserRow | null, change: { name?: string; description?: string; tag?: string[] }) {
  const { db, clock } = deps;
  const access = await sheetAccess(db, { id: sheetId }, requireSignedIn(user));
  requireAuthor(access);
  const { sheet } = access;
  const set = {
    ...(change.name !== undefined && change.name !== sheet.name ? { name: change.name } : {}),
    ...(change.description !== undefined && change.description !== sheet.description ? { description: change.description } : {}),
    ...(change.tag !== undefined && !sameList(change.tag, sheet.tags) ? { tags: change.tag } : {}),
  };
  // Saving what is already there is not an edit: the last-edited date stays.
  if (!Object.keys(set).length) return getSheetData(deps, { id: sheetId }, user);
  try {
    await db
      .update(sheets)
      .set({ ...set, updatedAt: clock.now() })
      .where(eq(sheets.id, sheetId));
  } catch (err) {
    if (isUniqueViolation(err, 'sheets_author_name_uq')) throw conflict(SHEET_MESSAGES.nameTaken);
    throw err;
  }
  return getSheetData(deps, { id: sheetId }, user);
}

/**
 * A reorder. When this process holds the sheet's config (the editor's read of the page, or their last
 * reorder, left it) and the new order fits it, the reorder is one statement: written only where the row is
 * still the one that config was held for, the version is the one the editor read, and the editor may still
 * edit; the write answers the sheet's facts. Otherwise, or when that write finds any of them changed, the
 * sheet is read first, and the read decides the answer (not found, forbidden, stale or invalid).
 */
export async function updateSheetConfig(deps: SheetReader & { clock: Clock }, sheetId: string, user: UserRow | null, config: SheetConfig, version: number) {
  const editor = requireSignedIn(user);
  const held = isUuid(sheetId) ? deps.sheetConfigs.get(configKey('id', sheetId)) : undefined;
  if (held && !reorderProblem(held.config, config) && !sameConfig(held.config, config)) {
    const now = deps.clock.now().toISOString();
    const saved = await writeConfigTogether(deps.db, { id: sheetId, version, config, now, rowVersion: held.rowVersion, editor: editor.id });
    if (saved) {
      keepWritten(deps.sheetConfigs, saved.sheet, saved.rowVersion, config);
      const access = accessFound({ ...saved.sheet, config }, saved.author, saved.relation, editor);
      return { sheet: toSheet(access, user, reorderStats(config, saved.solved)) };
    }
  }
  // The read a sheet answer starts with (the config comes from memory while the row is unchanged); the
  // write checks the version again, so nothing changes between this read and the write unnoticed.
  const read = await sheetRead(deps.db, deps.sheetConfigs, { id: sheetId }, editor);
  const { access } = read;
  if (!access.canEdit) throw new AppError(403, 'Forbidden', SHEET_MESSAGES.reorderForbidden);
  const { sheet } = access;
  if (version !== sheet.version) throw conflict(STALE_MESSAGE);
  const problem = reorderProblem(sheet.config, config);
  if (problem) throw problem;
  const { rowVersion: written, ...saved } = await saveConfig(deps.db, deps.clock, sheet, config, version, true);
  // The answer is the sheet as this write left it: the read above with the new order. The write's version
  // check says no edit came in between, and a reorder changes neither the questions nor anyone's progress.
  if (written) keepWritten(deps.sheetConfigs, sheet, written, config);
  return { sheet: toSheet({ ...access, sheet: { ...sheet, ...saved, config } }, user, reorderStats(config, read.progress.solved.length)) };
}

/**
 * A reorder's counts: the order's length is the sheet's question count (the order lists the sheet's
 * questions, see checkQuestionOrder), so a process that does not hold the sheet's question list does not
 * read it for a number.
 */
const reorderStats = (config: SheetConfig, solved: number): SheetStats => ({ totalQuestions: config.questionOrder.length, userSolved: config.questionOrder.length ? solved : 0 });

/**
 * The row a config write made holds that config: kept by that row version, the next read (the editor's,
 * by id or by slug) is not sent it again, and the editor's next reorder is one statement.
 */
function keepWritten(configs: SheetConfigs, sheet: Pick<SheetRow, 'id' | 'slug'>, written: string, config: SheetConfig): void {
  const kept = keptConfig(written, config);
  configs.set(configKey('id', sheet.id), kept);
  configs.set(configKey('slug', sheet.slug), kept);
}

/** Follow or unfollow a non-private sheet. */
export async function setFollowing(deps: SheetReader, sheetId: string, user: UserRow | null, follow: boolean) {
  const { db } = deps;
  const signedIn = requireSignedIn(user);
  const access = await sheetAccess(db, { id: sheetId }, signedIn);
  if (access.canEdit) throw badRequest('You already have access to this sheet');
  // The follower count moves with the follow row itself (a trigger, migration 0013).
  if (follow) await db.insert(sheetFollows).values({ sheetId, userId: signedIn.id }).onConflictDoNothing();
  else await db.delete(sheetFollows).where(and(eq(sheetFollows.sheetId, sheetId), eq(sheetFollows.userId, signedIn.id)));
  const data = await getSheetData(deps, { id: sheetId }, user);
  return data.sheet;
}

/** The collaborators of a sheet with their public details; isAuthor for the viewer. */
export async function listCollaborators(db: Db, sheetId: string, user: UserRow | null) {
  const access = await sheetAccess(db, { id: sheetId }, user);
  const rows = await db
    .select({ id: collaborators.id, email: users.email, firstName: users.firstName, secondName: users.secondName, profileName: users.profileName, imageUrl: users.imageUrl })
    .from(collaborators)
    .innerJoin(users, eq(users.id, collaborators.userId))
    .where(eq(collaborators.sheetId, sheetId))
    .orderBy(collaborators.createdAt);
  return {
    isAuthor: access.role === 'author',
    collaborators: rows.map((r) => ({
      _id: r.id,
      // Emails are shown to members only.
      user: access.canEdit ? r.email : '',
      userDetails: { firstName: r.firstName, secondName: r.secondName, profileName: r.profileName, imageUrl: r.imageUrl },
    })),
  };
}

export async function isSlugAvailable(db: Db, slug: string): Promise<boolean> {
  if (!/^[a-z0-9-]+$/.test(slug) || slug.length > 100) return false;
  const [row] = await db.select({ id: sheets.id }).from(sheets).where(eq(sheets.slug, slug));
  return !row && !(await isRetiredForOthers(db, 'sheet-slug', slug, null));
}

/** create-sheet: a new private sheet owned by the user; the name is unique per user, the slug globally. */
export async function createSheet(deps: SheetReader, user: UserRow | null, body: { name: string; description: string; slug: string; visibility: 'public' | 'private' }) {
  const { db } = deps;
  const author = requireSignedIn(user);
  try {
    const [row] = await db
      .insert(sheets)
      .values({ name: body.name, description: body.description, slug: body.slug, visibility: body.visibility, authorId: author.id })
      .returning({ id: sheets.id });
    if (!row) throw new Error('sheet insert returned nothing');
    return (await getSheetData(deps, { id: row.id }, author)).sheet;
  } catch (err) {
    if (isUniqueViolation(err, 'sheets_author_name_uq')) throw conflict(SHEET_MESSAGES.nameTaken);
    if (isUniqueViolation(err, 'sheets_slug_unique')) throw new AppError(409, 'Conflict', 'This sheet URL is already taken');
    throw err;
  }
}
