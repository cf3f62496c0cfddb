import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, reviewCards, userQuestions, users } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { systemClock } from '../lib/clock';
import { createTestApp, openSecondProcessDatabase } from '../testing';
import { queryRows } from '../db/client';
import { markRecord, upsertRecord, type RecordChange } from './records';

describe('records written together (markRecord)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let questionIds: string[];
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
    questionIds = (await t.db.select({ id: questions.id }).from(questions).where(eq(questions.verified, true)).limit(6)).map((q) => q.id);
  });
  afterAll(() => t.close());

  const mark = (userId: string, questionId: string, change: RecordChange, db = t.db) => markRecord(db, systemClock, userId, questionId, change);
  const recordOf = async (userId: string, questionId: string) =>
    (await t.db.select().from(userQuestions).where(and(eq(userQuestions.userId, userId), eq(userQuestions.questionId, questionId))))[0];

  it('lands a record’s changes in the order they were made, however many arrive at once', async () => {
    const ada = (await t.signup('Ada')).user._id;
    const others = await Promise.all([t.signup('Bo'), t.signup('Cy')]);
    const q = questionIds[0]!;
    const changes: RecordChange[] = [{ checked: true }, { starred: true }, { checked: false }, { starred: false }, { checked: true }, { starred: true }, { checked: false }];
    // Other people's ticks in between, so the changes share their batches with other records.
    const answers = await Promise.all(
      changes.flatMap((change, i) => [mark(ada, q, change), ...others.map((o) => mark(o.user._id, questionIds[1 + (i % 3)]!, { checked: i % 2 === 0 }))]),
    );
    // Each answer is the record just after its own change: the changes applied one by one, in order.
    let state = { checked: false, starred: false };
    changes.forEach((change, i) => {
      state = { ...state, ...change };
      expect(answers[i * 3]).toMatchObject({ userId: ada, questionId: q, ...state });
    });
    expect(await recordOf(ada, q)).toMatchObject({ checked: false, starred: true, solvedAt: null });
    // The others' last changes (i = 6: ticked), one row each.
    for (const o of others) expect(await recordOf(o.user._id, questionIds[1]!)).toMatchObject({ checked: true });
  });

  it('writes ticks, stars and both, arriving together, each with its own values and review card', async () => {
    const people = await Promise.all(['Tick', 'Star', 'Both', 'None', 'Moved', 'Kept'].map((name) => t.signup(`Mixed${name}`)));
    const [tick, star, both, none, moved, kept] = people.map((p) => p.user._id) as [string, string, string, string, string, string];
    const q = questionIds[4]!;
    const later = new Date(Date.now() + 30 * 86_400_000);
    // Two who reviewed the question before: a star brings their card forward, a tick alone leaves it.
    await t.db.insert(reviewCards).values([moved, kept].map((userId) => ({ userId, questionId: q, due: later, reps: 3, state: 2 })));
    const started = Date.now();
    const answers = await Promise.all([
      mark(none, q, { checked: false, starred: false }),
      mark(tick, q, { checked: true, starred: false }),
      mark(star, q, { checked: false, starred: true }),
      mark(both, q, { checked: true, starred: true }),
      mark(moved, q, { checked: true, starred: true }),
      mark(kept, q, { checked: true, starred: false }),
    ]);
    expect(answers.map((a) => [a.userId, a.checked, a.starred, a.solvedAt !== null])).toEqual([
      [none, false, false, false],
      [tick, true, false, true],
      [star, false, true, false],
      [both, true, true, true],
      [moved, true, true, true],
      [kept, true, false, true],
    ]);
    const cards = new Map((await t.db.select().from(reviewCards).where(and(eq(reviewCards.questionId, q), inArray(reviewCards.userId, [tick, star, both, none, moved, kept])))).map((c) => [c.userId, c]));
    expect(cards.has(none)).toBe(false);
    // A first tick: reviewed at the solve, due in the days ahead; a star: due now; both: reviewed, due now.
    expect(cards.get(tick)).toMatchObject({ reps: 1 });
    expect(cards.get(tick)!.lastReview).not.toBeNull();
    expect(cards.get(tick)!.due.getTime()).toBeGreaterThan(started);
    expect(cards.get(star)).toMatchObject({ reps: 0, lastReview: null });
    expect(cards.get(star)!.due.getTime()).toBeLessThanOrEqual(Date.now());
    expect(cards.get(both)).toMatchObject({ reps: 1 });
    expect(cards.get(both)!.lastReview).not.toBeNull();
    expect(cards.get(both)!.due.getTime()).toBeLessThanOrEqual(Date.now());
    // Cards that were there keep their schedule, but for a star's earlier due.
    expect(cards.get(moved)).toMatchObject({ reps: 3, state: 2 });
    expect(cards.get(moved)!.due.getTime()).toBeLessThanOrEqual(Date.now());
    expect(cards.get(kept)).toMatchObject({ reps: 3, state: 2, due: later });
  });

  it('fails only the change that cannot be written; the rest of its batch lands', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, (_, i) => t.signup(`Batch${i}`)));
    const gone = randomUUID(); // no such question: its record breaks the foreign key
    const results = await Promise.allSettled([
      ...people.slice(0, 2).map((p) => mark(p.user._id, questionIds[2]!, { checked: true })),
      mark(people[2]!.user._id, gone, { checked: true }),
      ...people.slice(3).map((p) => mark(p.user._id, questionIds[2]!, { checked: true })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const rows = await t.db
      .select({ userId: userQuestions.userId, checked: userQuestions.checked })
      .from(userQuestions)
      .where(inArray(userQuestions.userId, people.map((p) => p.user._id)));
    expect(rows.map((r) => r.userId).sort()).toEqual([0, 1, 3, 4].map((i) => people[i]!.user._id).sort());
    expect(rows.every((r) => r.checked)).toBe(true);
  });

  it('bumps each user’s records version once their changes land', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, (_, i) => t.signup(`Version${i}`)));
    const ids = people.map((p) => p.user._id);
    const versions = async () => new Map((await t.db.select({ id: users.id, v: users.recordsVersion }).from(users).where(inArray(users.id, ids))).map((r) => [r.id, r.v]));
    const before = await versions();
    await Promise.all(ids.flatMap((id) => questionIds.slice(0, 3).map((q) => mark(id, q, { starred: true }))));
    const after = await versions();
    for (const id of ids) expect(after.get(id)!).toBeGreaterThan(before.get(id)!);
  });

  it('writes other people’s ticks beside a batch that waits for a lock', async () => {
    const second = await openSecondProcessDatabase(t);
    if (!second) return; // PGlite runs one statement at a time: nothing else can hold a lock meanwhile
    try {
      const [held, free] = await Promise.all([t.signup('Held'), t.signup('Free')]);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // Another process holds the user's row, as a long import would.
      const holder = second.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, held.user._id)).for('update');
        locked();
        await released;
      });
      await isLocked;
      const waiting = mark(held.user._id, questionIds[5]!, { checked: true });
      // Written while the first batch still waits: a batch that never went out would hold this test until it times out.
      expect(await mark(free.user._id, questionIds[5]!, { checked: true })).toMatchObject({ userId: free.user._id, checked: true });
      release();
      await holder;
      expect(await waiting).toMatchObject({ userId: held.user._id, checked: true });
    } finally {
      await second.close();
    }
  });

  it('two API processes writing the same users at once both land every change', async () => {
    const second = await openSecondProcessDatabase(t);
    if (!second) return; // PGlite is one process: nothing to share
    try {
      const people = await Promise.all(Array.from({ length: 12 }, (_, i) => t.signup(`Two${i}`)));
      const ids = people.map((p) => p.user._id);
      const other = second.db;
      // Three rounds: the first process goes through the users one way, the second the other way.
      for (const round of [0, 1, 2]) {
        const checked = round !== 1;
        await Promise.all([
          ...ids.map((id) => mark(id, questionIds[3]!, { checked })),
          ...[...ids].reverse().map((id) => mark(id, questionIds[4]!, { checked }, other)),
        ]);
      }
      const rows = await t.db.select().from(userQuestions).where(inArray(userQuestions.userId, ids));
      expect(rows).toHaveLength(2 * ids.length);
      expect(rows.every((r) => r.checked && r.solvedAt)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it("looks a tick's users and review cards up by key, however small their tables were when its plans were made (migrations 0024 and 0026)", async () => {
    const people = await Promise.all(['Kit', 'Lu', 'Mo'].map((name) => t.signup(name)));
    const tick = (db: Parameters<typeof upsertRecord>[0], questionId: string, change: RecordChange) =>
      Promise.all(people.map((p) => upsertRecord(db, systemClock, p.user._id, questionId, change)));
    const seqScans = (db: Parameters<typeof queryRows>[0]) =>
      queryRows<{ relname: string; seq_scan: number }>(db, sql`select relname, seq_scan::int from pg_stat_xact_user_tables where relname in ('users', 'review_cards') order by relname`);
    // One connection throughout (a transaction): the triggers' plans are made by its first tick, while the
    // tables are as small as their statistics say, and kept by the connection as the tables grow.
    const scans = await t.db.transaction(async (tx) => {
      await tx.execute(sql`analyze users, review_cards`);
      await tick(tx, questionIds[1]!, { checked: true });
      await tx.execute(sql`insert into users (email, password_hash, first_name, profile_name) select 'grown' || n || '@example.com', 'x', 'Grown', 'grown-' || n from generate_series(1, 2000) n`);
      await tx.execute(sql`insert into review_cards (user_id, question_id, due) select u.id, ${questionIds[3]!}::uuid, now() from users u where u.first_name = 'Grown'`);
      const before = await seqScans(tx);
      await tick(tx, questionIds[2]!, { starred: true });
      await tick(tx, questionIds[1]!, { checked: false });
      const after = await seqScans(tx);
      return after.map((a) => ({ relname: a.relname, seq_scan: a.seq_scan - (before.find((b) => b.relname === a.relname)?.seq_scan ?? 0) }));
    });
    expect(scans).toEqual([
      { relname: 'review_cards', seq_scan: 0 },
      { relname: 'users', seq_scan: 0 },
    ]);
  });
});
