import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../shared/schemas/note';
import type { Invite, InviteAnswer, ListCategory, MySheets, SheetCard } from '../../shared/schemas/sheet-list';
import type { Db } from '../db/client';
import { collaborators, invites, mappings, sheetFollows, sheets, userQuestions, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { notFound } from '../lib/errors';
import { requireSignedIn } from './access';
import type { UserRow } from './auth';

export const INVITE_NOT_FOUND = 'Invite not found';

/** Categories that filter by the sheet's own category; 'all' and 'custom' (search) do not. */
const FILTERING: readonly ListCategory[] = ['company-wise', 'popular', 'quickRevision', 'dsa', 'topicspecific', 'competitive'];

/**
 * "Popular" order: most followed first (the follows this instance has), ties in the curated sheets'
 * editorial rank, then the most recently edited. On a fresh instance the rank alone decides.
 */
export const POPULAR_ORDER = [desc(sheets.followers), sql`${sheets.rank} asc nulls last`, desc(sheets.updatedAt), sheets.name] as const;

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%" only. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Sheet cards for one viewer in a single query: question totals, the viewer's solved count, following
 * and collaborating come from correlated subqueries, never from a query per card.
 */
export async function listCards(db: Db, user: UserRow | null, where: SQL | undefined): Promise<SheetCard[]> {
  const uid = user?.id;
  const rows = await db
    .select({
      id: sheets.id,
      name: sheets.name,
      description: sheets.description,
      slug: sheets.slug,
      tags: sheets.tags,
      visibility: sheets.visibility,
      authorId: sheets.authorId,
      category: sheets.category,
      premium: sheets.premium,
      followers: sheets.followers,
      updatedAt: sheets.updatedAt,
      firstName: users.firstName,
      secondName: users.secondName,
      profileName: users.profileName,
      imageUrl: users.imageUrl,
      total: sql<number>`(select count(*)::int from ${mappings} m where m.sheet_id = ${sheets.id})`.mapWith(Number),
      solved: (uid
        ? sql`(select count(*)::int from ${mappings} m join ${userQuestions} uq on uq.question_id = m.question_id
              where m.sheet_id = ${sheets.id} and uq.user_id = ${uid} and uq.checked)`
        : sql`0`
      ).mapWith(Number),
      following: (uid ? sql`exists (select 1 from ${sheetFollows} f where f.sheet_id = ${sheets.id} and f.user_id = ${uid})` : sql`false`).mapWith(Boolean),
      collaborating: (uid ? sql`exists (select 1 from ${collaborators} c where c.sheet_id = ${sheets.id} and c.user_id = ${uid})` : sql`false`).mapWith(
        Boolean,
      ),
    })
    .from(sheets)
    .innerJoin(users, eq(users.id, sheets.authorId))
    .where(where)
    .orderBy(...POPULAR_ORDER);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    description: r.description,
    slug: r.slug,
    tag: r.tags,
    visibility: r.visibility,
    authorDetails: { firstName: r.firstName, secondName: r.secondName, profileName: r.profileName, imageUrl: r.imageUrl },
    category: r.category,
    premium: r.premium,
    followers: r.followers,
    totalQuestions: r.total,
    userSolved: r.solved,
    purchaseStatus: !!user?.purchaseStatus,
    updatedAt: r.updatedAt.toISOString(),
    isFollowing: r.following,
    isAuthor: !!uid && r.authorId === uid,
    isCollaborator: r.collaborating,
  }));
}

/** get-public-sheets: public, non-premium sheets in a category, optionally matching a search. */
export async function publicSheets(db: Db, user: UserRow | null, query: { category: ListCategory; search: string }): Promise<SheetCard[]> {
  const conditions: SQL[] = [eq(sheets.visibility, 'public'), eq(sheets.premium, false)];
  if (FILTERING.includes(query.category)) conditions.push(eq(sheets.category, query.category));
  if (query.search) {
    const pattern = likePattern(query.search);
    const matches = or(
      ilike(sheets.name, pattern),
      ilike(sheets.description, pattern),
      sql`exists (select 1 from unnest(${sheets.tags}) as t(tag) where t.tag ilike ${pattern})`,
    );
    if (matches) conditions.push(matches);
  }
  return listCards(db, user, and(...conditions));
}

