import { and, asc, count, eq, inArray, ne, or } from 'drizzle-orm';
import { RULE_MESSAGES } from '../../shared/rules/account';
import type { AccountSheet, SheetChoice } from '../../shared/schemas/user';
import { collaborators, invites, mappings, sessions, sheetFollows, sheets, users } from '../db/schema';
import { badRequest, conflict, isUniqueViolation } from '../lib/errors';
import { accountThrottleKey, confirmPassword, hashToken, type AuthDeps, type UserRow } from './auth';

/**
 * Sets a new password after checking the current one. Every other session of the user ends in the
 * same transaction; the session making the change (its token) stays signed in.
 */
export async function changePassword(
  deps: AuthDeps,
  user: UserRow,
  currentToken: string,
  input: { currentPassword: string; newPassword: string },
  address: string | null,
): Promise<{ sessionsEnded: number }> {
  await confirmPassword(deps, user, input.currentPassword, address, RULE_MESSAGES.wrongCurrentPassword);
  if (input.newPassword === input.currentPassword) throw badRequest(RULE_MESSAGES.samePassword);
  const passwordHash = await deps.passwords.hash(input.newPassword);
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.clock.now() }).where(eq(users.id, user.id));
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, hashToken(currentToken))))
      .returning({ id: sessions.id });
    await deps.throttle.clear(accountThrottleKey(user.email), tx);
    return { sessionsEnded: ended.length };
  });
}

/** The sheets the user created, each with the collaborators it could be handed to. */
export async function listOwnSheets(deps: AuthDeps, user: UserRow): Promise<AccountSheet[]> {
  const own = await deps.db
    .select({ id: sheets.id, name: sheets.name, slug: sheets.slug, visibility: sheets.visibility, followers: sheets.followers })
    .from(sheets)
    .where(eq(sheets.authorId, user.id))
    .orderBy(asc(sheets.createdAt), asc(sheets.name));
  if (!own.length) return [];
  const ids = own.map((s) => s.id);
  const people = await deps.db
    .select({
      id: collaborators.id,
      sheetId: collaborators.sheetId,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      secondName: users.secondName,
      profileName: users.profileName,
    })
    .from(collaborators)
    .innerJoin(users, eq(users.id, collaborators.userId))
    .where(inArray(collaborators.sheetId, ids))
    .orderBy(asc(collaborators.createdAt));
  const totals = await deps.db
    .select({ sheetId: mappings.sheetId, n: count() })
    .from(mappings)
    .where(inArray(mappings.sheetId, ids))
    .groupBy(mappings.sheetId);
  const totalBySheet = new Map(totals.map((t) => [t.sheetId, t.n]));
  return own.map((s) => ({
    _id: s.id,
    name: s.name,
    slug: s.slug,
    visibility: s.visibility,
    followers: s.followers,
    totalQuestions: totalBySheet.get(s.id) ?? 0,
    collaborators: people
      .filter((p) => p.sheetId === s.id)
      .map((p) => ({ _id: p.id, userId: p.userId, email: p.email, firstName: p.firstName, secondName: p.secondName, profileName: p.profileName })),
  }));
}

/**
 * Deletes the account after checking the password. Every sheet the user created must have a choice:
 * deleted, or handed to one of its collaborators (who becomes the creator and stops being a
 * collaborator; mappings, followers and other collaborators stay). Then the user's own data goes.
 * One transaction: any refusal or failure leaves everything as it was.
 */
export async function deleteAccount(
  deps: AuthDeps,
  user: UserRow,
  input: { password: string; sheets: SheetChoice[] },
  address: string | null,
): Promise<{ deletedSheets: number; transferredSheets: number }> {
  await confirmPassword(deps, user, input.password, address, RULE_MESSAGES.wrongPassword);
  return deps.db.transaction(async (tx) => {
    // Holding the user row blocks a sheet being created meanwhile (its foreign key check needs this row), so the choices cover every sheet.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const own = await tx.select({ id: sheets.id }).from(sheets).where(eq(sheets.authorId, user.id)).for('update');
    const ownIds = new Set(own.map((s) => s.id));

    const chosen = new Map<string, SheetChoice>();
    for (const choice of input.sheets) {
      const id = choice.sheetId.toLowerCase();
      if (!ownIds.has(id)) throw badRequest(RULE_MESSAGES.sheetChoiceUnknown);
      if (chosen.has(id)) throw badRequest(RULE_MESSAGES.sheetChoiceTwice);
      chosen.set(id, choice);
    }
    if (chosen.size !== ownIds.size) throw badRequest(RULE_MESSAGES.sheetChoiceMissing);

    const toDelete: string[] = [];
    let transferred = 0;
    for (const [sheetId, choice] of chosen) {
      if (choice.action === 'delete') {
        toDelete.push(sheetId);
        continue;
      }
      const [collaborator] = await tx
        .select({ id: collaborators.id, userId: collaborators.userId })
        .from(collaborators)
        .where(and(eq(collaborators.id, choice.collaboratorId.toLowerCase()), eq(collaborators.sheetId, sheetId)))
        .for('update');
      if (!collaborator) throw badRequest(RULE_MESSAGES.notACollaborator);
      try {
        await tx.update(sheets).set({ authorId: collaborator.userId, updatedAt: deps.clock.now() }).where(eq(sheets.id, sheetId));
      } catch (err) {
        // Either way the transaction is abandoned; a name clash just gets a message a person can act on.
        if (isUniqueViolation(err, 'sheets_author_name_uq')) throw conflict(RULE_MESSAGES.transferNameTaken);
        throw err;
      }
      await tx.delete(collaborators).where(eq(collaborators.id, collaborator.id));
      // A creator does not follow their own sheet: drop the new creator's follow, if any (the count follows, by trigger).
      await tx.delete(sheetFollows).where(and(eq(sheetFollows.sheetId, sheetId), eq(sheetFollows.userId, collaborator.userId)));
      transferred++;
    }

    // Mappings, follows, collaborators and invites of a deleted sheet go with it (foreign keys cascade).
    if (toDelete.length) await tx.delete(sheets).where(inArray(sheets.id, toDelete));

    // Invites name people by email, not by a foreign key: remove those the user sent or received.
    await tx.delete(invites).where(or(eq(invites.inviteeEmail, user.email), eq(invites.inviterEmail, user.email)));
    await deps.throttle.clear(accountThrottleKey(user.email), tx);

    // Sessions, workspace records, notes, note tags, follows (their counts by trigger) and collaborations cascade; custom
    // questions stay for others' records and lose their creator (created_by is set null).
    await tx.delete(users).where(eq(users.id, user.id));
    return { deletedSheets: toDelete.length, transferredSheets: transferred };
  });
}
