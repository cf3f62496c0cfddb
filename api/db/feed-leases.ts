import { randomUUID } from 'node:crypto';

/**
 * How long a process may answer from memory after sending an announcement that has since come back to it.
 * Every process renews its lease once a second (and with every write's barrier), so a lease runs out only
 * when a process stops hearing itself: its connection or its event loop is stuck, or it is gone.
 */
const LEASE_MS = 3_000;

/**
 * What processes say to each other on the change channel, beside the changed tags: a write's barrier
 * (every other leaseholder acknowledges it), a lease's renewal, the acknowledgements, and a process
 * leaving. Tags ('sheet:<id>', …) never start with the prefix.
 */
export type Signal =
  | { kind: 'barrier' | 'alive'; from: string; seq: number }
  | { kind: 'ack'; from: string; barriers: { to: string; seq: number }[] }
  | { kind: 'gone'; from: string };

const PREFIX = 'feed:';
/** NOTIFY payloads stay under 8,000 bytes: about 45 bytes per acknowledged barrier. */
const ACKS_PER_SIGNAL = 100;

export const isSignal = (payload: string): boolean => payload.startsWith(PREFIX);

export function formatSignal(signal: Signal): string {
  switch (signal.kind) {
    case 'barrier':
    case 'alive':
      return `${PREFIX}${signal.kind}:${signal.from}:${signal.seq}`;
    case 'ack':
      return `${PREFIX}ack:${signal.from}:${signal.barriers.map((b) => `${b.to}/${b.seq}`).join(',')}`;
    case 'gone':
      return `${PREFIX}gone:${signal.from}`;
  }
}

const ID = /^[0-9a-f-]{1,64}$/;
const SEQ = /^\d{1,15}$/;

/** The signal a payload carries; null for anything malformed (the channel also takes SQL typed by hand). */
export function parseSignal(payload: string): Signal | null {
  if (!isSignal(payload)) return null;
  const [kind, from, rest, extra] = payload.slice(PREFIX.length).split(':');
  if (from === undefined || !ID.test(from) || extra !== undefined) return null;
  if (kind === 'gone') return rest === undefined ? { kind, from } : null;
  if (rest === undefined) return null;
  if (kind === 'barrier' || kind === 'alive') return SEQ.test(rest) ? { kind, from, seq: Number(rest) } : null;
  if (kind !== 'ack') return null;
  const barriers: { to: string; seq: number }[] = [];
  for (const part of rest.split(',')) {
    const [to, seq, more] = part.split('/');
    if (to === undefined || seq === undefined || more !== undefined || !ID.test(to) || !SEQ.test(seq)) return null;
    barriers.push({ to, seq: Number(seq) });
  }
  return { kind, from, barriers };
}

/** One barrier of this process's, waiting for every other leaseholder to acknowledge it or lose its lease. */
class AckWait {
  private readonly acked = new Set<string>();
  /** Leaseholder → the moment (this process's clock) its lease has certainly run out. */
  private awaiting: Map<string, number> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private finish!: () => void;
  readonly done = new Promise<void>((resolve) => (this.finish = resolve));

  constructor(private readonly now: () => number) {}

  /** The leaseholders the announcement found, with the milliseconds left on each lease. */
  expect(holders: Record<string, number>): void {
    const at = this.now();
    this.awaiting = new Map(Object.entries(holders).flatMap(([id, ms]) => (this.acked.has(id) ? [] : [[id, at + ms] as const])));
    this.check();
  }

  /** An acknowledgement, or the process leaving: either way it answers nothing from memory it has not dropped. */
  release(id: string): void {
    this.acked.add(id);
    this.awaiting?.delete(id);
    this.check();
  }

  end(): void {
    clearTimeout(this.timer);
    this.awaiting = new Map();
    this.finish();
  }

  private check(): void {
    const awaiting = this.awaiting;
    if (!awaiting) return;
    const at = this.now();
    for (const [id, until] of awaiting) if (until <= at) awaiting.delete(id);
    clearTimeout(this.timer);
    if (awaiting.size === 0) {
      this.finish();
      return;
    }
    const next = Math.min(...awaiting.values());
    this.timer = setTimeout(() => this.check(), Math.max(1, Math.ceil(next - at)));
    this.timer.unref();
  }
}

