import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedLeases, formatSignal, parseSignal, type Signal } from './feed-leases';

const A = '4a0c5a9e-1111-4c1e-9f00-000000000001';
const B = '4a0c5a9e-2222-4c1e-9f00-000000000002';
const C = '4a0c5a9e-3333-4c1e-9f00-000000000003';

describe('feed signals', () => {
  it('reads back what it writes', () => {
    const signals: Signal[] = [
      { kind: 'barrier', from: A, seq: 7 },
      { kind: 'alive', from: B, seq: 1 },
      { kind: 'ack', from: C, barriers: [{ to: A, seq: 7 }, { to: B, seq: 12 }] },
      { kind: 'gone', from: A },
    ];
    for (const signal of signals) expect(parseSignal(formatSignal(signal))).toEqual(signal);
  });

  it('refuses malformed or hostile payloads, and is not a tag', () => {
    for (const payload of [
      'sheet:1',
      'feed:',
      'feed:barrier',
      `feed:barrier:${A}`,
      `feed:barrier:${A}:x`,
      `feed:barrier:${A}:1:2`,
      `feed:alive:${A}:-1`,
      `feed:ack:${A}`,
      `feed:ack:${A}:${B}`,
      `feed:ack:${A}:${B}/1/2`,
      `feed:ack:${A}:${B}/1,`,
      `feed:gone:${A}:1`,
      `feed:gone:'; drop table users; --`,
      `feed:unknown:${A}:1`,
      `feed:barrier:${'a'.repeat(65)}:1`,
    ]) {
      expect(parseSignal(payload), payload).toBeNull();
    }
  });
});

describe('a process’s leases and acknowledgements', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  /** A process whose clock is the fake one. */
  const newProcess = () => new FeedLeases(() => Date.now(), 3_000);
  const heardBack = (leases: FeedLeases, seq: number, kind: 'barrier' | 'alive' = 'alive') => leases.hear({ kind, from: leases.id, seq });
  async function settled(promise: Promise<void>): Promise<boolean> {
    let done = false;
    void promise.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it('holds a lease only once its own announcement is back, for the lease counted from when it was sent', () => {
    const p = newProcess();
    expect(p.holds()).toBe(false);
    const { seq } = p.send('alive');
    vi.advanceTimersByTime(500);
    expect(p.holds()).toBe(false);
    heardBack(p, seq);
    expect(p.holds()).toBe(true);
    vi.advanceTimersByTime(2_499);
    expect(p.holds()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(p.holds()).toBe(false);
    // Another process's announcement, or one of its own it never sent, renews nothing.
    p.hear({ kind: 'alive', from: B, seq: seq + 1 });
    p.hear({ kind: 'alive', from: p.id, seq: seq + 5 });
    expect(p.holds()).toBe(false);
  });

  it("waits for every leaseholder the barrier's announcement listed, and counts an acknowledgement that came first", async () => {
    const p = newProcess();
    const { seq } = p.send('barrier');
    const done = p.acknowledged(seq);
    heardBack(p, seq, 'barrier');
    p.hear({ kind: 'ack', from: C, barriers: [{ to: p.id, seq }] });
    p.holders(seq, { [B]: 2_000, [C]: 2_500 });
    expect(await settled(done)).toBe(false);
    // An acknowledgement of another barrier, or of another process's, does not count.
    p.hear({ kind: 'ack', from: B, barriers: [{ to: p.id, seq: seq + 1 }, { to: A, seq }] });
    expect(await settled(done)).toBe(false);
    p.hear({ kind: 'ack', from: B, barriers: [{ to: A, seq: 3 }, { to: p.id, seq }] });
    expect(await settled(done)).toBe(true);
  });

  it('stops waiting for a silent leaseholder when its lease runs out, or when it leaves', async () => {
    const p = newProcess();
    const first = p.send('barrier').seq;
    const silent = p.acknowledged(first);
    p.holders(first, { [B]: 1_200, [C]: 400 });
    p.hear({ kind: 'ack', from: B, barriers: [{ to: p.id, seq: first }] });
    await vi.advanceTimersByTimeAsync(399);
    expect(await settled(silent)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(silent)).toBe(true);

    const second = p.send('barrier').seq;
    const leaving = p.acknowledged(second);
    p.holders(second, { [B]: 3_000 });
    expect(await settled(leaving)).toBe(false);
    p.hear({ kind: 'gone', from: B });
    expect(await settled(leaving)).toBe(true);

    // With no other leaseholder there is nothing to wait for.
    const third = p.send('barrier').seq;
    const alone = p.acknowledged(third);
    p.holders(third, {});
    expect(await settled(alone)).toBe(true);
  });

  it("owes an acknowledgement for each other process's barrier, none for its own or for a renewal", () => {
    const p = newProcess();
    const own = p.send('barrier').seq;
    heardBack(p, own, 'barrier');
    p.hear({ kind: 'alive', from: B, seq: 4 });
    expect(p.takeAcks()).toEqual([]);
    p.hear({ kind: 'barrier', from: B, seq: 4 });
    p.hear({ kind: 'barrier', from: C, seq: 9 });
    expect(p.takeAcks().map(parseSignal)).toEqual([{ kind: 'ack', from: p.id, barriers: [{ to: B, seq: 4 }, { to: C, seq: 9 }] }]);
    expect(p.takeAcks()).toEqual([]);
    // Many at once go out in several signals, each well under a notification's 8,000 bytes.
    for (let seq = 0; seq < 250; seq++) p.hear({ kind: 'barrier', from: B, seq });
    const signals = p.takeAcks();
    expect(signals).toHaveLength(3);
    expect(Math.max(...signals.map((s) => s.length))).toBeLessThan(8_000);
    expect(signals.flatMap((s) => (parseSignal(s) as Extract<Signal, { kind: 'ack' }>).barriers)).toHaveLength(250);
  });

  it('loses its lease with its connection, and listens again under a new id', () => {
    const p = newProcess();
    const seq = p.send('alive').seq;
    heardBack(p, seq);
    expect(p.holds()).toBe(true);
    p.lapse();
    expect(p.holds()).toBe(false);
    const before = p.id;
    const late = p.send('alive').seq;
    expect(p.rejoin()).toBe(before);
    expect(p.id).not.toBe(before);
    // An announcement sent under the old id proves nothing about the new connection.
    p.hear({ kind: 'alive', from: before, seq: late });
    expect(p.holds()).toBe(false);
    heardBack(p, p.send('alive').seq);
    expect(p.holds()).toBe(true);
  });

  it('stops every wait when the feed closes', async () => {
    const p = newProcess();
    const seq = p.send('barrier').seq;
    const done = p.acknowledged(seq);
    p.holders(seq, { [B]: 3_000 });
    p.close();
    expect(await settled(done)).toBe(true);
    expect(p.holds()).toBe(false);
  });
});
