import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { userQuestions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { cardsOfMark } from './review';

export type RecordRow = typeof userQuestions.$inferSelect;

export interface RecordChange {
  checked?: boolean;
  starred?: boolean;
  customTags?: string[];
}

/** The fields a change sets, which decide its statement's text; the records it writes are bound when it runs. */
const shapeOf = (change: RecordChange) =>
  `records_${String(change.checked ?? '-')}_${String(change.starred ?? '-')}_${change.customTags ? 'tags' : '-'}`;

/** One record to write: the user, the question, the change's tags and the moment of the change. */
interface RecordInput {
  user_id: string;
  question_id: string;
  tags: string[];
  now: string;
}

/**
 * The upsert of any number of records that take one shape of change, prepared once per database and shape
 * (see db/prepared): the records travel as one JSON parameter, so one text serves a single tick and a
 * hundred. The review cards the change schedules are written by the same statement.
 */
function recordsStatement(db: Db, name: string, change: RecordChange) {
  const input = db
    .$with('i', {})
    .as(
      sql`select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as x(user_id uuid, question_id uuid, tags text[], now timestamptz)`,
    );
  const card = cardsOfMark(sql`i`, sql`i.now`, change);
  const withs = card ? [input, db.$with('card', {}).as(card)] : [input];
  const set: Record<string, unknown> = { updatedAt: sql`excluded.updated_at` };
  if (change.checked !== undefined) {
    set.checked = change.checked;
    set.solvedAt = change.checked ? sql`coalesce(${userQuestions.solvedAt}, excluded.solved_at)` : null;
  }
  if (change.starred !== undefined) set.starred = change.starred;
  if (change.customTags !== undefined) set.customTags = sql`excluded.custom_tags`;
  // Every column in the table's order (an insert from a select lists them all).
  const rows = sql`select gen_random_uuid(), i.user_id, i.question_id, ${change.checked ?? false}, ${change.starred ?? false},
      ${change.customTags !== undefined ? sql`i.tags` : sql`'{}'::text[]`}, ${change.checked ? sql`i.now` : sql`null::timestamptz`}, i.now, i.now
    from i`;
  return db
    .with(...withs)
    .insert(userQuestions)
    .select(rows)
    .onConflictDoUpdate({ target: [userQuestions.userId, userQuestions.questionId], set })
    .returning()
    .prepare(name);
}

async function upsertRecords(db: Db, change: RecordChange, records: RecordInput[]): Promise<RecordRow[]> {
  const name = shapeOf(change);
  const statement = prepared(db, name, (db) => recordsStatement(db, name, change));
  return statement.execute({ rows: JSON.stringify(records) });
}

const inputOf = (clock: Clock, userId: string, questionId: string, change: RecordChange): RecordInput => ({
  user_id: userId,
  question_id: questionId,
  tags: change.customTags ?? [],
  now: clock.now().toISOString(),
});

/**
 * Creates or updates a user's record of a question: the workspace row and the tick and star shown in
 * every sheet. solvedAt is set when it becomes checked and cleared when unchecked. The review card a tick
 * or star schedules (review.cardsOfMark) is written by the same statement, so both land or neither does.
 */
export async function upsertRecord(db: Db, clock: Clock, userId: string, questionId: string, change: RecordChange): Promise<RecordRow> {
  const [row] = await upsertRecords(db, change, [inputOf(clock, userId, questionId, change)]);
  if (!row) throw new Error('upsert returned nothing');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Ticks that arrive together, written together.

interface Waiting {
  input: RecordInput;
  change: RecordChange;
  shape: string;
  done: (row: RecordRow) => void;
  failed: (err: unknown) => void;
}

/**
 * One batch is out at a time, so the ticks that arrive meanwhile make the next one; another goes out beside
 * it only when it has been out for SLOW_MS (waiting for a lock, say, on a user whose import is running), so
 * one slow batch does not hold up everyone's ticks. WRITERS is the most out at once.
 */
const SLOW_MS = 50;
const WRITERS = 3;
/** The most records one statement writes. */
const MOST = 200;

const pairOf = (input: RecordInput) => `${input.user_id}:${input.question_id}`;

/**
 * A tick's cost is mostly its statement's (the trip, the plan, the commit and the statement triggers that
 * bump the users' records versions), not its row's: ticks that arrive while earlier ones are being written
 * wait and go out as one statement per shape of change. Nothing waits for a timer; an idle database writes
 * a tick at once. A record is in one batch at a time, and a later change of it waits for the earlier one's
 * batch, so each user's changes land in the order they came.
 */
class RecordBatches {
  private queue: Waiting[] = [];
  /** The batches out, by when each went out. */
  private readonly out = new Set<{ since: number }>();
  /** The records of the batches out. */
  private readonly busy = new Set<string>();

  constructor(private readonly db: Db) {}

  add(waiting: Waiting): void {
    this.queue.push(waiting);
    this.next();
  }

  private mayWrite(now: number): boolean {
    if (!this.out.size) return true;
    if (this.out.size >= WRITERS) return false;
    for (const { since } of this.out) if (now - since < SLOW_MS) return false;
    return true;
  }

  private next(): void {
    while (this.queue.length && this.mayWrite(performance.now())) {
      const batch = this.take();
      if (!batch.length) return;
      const sent = { since: performance.now() };
      this.out.add(sent);
      const slow = setTimeout(() => this.next(), SLOW_MS);
      void this.write(batch).finally(() => {
        clearTimeout(slow);
        this.out.delete(sent);
        for (const w of batch) this.busy.delete(pairOf(w.input));
        this.next();
      });
    }
  }

  /** The next batch: the first waiting change's shape, each record once, none whose earlier change still waits or is out. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const held = new Set<string>();
    let shape: string | null = null;
    for (const w of this.queue) {
      const pair = pairOf(w.input);
      if (batch.length < MOST && !this.busy.has(pair) && !held.has(pair) && (shape === null || w.shape === shape)) {
        shape = w.shape;
        batch.push(w);
        this.busy.add(pair);
      } else {
        held.add(pair);
        rest.push(w);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async write(batch: Waiting[]): Promise<void> {
    const first = batch[0] as Waiting;
    // In one order, so two batches with records in common (from two API processes) lock them alike.
    const inputs = batch.map((w) => w.input).sort((a, b) => (pairOf(a) < pairOf(b) ? -1 : 1));
    try {
      const rows = await upsertRecords(this.db, first.change, inputs);
      const byPair = new Map(rows.map((row) => [`${row.userId}:${row.questionId}`, row]));
      for (const w of batch) {
        const row = byPair.get(pairOf(w.input));
        if (row) w.done(row);
        else w.failed(new Error('upsert returned nothing'));
      }
    } catch (err) {
      if (batch.length === 1) {
        first.failed(err);
        return;
      }
      // One record's failure (its question deleted meanwhile) is its own: the others are written alone.
      await Promise.all(batch.map((w) => upsertRecords(this.db, w.change, [w.input]).then(([row]) => (row ? w.done(row) : w.failed(new Error('upsert returned nothing'))), w.failed)));
    }
  }
}

const batchesOf = new WeakMap<Db, RecordBatches>();

/**
 * upsertRecord for a change made outside any transaction (a tick or star from a sheet or the workspace):
 * written with the changes that arrive meanwhile (see RecordBatches). `db` is the database itself, never
 * a transaction, whose statements must run on its own connection.
 */
export function markRecord(db: Db, clock: Clock, userId: string, questionId: string, change: RecordChange): Promise<RecordRow> {
  let batches = batchesOf.get(db);
  if (!batches) {
    batches = new RecordBatches(db);
    batchesOf.set(db, batches);
  }
  const input = inputOf(clock, userId, questionId, change);
  const shape = shapeOf(change);
  return new Promise((done, failed) => batches.add({ input, change, shape, done, failed }));
}

export async function findRecord(db: Db, userId: string, questionId: string): Promise<RecordRow | undefined> {
  const [row] = await db.select().from(userQuestions).where(and(eq(userQuestions.userId, userId), eq(userQuestions.questionId, questionId)));
  return row;
}

export function toRecord(row: RecordRow) {
  return {
    _id: row.id,
    checked: row.checked,
    starred: row.starred,
    customTags: row.customTags,
    solvedAt: row.solvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