/**
 * This process's side of the leases (migration 0021): its id among the listeners, its own lease, the
 * acknowledgements it owes, and its barriers' waits. No I/O: the change feed sends and hears for it.
 *
 * Why a write then is never answered from a stale memory elsewhere: a process answers from memory only
 * within its lease, which starts when an announcement of its own comes back to it, so it has heard every
 * change announced before that one. Announcements take turns (one lock), so a lease taken after a
 * barrier's announcement comes after that barrier's changes, and one taken before it is among the
 * leaseholders the barrier's announcement lists, whose acknowledgements (or the end of whose leases) the
 * writer waits for. The database's clock dates a lease from after the process's own clock started it,
 * so the process stops answering from memory no later than the database says its lease ends.
 */
export class FeedLeases {
  private current = randomUUID();
  private seq = 0;
  /** This process's announcements on their way: seq → when each was sent. */
  private readonly out = new Map<number, number>();
  private leaseUntil = Number.NEGATIVE_INFINITY;
  private readonly waits = new Map<number, AckWait>();
  private owed: { to: string; seq: number }[] = [];

  constructor(
    private readonly now: () => number = () => performance.now(),
    readonly leaseMs = LEASE_MS,
  ) {}

  get id(): string {
    return this.current;
  }

  /** Whether this process may answer from memory now. */
  holds(): boolean {
    return this.now() < this.leaseUntil;
  }

  /** An announcement about to be sent: its return renews the lease, and a barrier's acknowledgements count from now. */
  send(kind: 'barrier' | 'alive'): { seq: number; text: string } {
    const seq = ++this.seq;
    this.out.set(seq, this.now());
    if (kind === 'barrier') this.waits.set(seq, new AckWait(this.now));
    return { seq, text: formatSignal({ kind, from: this.current, seq }) };
  }

  /** The other leaseholders a barrier's announcement listed (id → milliseconds left on the lease). */
  holders(seq: number, holders: Record<string, number>): void {
    this.waits.get(seq)?.expect(holders);
  }

  /** Resolves once every leaseholder listed for the barrier has acknowledged it or lost its lease. */
  async acknowledged(seq: number): Promise<void> {
    const wait = this.waits.get(seq);
    if (!wait) return;
    try {
      await wait.done;
    } finally {
      this.waits.delete(seq);
    }
  }

  /** Forgets the barrier: done with, or its announcement failed (then nothing waits for its acknowledgements). */
  abandon(seq: number): void {
    this.waits.get(seq)?.end();
    this.waits.delete(seq);
    this.out.delete(seq);
  }

  hear(signal: Signal): void {
    if (signal.kind === 'gone') {
      for (const wait of this.waits.values()) wait.release(signal.from);
      return;
    }
    if (signal.kind === 'ack') {
      for (const barrier of signal.barriers) if (barrier.to === this.current) this.waits.get(barrier.seq)?.release(signal.from);
      return;
    }
    if (signal.from !== this.current) {
      if (signal.kind === 'barrier') this.owed.push({ to: signal.from, seq: signal.seq });
      return;
    }
    const sentAt = this.out.get(signal.seq);
    if (sentAt === undefined) return;
    this.out.delete(signal.seq);
    this.leaseUntil = Math.max(this.leaseUntil, sentAt + this.leaseMs);
  }

  /** The acknowledgements owed since the last call, as signals to send (usually one). */
  takeAcks(): string[] {
    const owed = this.owed;
    this.owed = [];
    const signals: string[] = [];
    for (let i = 0; i < owed.length; i += ACKS_PER_SIGNAL) {
      signals.push(formatSignal({ kind: 'ack', from: this.current, barriers: owed.slice(i, i + ACKS_PER_SIGNAL) }));
    }
    return signals;
  }

  /**
   * The connection dropped and listens again: the lease is gone with everything kept, and the process
   * continues under a new id, since it can never acknowledge what was announced meanwhile. Returns the
   * old id, to be announced gone.
   */
  rejoin(): string {
    const old = this.current;
    this.current = randomUUID();
    this.leaseUntil = Number.NEGATIVE_INFINITY;
    this.out.clear();
    this.owed = [];
    return old;
  }

  /** The connection dropped: nothing is answered from memory until the lease is taken again. */
  lapse(): void {
    this.leaseUntil = Number.NEGATIVE_INFINITY;
  }

  /** The feed closed: no barrier waits any longer. */
  close(): void {
    this.lapse();
    for (const wait of this.waits.values()) wait.end();
    this.waits.clear();
  }
}
