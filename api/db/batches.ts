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
