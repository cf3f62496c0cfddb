import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../db/change-feed';
import { MemoryCaches } from './memory-cache';

/** A feed the test drives by hand. */
function manualFeed() {
  const listeners = new Set<ChangeListener>();
  const feed = {
    live: true,
    subscribe(listener: ChangeListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    settle: async () => {},
    close: async () => {},
    announce(tag: string | null) {
      for (const listener of listeners) listener(tag);
    },
  };
  return feed satisfies ChangeFeed;
}

function setup(maxBytes = 1024) {
  const feed = manualFeed();
  const caches = new MemoryCaches(feed);
  const cache = caches.create<string>({ maxBytes, sizeOf: (v) => v.length });
  return { feed, caches, cache };
}

describe('MemoryCaches', () => {
  it('serves what it kept until a change to one of its tags', () => {
    const { feed, caches, cache } = setup();
    cache.set(caches.ticket(), 'a', 'answer a', ['sheet:1', 'user:1']);
    cache.set(caches.ticket(), 'b', 'answer b', ['sheet:2', 'user:1']);
    cache.set(caches.ticket(), 'c', 'answer c', ['sheet:2']);
    expect(cache.get('a')).toBe('answer a');
    feed.announce('user:1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBe('answer c');
    feed.announce('sheet:9');
    expect(cache.get('c')).toBe('answer c');
  });

  it('does not keep a result whose rows changed while it was being read', () => {
    const { feed, caches, cache } = setup();
    const ticket = caches.ticket();
    feed.announce('sheet:1'); // lands between the read and the set
    cache.set(ticket, 'a', 'stale', ['sheet:1']);
    expect(cache.get('a')).toBeUndefined();
    // A change to other rows does not matter.
    const second = caches.ticket();
    feed.announce('sheet:2');
    cache.set(second, 'a', 'fresh', ['sheet:1']);
    expect(cache.get('a')).toBe('fresh');
    // A read that began after the change is fit to keep.
    const third = caches.ticket();
    cache.set(third, 'b', 'after', ['sheet:2']);
    expect(cache.get('b')).toBe('after');
  });

  it('forgets everything when changes may have been missed, and refuses results read before', () => {
    const { feed, caches, cache } = setup();
    cache.set(caches.ticket(), 'a', 'one', ['sheet:1']);
    const inFlight = caches.ticket();
    feed.announce(null);
    expect(cache.get('a')).toBeUndefined();
    cache.set(inFlight, 'b', 'two', ['sheet:2']);
    expect(cache.get('b')).toBeUndefined();
    cache.set(caches.ticket(), 'b', 'two', ['sheet:2']);
    expect(cache.get('b')).toBe('two');
  });

  it('neither serves nor keeps anything while the feed is not live', () => {
    const { feed, caches, cache } = setup();
    cache.set(caches.ticket(), 'a', 'one', ['sheet:1']);
    feed.live = false;
    expect(cache.get('a')).toBeUndefined();
    cache.set(caches.ticket(), 'b', 'two', ['sheet:2']);
    feed.live = true;
    expect(cache.get('b')).toBeUndefined();
  });

  it('stays within its size, and an evicted entry leaves no trace in the tag index', () => {
    const { feed, caches, cache } = setup(20);
    cache.set(caches.ticket(), 'a', '0123456789', ['sheet:1']);
    cache.set(caches.ticket(), 'b', '0123456789', ['sheet:2']);
    cache.set(caches.ticket(), 'c', '0123456789', ['sheet:1']); // evicts a
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    cache.set(caches.ticket(), 'huge', 'x'.repeat(100), ['sheet:3']);
    expect(cache.get('huge')).toBeUndefined();
    feed.announce('sheet:1');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')).toBe('0123456789');
  });

  it('replacing an entry moves it to its new tags', () => {
    const { feed, caches, cache } = setup();
    cache.set(caches.ticket(), 'a', 'old', ['sheet:1']);
    cache.set(caches.ticket(), 'a', 'new', ['sheet:2']);
    feed.announce('sheet:1');
    expect(cache.get('a')).toBe('new');
    feed.announce('sheet:2');
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps judging tickets rightly after its change log is trimmed', () => {
    const { feed, caches, cache } = setup(1024 * 1024);
    const old = caches.ticket();
    for (let i = 0; i < 100_001; i++) feed.announce(`user:${i}`);
    cache.set(old, 'a', 'old read', ['sheet:1']);
    expect(cache.get('a')).toBeUndefined();
    cache.set(caches.ticket(), 'a', 'new read', ['sheet:1']);
    expect(cache.get('a')).toBe('new read');
  });
});
