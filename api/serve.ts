import { serve } from '@hono/node-server';
import { createApp, type AppType } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedDatabase } from './db/seed';
import { canonicalizeTopicsOnce } from './db/topic-vocabulary';
import type { Clock } from './lib/clock';
import { openThrottle } from './services/login-throttle';
import { pgBossQueue } from './jobs/pg-boss';
import { dataDirSecretsKey } from './lib/secrets';

export interface Served {
  app: AppType;
  database: Database;
  /** Stops listening, closes the throttle store and the database, and ends the process. */
  stop(): void;
}

type Fetch = AppType['fetch'];

/**
 * Starts the API the one way it is started, by api/server.ts and by the benchmark's server: the database
 * (migrated), the sign-in throttle store, the seed when configured, the app, the listener, and a clean
 * stop on SIGINT and SIGTERM. `wrap` puts a handler of the caller's in front of the app's fetch.
 */
export async function startServer(options: {
  config: Config;
  clock?: Clock;
  wrap?: (app: AppType) => Fetch;
  onListening: (info: { port: number; database: Database }) => void;
  onSeeded?: (summary: { questions: number; sheets: number }) => void;
}): Promise<Served> {
  // Users' secrets (GitHub tokens) are sealed with SECRETS_KEY, or with a key kept in the data directory.
  const config = options.config.secretsKey ? options.config : { ...options.config, secretsKey: dataDirSecretsKey(options.config.dataDir) };
  const database = await openDatabase(config);
  const throttle = await openThrottle(config, database.db);
  await canonicalizeTopicsOnce(database.db);
  if (config.seed) options.onSeeded?.(await seedDatabase(database.db));
  // Judge refreshes and contest lists: pg-boss on PostgreSQL, and on PGlite through its one connection.
  const jobs = pgBossQueue({
    ...(database.pglite ? { pglite: database.pglite } : { connectionString: config.databaseUrl }),
    contestRefreshMinutes: config.contestRefreshMinutes,
    onError: (err) => config.logLevel !== 'silent' && console.error(JSON.stringify({ level: 'error', jobs: err.message })),
  });
  const app = createApp({ db: database.db, config, changes: database.changes, throttle, jobs, runJobs: config.jobs, ...(options.clock && { clock: options.clock }) });
  const server = serve({ fetch: options.wrap ? options.wrap(app) : app.fetch, port: config.port, hostname: config.host }, (info) =>
    options.onListening({ port: info.port, database }),
  );
  // Node closes an idle kept-alive connection after 5 s, which races a client (or a proxy, commonly idle up
  // to 60 s) sending on it at that moment: the request is reset unanswered. The server waits longer than they do.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void jobs
      .stop()
      .catch(() => {})
      .then(() => Promise.all([throttle.close(), database.close()]))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return { app, database, stop };
}
