import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import { judges } from '../judges/index';
import { RETRY_DELAY_SECONDS, RETRY_LIMIT, type JobData, type JobHandlers, type JobName, type JobQueue } from './queue';

/** Jobs a worker takes at once. */
const BATCH_SIZE = 10;

/** Each judge's refreshes have a queue of their own, so a slow judge never holds up the others. */
const accountQueue = (platform: string) => `refresh-account-${platform}`;

export interface PgBossQueueOptions {
  /** PostgreSQL: pg-boss's own connection pool. */
  connectionString?: string;
  /** PGlite: pg-boss runs its SQL through the embedded database's single connection. */
  pglite?: PGlite;
  contestRefreshMinutes: number;
  /** Seconds a job may run before it counts as crashed and is retried (a process that died mid-job). */
  expireInSeconds?: number;
  /** How often pg-boss looks for expired jobs and retries that are due. */
  maintenanceIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
  /** First wait before a failed job is tried again (doubling after). */
  retryDelaySeconds?: number;
  /** Whether this process runs the periodic jobs' schedule (every process may; pg-boss sends each once). */
  schedule?: boolean;
  onError?: (err: Error) => void;
}

/**
 * The job queue on pg-boss: jobs live in PostgreSQL (schema pgboss), so they survive restarts, and each
 * job is handed to exactly one worker across every process on the database (SELECT ... FOR UPDATE SKIP
 * LOCKED). A job that throws, or whose process dies mid-job (it expires), is retried with backoff.
 */
export function pgBossQueue(options: PgBossQueueOptions): JobQueue & { boss: PgBoss } {
  const pglite = options.pglite;
  const db: PgBoss.Db | undefined = pglite && {
    // pg-boss types values as always given, but sends its migrations as one multi-statement text without them.
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length) return { rows: (await pglite.query(text, values)).rows };
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
  const boss = new PgBoss({
    ...(db ? { db } : { connectionString: options.connectionString, max: 4 }),
    retryLimit: RETRY_LIMIT,
    retryDelay: options.retryDelaySeconds ?? RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds ?? 300,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    schedule: options.schedule ?? true,
  });
  boss.on('error', (err) => options.onError?.(err));
  const polling = options.pollingIntervalSeconds ?? 2;
  let started: Promise<void> | null = null;

  const ensure = () =>
    (started ??= (async () => {
      await boss.start();
      // 'short': at most one waiting job per key, so asking twice for one account queues it once.
      for (const j of judges) await boss.createQueue(accountQueue(j.id), { name: accountQueue(j.id), policy: 'short' });
      await boss.createQueue('refresh-contests', { name: 'refresh-contests', policy: 'short' });
      await boss.createQueue('refresh-due-accounts', { name: 'refresh-due-accounts', policy: 'short' });
      await boss.createQueue('refresh-problem-ratings', { name: 'refresh-problem-ratings', policy: 'short' });
      await boss.createQueue('refresh-solves', { name: 'refresh-solves', policy: 'short' });
      await boss.createQueue('export-github', { name: 'export-github', policy: 'short' });
      await boss.createQueue('export-due', { name: 'export-due', policy: 'short' });
    })());

  const nameOf = <N extends JobName>(name: N, data: JobData[N]) =>
    name === 'refresh-account' ? accountQueue((data as JobData['refresh-account']).platform) : name;

  return {
    boss,
    async send(name, data, key, sendOptions) {
      await ensure();
      const id = await boss.send(nameOf(name, data), data as object, {
        ...(key && { singletonKey: key }),
        ...(sendOptions?.startAfterSeconds && { startAfter: Math.ceil(sendOptions.startAfterSeconds) }),
      });
      return id !== null;
    },
    async start(handlers: JobHandlers) {
      await ensure();
      // A worker waits out its polling interval after each fetch: it takes a batch, so a long queue of quick
      // jobs is not held to one job per interval. A job that throws fails (and is retried) alone; pg-boss
      // completes the rest of the batch when the handler returns.
      const work = async (queue: string, run: (data: never) => Promise<void>) => {
        await boss.work(queue, { batchSize: BATCH_SIZE, pollingIntervalSeconds: polling }, async (jobs) => {
          for (const job of jobs) {
            try {
              await run(job.data as never);
            } catch (err) {
              await boss.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) });
            }
          }
        });
      };
      for (const j of judges) await work(accountQueue(j.id), handlers['refresh-account']);
      await work('refresh-contests', handlers['refresh-contests']);
      await work('refresh-due-accounts', handlers['refresh-due-accounts']);
      await work('refresh-problem-ratings', handlers['refresh-problem-ratings']);
      await work('refresh-solves', handlers['refresh-solves']);
      await work('export-github', handlers['export-github']);
      await work('export-due', handlers['export-due']);
      if (options.schedule ?? true) {
        const minutes = options.contestRefreshMinutes;
        await boss.schedule('refresh-contests', minutes >= 60 ? '0 * * * *' : `*/${Math.max(1, minutes)} * * * *`, {});
        await boss.schedule('refresh-due-accounts', '17 * * * *', {});
        // Automatic exports go out within a minute of a new solution.
        await boss.schedule('export-due', '* * * * *', {});
        // Problem lists are several megabytes and change with each contest: once a day is enough.
        await boss.schedule('refresh-problem-ratings', '43 3 * * *', {});
        // A fresh start has no list yet: read one now rather than at the next tick.
        await boss.send('refresh-contests', {}, { singletonKey: 'startup' });
        await boss.send('refresh-problem-ratings', {}, { singletonKey: 'startup' });
      }
    },
    async stop() {
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: true, wait: true, timeout: 5000, close: true });
    },
  };
}