/** premium/get-all-sheets: the company-wise sheets; their questions need the entitlement (see sheetAccess). */
export async function premiumSheets(db: Db, user: UserRow | null) {
  const cards = await listCards(db, user, and(eq(sheets.visibility, 'public'), eq(sheets.premium, true)));
  return { sheets: cards, purchaseStatus: !!user?.purchaseStatus };
}

type InviteRow = typeof invites.$inferSelect & { sheetName: string; sheetSlug: string; sheetDescription: string };

function toInvite(r: InviteRow): Invite {
  return {
    _id: r.id,
    inviteeEmail: r.inviteeEmail,
    inviterEmail: r.inviterEmail,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    sheet: { _id: r.sheetId, name: r.sheetName, slug: r.sheetSlug, description: r.sheetDescription },
  };
}

const inviteColumns = {
  id: invites.id,
  sheetId: invites.sheetId,
  inviteeEmail: invites.inviteeEmail,
  inviterEmail: invites.inviterEmail,
  status: invites.status,
  createdAt: invites.createdAt,
  updatedAt: invites.updatedAt,
  sheetName: sheets.name,
  sheetSlug: sheets.slug,
  sheetDescription: sheets.description,
};

const forInvitee = (user: UserRow) => sql`lower(${invites.inviteeEmail}) = ${user.email.toLowerCase()}`;

/** my-sheets: followed, created, shared with the user, and the user's pending invites. */
export async function mySheets(db: Db, user: UserRow | null): Promise<MySheets> {
  const u = requireSignedIn(user);
  const isMember = sql`(${sheets.authorId} = ${u.id} or exists (select 1 from ${collaborators} c where c.sheet_id = ${sheets.id} and c.user_id = ${u.id}))`;
  const followed = await listCards(
    db,
    u,
    and(
      sql`exists (select 1 from ${sheetFollows} f where f.sheet_id = ${sheets.id} and f.user_id = ${u.id})`,
      // A followed sheet that turned private is no longer visible; one the user now edits shows under its own list.
      eq(sheets.visibility, 'public'),
      sql`not ${isMember}`,
    ),
  );
  const custom = await listCards(db, u, eq(sheets.authorId, u.id));
  const shared = await listCards(db, u, sql`exists (select 1 from ${collaborators} c where c.sheet_id = ${sheets.id} and c.user_id = ${u.id})`);
  const pending = await db
    .select(inviteColumns)
    .from(invites)
    .innerJoin(sheets, eq(sheets.id, invites.sheetId))
    .where(and(forInvitee(u), eq(invites.status, 'pending')))
    .orderBy(desc(invites.createdAt));
  return { followed, custom, shared, invites: pending.map(toInvite) };
}

/**
 * Accepts or declines a pending invite addressed to the user's own email. Accepting adds the
 * collaborator and closes the invite in one transaction. Anyone else's invite, or one already
 * answered, does not exist for the user (404).
 */
export async function answerInvite(db: Db, clock: Clock, user: UserRow | null, inviteId: string, accept: boolean): Promise<InviteAnswer> {
  const u = requireSignedIn(user);
  if (!isUuid(inviteId)) throw notFound(INVITE_NOT_FOUND);
  const invite = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: invites.id, sheetId: invites.sheetId, authorId: sheets.authorId })
      .from(invites)
      .innerJoin(sheets, eq(sheets.id, invites.sheetId))
      .where(and(eq(invites.id, inviteId), eq(invites.status, 'pending'), forInvitee(u)))
      .for('update', { of: invites });
    if (!row) throw notFound(INVITE_NOT_FOUND);
    if (accept && row.authorId !== u.id) {
      await tx.insert(collaborators).values({ sheetId: row.sheetId, userId: u.id }).onConflictDoNothing();
    }
    await tx
      .update(invites)
      .set({ status: accept ? 'accepted' : 'declined', updatedAt: clock.now() })
      .where(eq(invites.id, row.id));
    const [updated] = await tx.select(inviteColumns).from(invites).innerJoin(sheets, eq(sheets.id, invites.sheetId)).where(eq(invites.id, row.id));
    if (!updated) throw notFound(INVITE_NOT_FOUND);
    return toInvite(updated);
  });
  const sheet = accept ? ((await listCards(db, u, eq(sheets.id, invite.sheet._id)))[0] ?? null) : null;
  return { invite, sheet };
}
