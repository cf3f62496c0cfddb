import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../api/config';
import { DataDirInUseError, openDatabase, type Db } from '../api/db/client';
import { users } from '../api/db/schema';

/**
 * Administrator commands, run against the configured database (DATABASE_URL, or PGlite in DATA_DIR):
 *   npm run admin -- grant-premium <email>
 *   npm run admin -- revoke-premium <email>
 * With PGlite, stop the server first: one process at a time may open the data directory.
 */

export const USAGE = ['usage: npm run admin -- <command> <email>', '', 'commands:', '  grant-premium <email>   give the account premium access', '  revoke-premium <email>  take premium access away'].join(
  '\n',
);

export class AdminError extends Error {}

export interface PremiumResult {
  email: string;
  purchaseStatus: boolean;
  /** False when the account already had that status. */
  changed: boolean;
}

/** Sets the premium entitlement (users.purchase_status) of the account with this email. */
export async function setPremium(db: Db, rawEmail: string, purchaseStatus: boolean): Promise<PremiumResult> {
  const email = rawEmail.trim().toLowerCase();
  if (!email) throw new AdminError('An email is required.');
  const [before] = await db.select({ id: users.id, purchaseStatus: users.purchaseStatus }).from(users).where(eq(users.email, email));
  if (!before) throw new AdminError(`No account with the email ${email}.`);
  if (before.purchaseStatus !== purchaseStatus) {
    await db.update(users).set({ purchaseStatus, updatedAt: new Date() }).where(eq(users.id, before.id));
  }
  return { email, purchaseStatus, changed: before.purchaseStatus !== purchaseStatus };
}

const COMMANDS: Record<string, (db: Db, email: string) => Promise<PremiumResult>> = {
  'grant-premium': (db, email) => setPremium(db, email, true),
  'revoke-premium': (db, email) => setPremium(db, email, false),
};

export function describe(result: PremiumResult): string {
  if (!result.changed) return `${result.email} ${result.purchaseStatus ? 'already has' : 'does not have'} premium access; nothing changed.`;
  return result.purchaseStatus ? `Premium access granted to ${result.email}.` : `Premium access revoked for ${result.email}.`;
}

/** Runs one command line; returns the process exit code. */
export async function runAdmin(args: string[], open: () => Promise<{ db: Db; close(): Promise<void> }>, out = console.log, err = console.error): Promise<number> {
  const [command, email, ...rest] = args;
  const run = command ? COMMANDS[command] : undefined;
  if (!run || !email || rest.length) {
    err(command && !run ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
    return 1;
  }
  let database: { db: Db; close(): Promise<void> };
  try {
    database = await open();
  } catch (e) {
    err(e instanceof ConfigError || e instanceof DataDirInUseError ? e.message : `Could not open the database: ${String(e)}`);
    return 1;
  }
  try {
    out(describe(await run(database.db, email)));
    return 0;
  } catch (e) {
    err(e instanceof AdminError ? e.message : `Failed: ${String(e)}`);
    return 1;
  } finally {
    await database.close();
  }
}

const invokedDirectly = (() => {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  const code = await runAdmin(process.argv.slice(2), () => openDatabase(loadConfig()));
  process.exit(code);
}
