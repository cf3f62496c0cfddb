import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock';
import type { Database } from '../db/client';
import type { JudgeAdapter } from '../judges/types';
import { openSecondProcessDatabase, openTestDatabase } from '../testing';
import { createJudgeClient, databaseTurns, JudgeDownError } from './judge-client';

const INTERVAL = 300;
const adapter = { id: 'codeforces', defaultOrigin: 'http://judge.test' } as unknown as JudgeAdapter;

/** A judge that notes when each request reached it, and answers 429 with Retry-After when told to. */
function recordingJudge() {
  const at: number[] = [];
  let busyFor: number | null = null;
  return {
    at,
    busy(seconds: number) {
      busyFor = seconds;
    },
    fetch: (): Promise<Response> => {
      at.push(Date.now());
      if (busyFor !== null) {
        const seconds = busyFor;
        busyFor = null;
        return Promise.resolve(new Response('slow down', { status: 429, headers: { 'retry-after': String(seconds) } }));
      }
      return Promise.resolve(new Response('{}', { status: 200 }));
    },
  };
}

const gaps = (times: number[]) => [...times].sort((a, b) => a - b).flatMap((t, i, all) => (i ? [t - all[i - 1]!] : []));

/**
 * A judge's rate limit holds for the deployment: two API processes (two clients on their own database
 * connections, as on PostgreSQL; one connection on PGlite, which is one process anyway) book their turns in
 * the same table, so their requests to one judge never come closer than the judge's interval.
 */
describe('judge turns shared through the database', () => {
  let first: Database;
  let second: Database | null = null;

  beforeAll(async () => {
    first = await openTestDatabase();
    second = await openSecondProcessDatabase(first);
  });
  afterAll(async () => {
    await second?.close();
    await first.close();
  });

  const client = (db: Database, judge: ReturnType<typeof recordingJudge>) =>
    createJudgeClient({ origins: {}, intervalsMs: { codeforces: INTERVAL }, timeoutMs: 5000, clock: systemClock, turns: databaseTurns(db.db), fetch: judge.fetch });

  it('spaces requests from two processes by the judge interval', async () => {
    const judge = recordingJudge();
    const a = client(first, judge);
    const b = client(second ?? first, judge);
    const plan = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `r${i}`, url: 'http://judge.test/api', method: 'GET' as const }));
    await Promise.all([a.run(adapter, plan(3)), b.run(adapter, plan(3)), a.run(adapter, plan(1)), b.run(adapter, plan(1))]);
    expect(judge.at).toHaveLength(8);
    // Turns are booked INTERVAL apart; each request then leaves after its own round trip to the database,
    // so the gaps the judge sees vary by that much. Per-process turns would let each process's first
    // request in together (a gap near 0) and finish in about half the time.
    for (const gap of gaps(judge.at)) expect(gap).toBeGreaterThan(INTERVAL / 3);
    expect(Math.max(...judge.at) - Math.min(...judge.at)).toBeGreaterThanOrEqual(6 * INTERVAL);
  });

  it("holds every process back after a judge's Retry-After", async () => {
    const judge = recordingJudge();
    judge.busy(1);
    const a = client(first, judge);
    const b = client(second ?? first, judge);
    const plan = [{ key: 'one', url: 'http://judge.test/api', method: 'GET' as const }];
    await expect(a.run(adapter, plan)).rejects.toBeInstanceOf(JudgeDownError);
    await b.run(adapter, plan);
    expect(judge.at).toHaveLength(2);
    expect(judge.at[1]! - judge.at[0]!).toBeGreaterThanOrEqual(1000 - 3);
  });
});

describe('a judge that asks for a pause', () => {
  const now = new Date('2026-03-02T10:00:00.000Z');
  const clock = { now: () => now };
  const plan = [{ key: 'one', url: 'http://judge.test/api', method: 'GET' as const }];
  const refusing = (retryAfter: string) => () => Promise.resolve(new Response('slow down', { status: 429, headers: { 'retry-after': retryAfter } }));
  const downError = async (retryAfter: string) => {
    const client = createJudgeClient({ origins: {}, intervalsMs: { codeforces: 0 }, timeoutMs: 5000, clock, fetch: refusing(retryAfter) });
    const err: unknown = await client.run(adapter, plan).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JudgeDownError);
    return err as JudgeDownError;
  };

  it('is down for as long as its Retry-After says, in seconds or as a date, at most an hour', async () => {
    expect((await downError('120')).retryAfterMs).toBe(120_000);
    expect((await downError('Mon, 02 Mar 2026 10:05:00 GMT')).retryAfterMs).toBe(300_000);
    expect((await downError('86400')).retryAfterMs).toBe(3600_000);
    expect((await downError('soon')).retryAfterMs).toBeNull();
  });
});
