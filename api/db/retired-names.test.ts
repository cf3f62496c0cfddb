import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/errors';
import { lockNames, retireName } from '../services/retired-names';
import { dbKind, openSecondProcessDatabase, openTestDatabase } from '../testing';
import { queryRows, type Database } from './client';

// A retired name stays its owner's on statements of any size: the refusing trigger locks buckets of names,
// not one lock per row, so a statement writing a hundred thousand rows fits in the lock table.

// PostgreSQL's lock table is what ran out; PGlite, one connection in one process, checks the rule on fewer rows.
const USERS = dbKind() === 'postgres' ? 100_000 : 2_000;
const SHEETS = dbKind() === 'postgres' ? 10_000 : 500;

async function refusal(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (err) {
    return err;
  }
  return null;
}

describe('retired names on bulk statements', () => {
  let t: Database;
  let keeper: string;
  beforeAll(async () => {
    t = await openTestDatabase();
    const [row] = await queryRows<{ id: string }>(t.db, sql`insert into users (email, password_hash, first_name, profile_name) values ('keeper@example.com', 'x', 'Keeper', 'keeper') returning id`);
    keeper = row!.id;
    // The keeper renames themselves as the profile service does: the old name is retired for them.
    await t.db.transaction(async (tx) => {
      await lockNames(tx, 'profile-name', 'keeper', 'keeper-now');
      await tx.execute(sql`update users set profile_name = 'keeper-now' where id = ${keeper}`);
      await retireName(tx, 'profile-name', keeper, 'keeper', 'keeper-now');
    });
  }, 180_000);
  afterAll(() => t.close());

  const count = async (table: 'users' | 'sheets') => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

  it(`one statement inserts ${USERS} users; the same statement taking a retired name is refused whole`, async () => {
    const refused = await refusal(
      t.db.execute(sql`insert into users (email, password_hash, first_name, profile_name)
        select 'taker' || g || '@example.com', 'x', 'Taker', case when g = ${USERS / 2} then 'Keeper' else 'taker-' || g end from generate_series(1, ${USERS}) g`),
    );
    expect(isUniqueViolation(refused, 'users_profile_name_unique')).toBe(true);
    expect(await count('users')).toBe(1);
    await t.db.execute(sql`insert into users (email, password_hash, first_name, profile_name)
      select 'bulk' || g || '@example.com', 'x', 'Bulk', 'bulk-' || g from generate_series(1, ${USERS}) g`);
    expect(await count('users')).toBe(USERS + 1);
  }, 300_000);

  it(`one statement renames ${SHEETS} sheets; the same rename onto a retired slug is refused whole`, async () => {
    await t.db.execute(sql`insert into sheets (name, slug, author_id) select 'Sheet ' || g, 'sheet-' || g, ${keeper} from generate_series(1, ${SHEETS}) g`);
    const [first] = await queryRows<{ id: string }>(t.db, sql`select id from sheets where slug = 'sheet-1'`);
    await t.db.transaction(async (tx) => {
      await lockNames(tx, 'sheet-slug', 'sheet-1', 'first-sheet');
      await tx.execute(sql`update sheets set slug = 'first-sheet' where id = ${first!.id}`);
      await retireName(tx, 'sheet-slug', first!.id, 'sheet-1', 'first-sheet');
    });
    // Every other sheet moves to a new slug; the second takes the first's retired one.
    const refused = await refusal(t.db.execute(sql`update sheets set slug = case when slug = 'sheet-2' then 'SHEET-1' else slug || '-renamed' end where slug <> 'first-sheet'`));
    expect(isUniqueViolation(refused, 'sheets_slug_unique')).toBe(true);
    expect(await queryRows(t.db, sql`select 1 from sheets where slug like '%-renamed'`)).toHaveLength(0);
    await t.db.execute(sql`update sheets set slug = slug || '-renamed' where slug <> 'first-sheet'`);
    expect(await queryRows(t.db, sql`select 1 from sheets where slug like '%-renamed'`)).toHaveLength(SHEETS - 1);
    // The owner may take its old slug back.
    await t.db.execute(sql`update sheets set slug = 'sheet-1' where id = ${first!.id}`);
  }, 300_000);

  it('a take of a name waits for a rename leaving it, then is refused (PostgreSQL: two connections)', async (ctx) => {
    const other = await openSecondProcessDatabase(t);
    if (!other) return ctx.skip();
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const rename = t.db.transaction(async (tx) => {
        await lockNames(tx, 'profile-name', 'keeper-now', 'keeper-later');
        await tx.execute(sql`update users set profile_name = 'keeper-later' where id = ${keeper}`);
        locked();
        await held;
        await retireName(tx, 'profile-name', keeper, 'keeper-now', 'keeper-later');
      });
      await lockTaken;
      let settled = false;
      const take = refusal(other.db.execute(sql`insert into users (email, password_hash, first_name, profile_name) values ('late@example.com', 'x', 'Late', 'keeper-now')`)).finally(() => (settled = true));
      // The take is held at the name's lock until the rename commits.
      await expect.poll(async () => (await queryRows(t.db, sql`select 1 from pg_locks where locktype = 'advisory' and not granted`)).length).toBeGreaterThan(0);
      expect(settled).toBe(false);
      release();
      await rename;
      expect(isUniqueViolation(await take, 'users_profile_name_unique')).toBe(true);
    } finally {
      await other.close();
    }
  }, 60_000);
});
