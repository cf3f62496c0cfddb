import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedBy, Batches, byInputId, rowsInIdOrder, type BatchItem } from './batches';

interface Item extends BatchItem {
  n: number;
}

const item = (n: number, key = `k${n}`): Item => ({ key, shape: 'one', n });

/** A send whose batches stay out until released, each recorded as the list of its items' numbers. */
function heldSend() {
  const sent: number[][] = [];
  const releases: (() => void)[] = [];
  const send = (items: Item[]) => {
    sent.push(items.map((i) => i.n));
    return new Promise<number[]>((resolve) => releases.push(() => resolve(items.map((i) => i.n * 10))));
  };
  return { sent, releases, send };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 5 });

describe('batches of small statements', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends what arrives while a batch is out as the next batch, one statement for all', async () => {
    const { sent, releases, send } = heldSend();
    const batches = new Batches(send);
    const first = batches.add(item(1));
    const rest = [batches.add(item(2)), batches.add(item(3))];
    expect(sent).toEqual([[1]]);
    releases[0]!();
    expect(await first).toBe(10);
    await until(() => sent.length === 2);
    expect(sent[1]).toEqual([2, 3]);
    releases[1]!();
    expect(await Promise.all(rest)).toEqual([20, 30]);
  });

  it('sends a key’s items one batch at a time, in the order they came', async () => {
    const { sent, releases, send } = heldSend();
    const batches = new Batches(send);
    const answers = [batches.add(item(1, 'a')), batches.add(item(2, 'a')), batches.add(item(3, 'b'))];
    // 1 stays out: once it is slow, 3 goes out beside it, and 2 waits for its key.
    await until(() => sent.length === 2);
    expect(sent).toEqual([[1], [3]]);
    releases[0]!();
    await until(() => sent.length === 3);
    expect(sent[2]).toEqual([2]);
    releases[1]!();
    releases[2]!();
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
  });

  it('sends another batch beside one that has been out too long, even when its timer fires early', async () => {
    const { sent, releases, send } = heldSend();
    const batches = new Batches(send);
    // The first batch is stamped as leaving 30 ms later than its timers count from, as when the event
    // loop's clock lags behind performance.now() on a busy machine: its slow timer fires early.
    const now = performance.now.bind(performance);
    const lag = vi.spyOn(performance, 'now').mockImplementation(() => now() + 30);
    const held = batches.add(item(1));
    lag.mockRestore();
    const second = batches.add(item(2));
    expect(sent).toEqual([[1]]);
    await until(() => sent.length === 2);
    expect(sent[1]).toEqual([2]);
    releases[1]!();
    expect(await second).toBe(20);
    releases[0]!();
    expect(await held).toBe(10);
  });

  it('fails only the item that cannot be written when its batch fails', async () => {
    let calls = 0;
    const batches = new Batches<Item, number>((items) => {
      calls += 1;
      return items.some((i) => i.n === 2) ? Promise.reject(new Error(`no ${items.length}`)) : Promise.resolve(items.map((i) => i.n));
    });
    const first = batches.add(item(1)); // goes out alone, so the next three share a batch
    const results = await Promise.allSettled([first, batches.add(item(2)), batches.add(item(3)), batches.add(item(4))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('no 1'));
    expect(calls).toBe(5); // 1; then 2, 3, 4 together; then each again alone
  });

  it('keeps one set of batches per database: a key held on one does not hold it on another', async () => {
    const sent: [string, number[]][] = [];
    const releases: (() => void)[] = [];
    const add = batchedBy((db: { name: string }, items: Item[]) => {
      sent.push([db.name, items.map((i) => i.n)]);
      return new Promise<number[]>((resolve) => releases.push(() => resolve(items.map((i) => i.n))));
    });
    const one = { name: 'one' };
    const other = { name: 'other' };
    const first = add(one, item(1, 'k'));
    const beside = add(other, item(2, 'k'));
    const after = add(one, item(3, 'k'));
    expect(sent).toEqual([['one', [1]], ['other', [2]]]);
    releases[0]!();
    await until(() => sent.length === 3);
    expect(sent[2]).toEqual(['one', [3]]);
    releases[1]!();
    releases[2]!();
    expect(await Promise.all([first, beside, after])).toEqual([1, 2, 3]);
  });

  it('sends a batch’s rows in id order and answers each input by its id, in the inputs’ order', () => {
    const inputs = [{ id: 'c' }, { id: 'a' }, { id: 'b' }];
    expect(JSON.parse(rowsInIdOrder(inputs))).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(byInputId(inputs, [{ id: 'a', n: 1 }, { id: 'c', n: 3 }])).toEqual([{ id: 'c', n: 3 }, { id: 'a', n: 1 }, undefined]);
  });
});
