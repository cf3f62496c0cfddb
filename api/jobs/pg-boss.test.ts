import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgBossQueue } from './pg-boss';
import type { JobHandlers, JobQueue } from './queue';

const url = process.env.TEST_DATABASE_URL;
const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

// Row locks and several connections exist only on PostgreSQL; PGlite runs the same queue in one process.
describe.skipIf(!url)('job queue on PostgreSQL: several instances on one database', () => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = url ? postgres(url, { max: 1, onnotice: () => {} }) : null;
  let target = '';
  const queues: JobQueue[] = [];
  const make = () => {
    const q = pgBossQueue({ connectionString: target, contestRefreshMinutes: 60, schedule: false, pollingIntervalSeconds: 0.5, expireInSeconds: 2, maintenanceIntervalSeconds: 1, retryDelaySeconds: 1 });
    queues.push(q);
    return q;
  };
  const handlers = (runs: string[], onAccount: (id: string) => Promise<void>): JobHandlers => ({
    'refresh-account': async ({ accountId }) => {
      runs.push(accountId);
      await onAccount(accountId);
    },
    'refresh-contests': async () => {},
    'refresh-problem-ratings': async () => {},
    'refresh-solves': async () => {},
    'refresh-due-accounts': async () => {},
    'export-github': async () => {},
    'export-due': async () => {},
  });

  beforeAll(async () => {
    await admin!.unsafe(`create database ${name}`);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    target = u.toString();
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop().catch(() => {})));
    await admin!.unsafe(`drop database if exists ${name} with (force)`);
    await admin!.end();
  });

  it('runs each job once across two instances, and queues a key once while it waits', async () => {
    const a = make();
    const b = make();
    const runsA: string[] = [];
    const runsB: string[] = [];
    const pause = () => new Promise<void>((r) => setTimeout(r, 10));
    await a.start(handlers(runsA, pause));
    await b.start(handlers(runsB, pause));
    const ids = Array.from({ length: 40 }, (_, i) => `acc-${i}`);
    for (const id of ids) expect(await a.send('refresh-account', { accountId: id, platform: i(id) }, id)).toBe(true);
    // The same account asked for again while its job waits: not queued twice.
    const again = await b.send('refresh-account', { accountId: 'acc-39', platform: i('acc-39') }, 'acc-39');
    await until(() => runsA.length + runsB.length >= 40);
    await new Promise((r) => setTimeout(r, 1500));
    const all = [...runsA, ...runsB];
    expect([...all].sort()).toEqual([...ids, ...(again ? ['acc-39'] : [])].sort());
    expect(new Set(all).size).toBe(40);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('retries a job whose handler failed, and one whose worker stopped answering mid-job', async () => {
    const c = make();
    const d = make();
    const runs: string[] = [];
    let failedOnce = false;
    let hung = false;
    const work = async (id: string) => {
      // The first run of 'stuck' never ends, as in a process that died mid-job: the job expires and is taken again.
      if (id === 'stuck' && !hung) {
        hung = true;
        await new Promise(() => {});
      }
      if (id === 'flaky' && !failedOnce) {
        failedOnce = true;
        throw new Error('judge answered 503');
      }
    };
    await c.start(handlers(runs, work));
    await c.send('refresh-account', { accountId: 'stuck', platform: 'leetcode' }, 'stuck');
    await until(() => runs.includes('stuck'));
    await d.start(handlers(runs, work));
    await d.send('refresh-account', { accountId: 'flaky', platform: 'atcoder' }, 'flaky');
    await until(() => runs.filter((r) => r === 'flaky').length === 2 && runs.filter((r) => r === 'stuck').length === 2, 30_000);
    expect(failedOnce).toBe(true);
  }, 40_000);
});

/** Spreads the jobs over two judges' queues. */
function i(id: string): string {
  return Number(id.split('-')[1]) % 2 ? 'codeforces' : 'leetcode';
}

describe.skipIf(!!url)('job queue on PGlite: pg-boss through the embedded connection', () => {
  it('creates its schema, runs a job, and keeps a waiting key once', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite();
    const q = pgBossQueue({ pglite: client, contestRefreshMinutes: 60, schedule: false, pollingIntervalSeconds: 0.5 });
    const runs: string[] = [];
    try {
      expect(await q.send('refresh-account', { accountId: 'one', platform: 'codeforces' }, 'one')).toBe(true);
      expect(await q.send('refresh-account', { accountId: 'one', platform: 'codeforces' }, 'one')).toBe(false);
      await q.start({
        'refresh-account': ({ accountId }) => {
          runs.push(accountId);
          return Promise.resolve();
        },
        'refresh-contests': async () => {},
        'refresh-problem-ratings': async () => {},
        'refresh-solves': async () => {},
        'refresh-due-accounts': async () => {},
        'export-github': async () => {},
        'export-due': async () => {},
      });
      await until(() => runs.length === 1);
      const { rows } = await client.query<{ state: string }>(`select state from pgboss.job where name = 'refresh-account-codeforces'`);
      expect(rows.length).toBe(1);
    } finally {
      await q.stop();
      await client.close();
    }
  }, 60_000);
});
