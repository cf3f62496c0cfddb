import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { FeedLeases, isSignal, parseSignal } from './feed-leases';

/** The channel the triggers of migration 0005 announce changes on. */
const CHANGE_CHANNEL = 'tracker_changes';
/**
 * The triggers leave their tags in change_feed.pending and this sends them (migration 0018): a process
 * calls it once its own write has committed (settle) and every ANNOUNCE_EVERY_MS for anyone else's.
 */
const ANNOUNCE = 'select announce_pending_changes($1)';
const ANNOUNCE_EVERY_MS = 1_000;
/**
 * change_feed.pending is a queue whose rows live for milliseconds: each write adds its tags and the next
 * announcement deletes them. Their dead rows wait for a vacuum, which PGlite never runs and a server may
 * run seldom or not at all, and every announcement scans them: its cost would grow with every write since
 * the last one. The feed vacuums the table itself, after each periodic announcement (a moment when it is
 * small, and skipped while another process is at it).
 *
 * A vacuum leaves the table's emptied pages in place, and an announcement scans those too: one burst of
 * tags (a large import, a seed, a while with no process announcing) would tax every later write for good.
 * Giving them back takes a lock that holds the writers up for a moment, so it is done only once the table
 * has grown past QUEUE_PAGES_KEPT, which a second of steady writes does not reach.
 */
const QUEUE_PAGES_KEPT = 128;
const QUEUE_PAGES = `select (pg_relation_size('change_feed.pending') / current_setting('block_size')::int)::int as pages`;

/** Vacuums the queue, giving its emptied pages back once it has grown past QUEUE_PAGES_KEPT; `query` runs one statement. */
async function tidyQueue(query: (statement: string) => Promise<{ pages?: number }[]>): Promise<void> {
  const [size] = await query(QUEUE_PAGES);
  await query(`vacuum (skip_locked, truncate ${(size?.pages ?? 0) > QUEUE_PAGES_KEPT}) change_feed.pending`);
}

