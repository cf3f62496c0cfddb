/**
 * Background jobs behind one small interface: pg-boss in the server (jobs/pg-boss.ts), a queue the tests
 * drive by hand (manualQueue). A job is named and carries plain JSON.
 */
export interface JobData {
  /** Read one linked account from its judge again. */
  'refresh-account': { accountId: string; platform: string };
  /** Read one judge's contest list again (every judge with a list when platform is absent). */
  'refresh-contests': { platform?: string };
  /** Read one judge's problem list with its difficulties again (every judge's when platform is absent). */
  'refresh-problem-ratings': { platform?: string };
  /** Read a linked account's accepted problems and contests again (recommendations and upsolving). */
  'refresh-solves': { accountId: string };
  /** Queue a refresh of every account whose figures are older than ACCOUNT_REFRESH_HOURS. */
  'refresh-due-accounts': Record<string, never>;
  /** Run (or carry on) a user's export to GitHub; runId names the run it was queued for. */
  'export-github': { userId: string; runId: string };
  /** Start automatic exports where new solutions were kept, and take up runs left behind (every minute). */
  'export-due': Record<string, never>;
}
export type JobName = keyof JobData;
export interface SendOptions {
  /** Run it no sooner than this many seconds from now (a rate limit's wait). */
  startAfterSeconds?: number;
}
export type JobHandlers = { [N in JobName]: (data: JobData[N]) => Promise<void> };

export interface JobQueue {
  /** Queues a job; one already waiting under the same key makes this a no-op (false). */
  send<N extends JobName>(name: N, data: JobData[N], key?: string, options?: SendOptions): Promise<boolean>;
  /** Starts the workers (and the periodic jobs) with these handlers. */
  start(handlers: JobHandlers): Promise<void>;
  stop(): Promise<void>;
}

/** A failed job is tried this many more times, waiting longer each time (backoff from RETRY_DELAY_SECONDS). */
export const RETRY_LIMIT = 5;
export const RETRY_DELAY_SECONDS = 30;

/**
 * A queue in memory that runs nothing until `drain()`: tests queue, look, then run what is waiting,
 * retrying a failed job up to RETRY_LIMIT times like the real queue (without the waits).
 */
export function manualQueue() {
  const waiting: { name: JobName; data: unknown; key: string | undefined; tries: number; startAfterSeconds?: number }[] = [];
  let handlers: JobHandlers | null = null;
  const failures: { name: JobName; error: unknown }[] = [];
  const queue = {
    sent: [] as { name: JobName; data: unknown; startAfterSeconds?: number }[],
    failures,
    /** A delayed job waits like any other: a test moves its clock and drains. */
    send<N extends JobName>(name: N, data: JobData[N], key?: string, options?: SendOptions) {
      if (key && waiting.some((j) => j.name === name && j.key === key)) return Promise.resolve(false);
      waiting.push({ name, data, key, tries: 0, ...options });
      queue.sent.push({ name, data, ...options });
      return Promise.resolve(true);
    },
    start(h: JobHandlers) {
      handlers = h;
      return Promise.resolve();
    },
    async stop() {},
    waiting: () => waiting.map((j) => ({ name: j.name, data: j.data })),
    /** Runs every waiting job (and those they queue) until none is left; returns how many runs there were. */
    async drain(): Promise<number> {
      if (!handlers) throw new Error('manualQueue: start() it with handlers first');
      let runs = 0;
      for (let job = waiting.shift(); job; job = waiting.shift()) {
        runs++;
        try {
          await (handlers[job.name] as (d: unknown) => Promise<void>)(job.data);
        } catch (error) {
          if (++job.tries <= RETRY_LIMIT) waiting.push(job);
          else failures.push({ name: job.name, error });
        }
      }
      return runs;
    },
  };
  return queue satisfies JobQueue;
}
