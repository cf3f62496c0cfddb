/**
 * Small statements that arrive together, sent together. Under load a busy statement's cost is mostly its
 * own (the trip, the plan, the commit, statement triggers), not its rows': the items that arrive while
 * one batch is out wait and go out as the next, one statement for all. Nothing waits for a timer; an idle
 * database takes an item at once.
 *
 * One batch is out at a time; another goes out beside it only when it has been out for SLOW_MS (waiting
 * for a lock, say, on a user whose import is running), so one slow batch does not hold up everyone else.
 */
const SLOW_MS = 50;
/** The most batches out at once. */
const WRITERS = 3;
/** The most items in one batch. */
const MOST = 200;

export interface BatchItem {
  /** Items of one key go out in the order they came, one batch at a time (a record's changes, say). */
  key: string;
  /** Only items of one shape share a batch (one statement text). */
  shape: string;
}

interface Waiting<T, R> {
  item: T;
  done: (result: R) => void;
  failed: (err: unknown) => void;
}

export class Batches<T extends BatchItem, R> {
  private queue: Waiting<T, R>[] = [];
  /** The batches out, by when each went out. */
  private readonly out = new Set<{ since: number }>();
  /** The keys of the items out. */
  private readonly busy = new Set<string>();
  /** Set while items wait for a young batch to turn slow. */
  private wake: ReturnType<typeof setTimeout> | undefined;

  /**
   * `send` runs one batch (items of one shape, each key once) and answers each item's result in the
   * items' order. When it fails for a batch of several, each item is sent again alone, so one item's
   * failure (a foreign key broken meanwhile) is its own.
   */
  constructor(private readonly send: (items: T[]) => Promise<R[]>) {}

  add(item: T): Promise<R> {
    return new Promise((done, failed) => {
      this.queue.push({ item, done, failed });
      this.next();
    });
  }

  /**
   * How long before another batch may go out: 0 now, Infinity while WRITERS are out (the next one back
   * says so), else until the youngest batch out has been out for SLOW_MS.
   */
  private waitBeforeWriting(now: number): number {
    if (!this.out.size) return 0;
    if (this.out.size >= WRITERS) return Infinity;
    let youngest = -Infinity;
    for (const { since } of this.out) youngest = Math.max(youngest, since);
    return Math.max(0, youngest + SLOW_MS - now);
  }

  private next(): void {
    while (this.queue.length) {
      const wait = this.waitBeforeWriting(performance.now());
      if (wait === Infinity) return;
      if (wait > 0) {
        // A timer may fire a little before performance.now() says its time has come (timers count from the
        // event loop's last tick): the wait is worked out again when it fires, and the timer set again.
        clearTimeout(this.wake);
        this.wake = setTimeout(() => this.next(), Math.ceil(wait));
        return;
      }
      const batch = this.take();
      if (!batch.length) return;
      const sent = { since: performance.now() };
      this.out.add(sent);
      void this.write(batch).finally(() => {
        this.out.delete(sent);
        for (const w of batch) this.busy.delete(w.item.key);
        this.next();
      });
    }
  }

  /** The next batch: the first waiting item's shape, each key once, none whose key has an earlier item waiting or out. */
  private take(): Waiting<T, R>[] {
    const batch: Waiting<T, R>[] = [];
    const rest: Waiting<T, R>[] = [];
    const held = new Set<string>();
    let shape: string | null = null;
    for (const w of this.queue) {
      const { key } = w.item;
      if (batch.length < MOST && !this.busy.has(key) && !held.has(key) && (shape === null || w.item.shape === shape)) {
        shape = w.item.shape;
        batch.push(w);
        this.busy.add(key);
      } else {
        held.add(key);
        rest.push(w);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async write(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.send(batch.map((w) => w.item));
      batch.forEach((w, i) => w.done(results[i] as R));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.failed(err);
        return;
      }
      await Promise.all(batch.map((w) => this.send([w.item]).then(([result]) => w.done(result as R), w.failed)));
    }
  }
}

/**
 * `add(db, item)` for one kind of write: each database (or PGlite instance) gets its own Batches on first
 * use, sending through `send(db, items)`. `db` is the database itself, never a transaction.
 */
export function batchedBy<D extends object, T extends BatchItem, R>(send: (db: D, items: T[]) => Promise<R[]>): (db: D, item: T) => Promise<R> {
  const byDb = new WeakMap<D, Batches<T, R>>();
  return (db, item) => {
    let batches = byDb.get(db);
    if (!batches) {
      batches = new Batches((items) => send(db, items));
      byDb.set(db, batches);
    }
    return batches.add(item);
  };
}

/** Rows of a batch as one JSON parameter, in id order: two batches with a row in common lock it alike. */
export const rowsInIdOrder = (rows: readonly { id: string }[]): string => JSON.stringify([...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));

/** Each input's written row, found by id, in the inputs' order (undefined: not written). */
export function byInputId<R extends { id: string }>(inputs: readonly { id: string }[], rows: readonly R[]): (R | undefined)[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return inputs.map((input) => byId.get(input.id));
}