/** Sends what other writers left waiting, then tidies the queue, every ANNOUNCE_EVERY_MS until stopped. */
function announceEvery(announce: () => Promise<unknown>, tidy: () => Promise<unknown>): () => void {
  const timer = setInterval(() => void announce().then(tidy).catch(() => {}), ANNOUNCE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** What a subscriber hears: a changed tag ('sheet:<id>', 'user:<id>', 'records:<id>'), or null when changes may have been missed. */
export type ChangeListener = (tag: string | null) => void;

/**
 * The database's own account of what changed, as the triggers of migration 0005 record it and
 * announce_pending_changes (0018) sends it after commit (LISTEN/NOTIFY), from whichever process or
 * connection wrote. A process may keep answers in memory only while its feed is live; when the feed
 * drops, subscribers hear null and must forget everything.
 */
export interface ChangeFeed {
  /** Whether this process may answer from memory now: it hears the feed (and, on PostgreSQL, holds its lease). */
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
  /** Resolves once every change committed before the call has reached the subscribers, here and in every process holding a lease. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

function listeners() {
  const set = new Set<ChangeListener>();
  return {
    // Arrow functions, so `subscribe: subscribers.add` may be handed around without its object.
    add: (listener: ChangeListener) => {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit: (tag: string | null) => {
      for (const listener of set) listener(tag);
    },
  };
}

/** A feed that is never live: whatever uses it reads the database every time. */
export const noChangeFeed: ChangeFeed = {
  live: false,
  subscribe: () => () => {},
  settle: async () => {},
  close: async () => {},
};

/**
 * PGlite is one connection in this process: a notification is delivered before the query that committed
 * it resolves, so settling is announcing what is waiting.
 */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const subscribers = listeners();
  const unlisten = await client.listen(CHANGE_CHANNEL, (payload) => subscribers.emit(payload));
  let live = true;
  const announce = () => client.query(ANNOUNCE, [null]);
  const stopAnnouncing = announceEvery(announce, () => tidyQueue(async (statement) => (await client.query<{ pages?: number }>(statement)).rows));
  return {
    get live() {
      return live;
    },
    subscribe: subscribers.add,
    async settle() {
      if (live) await announce();
    },
    async close() {
      live = false;
      stopAnnouncing();
      await unlisten().catch(() => {});
    },
  };
}

/** How the listening connection names itself in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = 'tracker-change-feed';
/** Announces what waits, renews this process's lease and sends the signal; answers the other leaseholders (migration 0021). */
const ANNOUNCE_LEASED = 'select announce_leased_changes($1, $2, $3) as holders';
const NOTIFY = `select pg_notify('${CHANGE_CHANNEL}', $1)`;
const LEAVE = 'select leave_change_feed($1)';
const SETTLE_TIMEOUT_MS = 2_000;
/** Named on the connection once, as the app's own queries are: a barrier and an acknowledgement are sent with every write. */
const PREPARED = { prepare: true };
const RECONNECT_MS = 1_000;

/**
 * PostgreSQL: one dedicated connection listens. Notifications arrive in commit order, so `settle` announces
 * what is waiting followed by a barrier notification of its own, and waits for the barrier to come back:
 * by then every earlier change has been heard here. It then waits for every other process holding a lease
 * to acknowledge the barrier, or for that lease to run out (feed-leases.ts), so no process answers the
 * write's old state from memory once it has answered. When the connection closes the feed stops being
 * live (subscribers hear null) until it listens again and its own announcement has come back.
 */
export async function postgresChangeFeed(url: string): Promise<ChangeFeed> {
  const subscribers = listeners();
  const leases = new FeedLeases();
  /** This process's announcements on their way, by payload: each resolves true when heard. */
  const heard = new Map<string, (back: boolean) => void>();
  let connected = false;
  let closed = false;
  let joined = false;
  let acking = false;

  const drop = () => {
    if (!connected) return;
    connected = false;
    leases.lapse();
    subscribers.emit(null);
    for (const release of heard.values()) release(false);
    heard.clear();
  };

  /** Sends the acknowledgements owed, once the notifications that arrived together have all been heard. */
  function acknowledgeSoon() {
    if (acking) return;
    acking = true;
    setImmediate(() => {
      acking = false;
      for (const ack of leases.takeAcks()) void sql.unsafe(NOTIFY, [ack], PREPARED).catch(() => {});
    });
  }

  // `onnotify` is the connection-level hook postgres.js's own listen() is built on; it is used directly
  // here because that listen() hides when its connection drops, and a dropped listener must stop caches at once.
  const options: postgres.Options<Record<string, never>> & { onnotify(channel: string, payload: string): void } = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    connection: { application_name: CHANGE_FEED_APPLICATION },
    onnotice: () => {},
    onnotify(channel, payload) {
      if (channel !== CHANGE_CHANNEL) return;
      if (!isSignal(payload)) {
        subscribers.emit(payload);
        return;
      }
      const signal = parseSignal(payload);
      if (!signal) return;
      // Everything announced before a barrier has been dropped here by now: acknowledging it is safe.
      leases.hear(signal);
      if (signal.kind === 'barrier' && signal.from !== leases.id) acknowledgeSoon();
      const release = heard.get(payload);
      heard.delete(payload);
      release?.(true);
    },
    onclose() {
      drop();
      reconnectLater();
    },
  };
  const sql = postgres(url, options);

  /** Listens again a moment later, unless the feed has been closed by then. */
  function reconnectLater() {
    if (closed) return;
    setTimeout(() => {
      if (!closed) void connect();
    }, RECONNECT_MS).unref();
  }

  /**
   * Sends a barrier or a lease renewal of this process's, with whatever changes wait before it. `back`
   * resolves true once it has been heard here, false if it was not within SETTLE_TIMEOUT_MS; `holders`
   * are the other leaseholders the announcement found.
   */
  function announce(kind: 'barrier' | 'alive') {
    const { seq, text } = leases.send(kind);
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<boolean>((resolve) => {
      heard.set(text, resolve);
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    }).finally(() => {
      clearTimeout(timer);
      heard.delete(text);
    });
    const holders = sql.unsafe<{ holders: string }[]>(ANNOUNCE_LEASED, [text, leases.id, leases.leaseMs], PREPARED).then(([row]) => JSON.parse(row?.holders ?? '{}') as Record<string, number>);
    return { seq, back, holders };
  }

  /** Renews this process's lease, resolving once it holds it (or it was not heard in time). */
  async function renew(): Promise<void> {
    const { back, holders } = announce('alive');
    await Promise.all([back, holders]).catch(() => {});
  }

  async function connect(): Promise<void> {
    if (connected) return;
    try {
      await sql.unsafe(`listen ${CHANGE_CHANNEL}`);
      // The feed may have been closed while it waited.
      if (closed) return;
      connected = true;
      // Anything remembered from before this connection may have missed a change.
      subscribers.emit(null);
      if (joined) {
        const old = leases.rejoin();
        await sql.unsafe(LEAVE, [old]).catch(() => {});
      }
      joined = true;
      await renew();
    } catch {
      reconnectLater();
    }
  }

  await connect();
  // The queue is tidied on a connection of its own: a vacuum that gives pages back first waits for its
  // turn at the table (for seconds, while a long transaction has written to it), and the barriers and
  // notifications on the listening connection must not wait behind it.
  const tidier = postgres(url, { max: 1, fetch_types: false, onnotice: () => {}, connection: { application_name: `${CHANGE_FEED_APPLICATION}-tidy` } });
  const stopAnnouncing = announceEvery(
    async () => {
      if (connected) await renew();
    },
    () => (connected ? tidyQueue((statement) => tidier.unsafe<{ pages?: number }[]>(statement)) : Promise.resolve()),
  );

  /** The barrier on its way; a settle that arrives while it is out cannot use it (see settle). */
  let sending: Promise<void> | null = null;
  /** The barrier that the next settle() calls will share: it leaves when the one on its way is back. */
  let waiting: Promise<void> | null = null;

  async function barrier(): Promise<void> {
    if (!connected) return;
    const { seq, back, holders } = announce('barrier');
    try {
      leases.holders(seq, await holders);
      // A barrier that does not come back in time: forget everything rather than risk a stale answer.
      if (!(await back)) subscribers.emit(null);
      await leases.acknowledged(seq);
    } catch {
      subscribers.emit(null);
    } finally {
      leases.abandon(seq);
    }
  }

  return {
    get live() {
      return connected && leases.holds();
    },
    subscribe: subscribers.add,
    settle() {
      if (!connected) return Promise.resolve();
      // One barrier at a time, shared by every writer that settles while the one before it is out: a
      // barrier sent before a write committed proves nothing about it, and one sent after all of them
      // comes back after every change committed before any of them. Under load each barrier then
      // serves a round trip's worth of writers instead of one turn of the event loop's.
      waiting ??= (async () => {
        await Promise.all([sending, new Promise((resolve) => setImmediate(resolve))]);
        waiting = null;
        const current = barrier();
        sending = current;
        await current;
        if (sending === current) sending = null;
      })();
      return waiting;
    },
    async close() {
      closed = true;
      const wasConnected = connected;
      connected = false;
      stopAnnouncing();
      leases.close();
      for (const release of heard.values()) release(false);
      heard.clear();
      if (wasConnected) await sql.unsafe(LEAVE, [leases.id]).catch(() => {});
      await Promise.all([sql.end({ timeout: 5 }), tidier.end({ timeout: 5 })]).catch(() => {});
    },
  };
}
