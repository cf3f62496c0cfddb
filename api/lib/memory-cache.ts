import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../db/change-feed';

/**
 * Answers kept in this process's memory, each tagged with the rows it was built from ('sheet:<id>',
 * 'user:<id>', 'records:<id>' for a user's workspace records) and dropped the moment the database announces a change to one of them (db/change-feed).
 *
 * A read takes a ticket before it touches the database; its result is kept only if none of its tags
 * changed since (a change that lands while the read runs would otherwise be cached as if it never
 * happened). Nothing is served or kept while the feed is not live.
 */
export class MemoryCaches {
  private generation = 1;
  /** Tickets older than this are refused outright (everything was forgotten since). */
  private floor = 1;
  private readonly changedAt = new Map<string, number>();
  private readonly caches = new Set<TaggedCache<unknown>>();

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((tag) => this.changed(tag));
  }

  get live(): boolean {
    return this.feed.live;
  }

  /** Taken before a read: names the moment after which a change makes its result unfit to keep. */
  ticket(): number {
    return this.generation;
  }

  /** Every change committed before the call has dropped what it affects (see ChangeFeed.settle). */
  settle(): Promise<void> {
    return this.feed.settle();
  }

  create<V>(options: { maxBytes: number; sizeOf: (value: V) => number }): TaggedCache<V> {
    const cache = new TaggedCache<V>(this, options);
    this.caches.add(cache as TaggedCache<unknown>);
    return cache;
  }

  /** Whether a result read under `ticket` and built from `tags` may be kept. */
  fresh(ticket: number, tags: readonly string[]): boolean {
    if (!this.feed.live || ticket < this.floor) return false;
    return tags.every((tag) => (this.changedAt.get(tag) ?? 0) < ticket);
  }

  private changed(tag: string | null): void {
    this.generation++;
    if (tag === null || this.changedAt.size >= 100_000) {
      // Forget everything (or just the change log, which would otherwise grow without bound: tickets
      // from before this point are then refused as a whole).
      this.floor = this.generation;
      this.changedAt.clear();
      if (tag === null) for (const cache of this.caches) cache.clear();
    }
    if (tag !== null) {
      this.changedAt.set(tag, this.generation);
      for (const cache of this.caches) cache.drop(tag);
    }
    // The next ticket is newer than this change.
    this.generation++;
  }
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
}

export class TaggedCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly keysByTag = new Map<string, Set<string>>();

  constructor(
    private readonly owner: MemoryCaches,
    options: { maxBytes: number; sizeOf: (value: V) => number },
  ) {
    this.entries = new LRUCache<string, Entry<V>>({
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => Math.max(1, options.sizeOf(entry.value)),
      dispose: (entry, key) => this.unindex(key, entry.tags),
    });
  }

  get(key: string): V | undefined {
    if (!this.owner.live) return undefined;
    return this.entries.get(key)?.value;
  }

  /** Keeps `value` unless one of its tags changed after `ticket` was taken. */
  set(ticket: number, key: string, value: V, tags: readonly string[]): void {
    if (!this.owner.fresh(ticket, tags)) return;
    this.entries.delete(key);
    this.entries.set(key, { value, tags });
    if (!this.entries.has(key)) return; // too big to keep
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  drop(tag: string): void {
    const keys = this.keysByTag.get(tag);
    if (!keys) return;
    this.keysByTag.delete(tag);
    for (const key of [...keys]) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.keysByTag.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private unindex(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.keysByTag.delete(tag);
    }
  }
}
