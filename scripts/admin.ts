import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, count, desc, eq } from 'drizzle-orm';
import { parseProblemUrl } from '../shared/platforms/index';
import { ConfigError, loadConfig } from '../api/config';
import { openDatabase, type Db } from '../api/db/client';
import { DataDirInUseError } from '../api/db/data-dir-lock';
import { customQuestions, questions, users } from '../api/db/schema';
import { systemClock } from '../api/lib/clock';
import { createResetLink } from '../api/services/password-reset';

/**
 * Administrator commands, run against the configured database (DATABASE_URL, or PGlite in DATA_DIR):
 *   npm run admin -- grant-premium <email>
 *   npm run admin -- revoke-premium <email>
 *   npm run admin -- verify-question <problem URL> [name]
 *   npm run admin -- reset-link <email>
 * With PGlite, stop the server first: one process at a time may open the data directory.
 */

export const USAGE = [
  'usage: npm run admin -- <command> <argument>',
  '',
  'commands:',
  '  grant-premium <email>               give the account premium access',
  '  revoke-premium <email>              take premium access away',
  '  verify-question <problem URL> [name]',
  "                                      make a custom question part of the shared catalogue, under this name or",
  "                                      the one most of its users gave it; everyone then sees the catalogue's data",
  '  reset-link <email>                  print a one-time password reset link for the account (works for an hour;',
  '                                      its origin is PUBLIC_URL, else http://localhost:PORT)',
].join('\n');

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

export function describe(result: PremiumResult): string {
  if (!result.changed) return `${result.email} ${result.purchaseStatus ? 'already has' : 'does not have'} premium access; nothing changed.`;
  return result.purchaseStatus ? `Premium access granted to ${result.email}.` : `Premium access revoked for ${result.email}.`;
}

export interface VerifyResult {
  name: string;
  difficulty: string;
  topics: string[];
  /** False when the question was verified already. */
  changed: boolean;
}

/**
 * Verifies a custom question into the catalogue, in one transaction: its shared row takes the name given
 * (or the one most of its users gave it, and their most given difficulty and topics), and every user's
 * own data for it is deleted, so everyone sees the catalogue's.
 */
export async function verifyQuestion(db: Db, problemUrl: string, name?: string): Promise<VerifyResult> {
  const parsed = parseProblemUrl(problemUrl.trim());
  if (!parsed) throw new AdminError(`Not a problem URL of a known platform: ${problemUrl}`);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(questions).where(and(eq(questions.platform, parsed.platform), eq(questions.key, parsed.key))).for('update');
    if (!row) throw new AdminError(`The catalogue has no question for ${parsed.url}.`);
    if (row.verified) return { name: row.name, difficulty: row.difficulty, topics: row.topics, changed: false };
    const most = async (column: typeof customQuestions.name | typeof customQuestions.difficulty | typeof customQuestions.topics) =>
      (
        await tx
          .select({ value: column, n: count() })
          .from(customQuestions)
          .where(eq(customQuestions.questionId, row.id))
          .groupBy(column)
          .orderBy(desc(count()))
          .limit(1)
      )[0]?.value;
    const chosen = {
      name: name?.trim() || ((await most(customQuestions.name)) as string | undefined) || row.name,
      difficulty: ((await most(customQuestions.difficulty)) as string | undefined) ?? row.difficulty,
      topics: ((await most(customQuestions.topics)) as string[] | undefined) ?? row.topics,
    };
    await tx.update(questions).set({ ...chosen, verified: true, updatedAt: new Date() }).where(eq(questions.id, row.id));
    await tx.delete(customQuestions).where(eq(customQuestions.questionId, row.id));
    return { ...chosen, changed: true };
  });
}

/** What commands need besides the database: the origin of links they print. */
export interface AdminContext {
  origin: string;
}

export function adminContext(config: { publicUrl: string | undefined; port: number }): AdminContext {
  return { origin: config.publicUrl ?? `http://localhost:${config.port}` };
}

/** A reset link for the account, for a server without e-mail (SMTP_URL unset). */
export async function resetLinkFor(db: Db, rawEmail: string, context: AdminContext): Promise<string> {
  const email = rawEmail.trim().toLowerCase();
  if (!email) throw new AdminError('An email is required.');
  const made = await createResetLink({ db, clock: systemClock }, email, context.origin);
  if (!made) throw new AdminError(`No account with the email ${email}.`);
  return `Password reset link for ${made.email} (works once, until ${made.expiresAt.toISOString()}):\n${made.link}`;
}

const COMMANDS: Record<string, { args: [min: number, max: number]; run: (db: Db, args: string[], context: AdminContext) => Promise<string> }> = {
  'grant-premium': { args: [1, 1], run: async (db, [email = '']) => describe(await setPremium(db, email, true)) },
  'revoke-premium': { args: [1, 1], run: async (db, [email = '']) => describe(await setPremium(db, email, false)) },
  'verify-question': {
    args: [1, 2],
    run: async (db, [url = '', name]) => {
      const r = await verifyQuestion(db, url, name);
      return r.changed ? `Verified "${r.name}" (${r.difficulty}) into the catalogue.` : `"${r.name}" was verified already; nothing changed.`;
    },
  },
  'reset-link': { args: [1, 1], run: (db, [email = ''], context) => resetLinkFor(db, email, context) },
};

/** Runs one command line; returns the process exit code. */
export async function runAdmin(
  args: string[],
  open: () => Promise<{ db: Db; close(): Promise<void> }>,
  out = console.log,
  err = console.error,
  context: () => AdminContext = () => adminContext(loadConfig()),
): Promise<number> {
  const [command, ...rest] = args;
  const entry = command ? COMMANDS[command] : undefined;
  if (!entry || rest.length < entry.args[0] || rest.length > entry.args[1]) {
    err(command && !entry ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
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
    out(await entry.run(database.db, rest, context()));
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
