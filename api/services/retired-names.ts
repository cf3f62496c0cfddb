import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { retiredNames, type RetiredNameKind } from '../db/schema';

/**
 * Old sheet slugs and old profile names: each keeps leading to its owner and stays reserved for it. The
 * database refuses a retired name to anyone else (migration 0013's refuse_retired_name trigger, reported
 * as the unique constraint on the current names), so this file only records names and finds owners.
 */

/**
 * Takes the locks the refusing trigger takes for names (migration 0029: one per bucket of names, in bucket
 * order). A rename locks the name it leaves and the one it takes, from before the change until commit, so
 * a concurrent take of the old name waits and then sees it retired.
 */
export async function lockNames(tx: Db, kind: RetiredNameKind, from: string, to: string): Promise<void> {
  await tx.execute(sql`select lock_names(${kind}, ${from}, ${to})`);
}

/**
 * Records that an owner moved from `from` to `to` (inside the rename's transaction, after lockName): the
 * old name is kept for the owner, and the new one, if the owner had used it before, is current again.
 */
export async function retireName(tx: Db, kind: RetiredNameKind, ownerId: string, from: string, to: string): Promise<void> {
  const owner = kind === 'sheet-slug' ? { sheetId: ownerId } : { userId: ownerId };
  const ownerColumn = kind === 'sheet-slug' ? retiredNames.sheetId : retiredNames.userId;
  await tx.delete(retiredNames).where(and(eq(retiredNames.kind, kind), eq(retiredNames.name, to.toLowerCase()), eq(ownerColumn, ownerId)));
  await tx
    .insert(retiredNames)
    .values({ kind, name: from.toLowerCase(), ...owner })
    .onConflictDoNothing();
}

/** The id of the sheet or person that once used this name, or null. */
export async function retiredOwner(db: Db, kind: RetiredNameKind, name: string): Promise<string | null> {
  const [row] = await db
    .select({ sheetId: retiredNames.sheetId, userId: retiredNames.userId })
    .from(retiredNames)
    .where(and(eq(retiredNames.kind, kind), eq(retiredNames.name, name.toLowerCase())));
  return row ? (row.sheetId ?? row.userId) : null;
}

/** Whether a name is kept for someone other than this owner (null: someone new, such as a sheet being created). */
export async function isRetiredForOthers(db: Db, kind: RetiredNameKind, name: string, ownerId: string | null): Promise<boolean> {
  const owner = await retiredOwner(db, kind, name);
  return owner !== null && owner !== ownerId;
}
