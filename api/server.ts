import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createTestClock } from './lib/test-clock';
import { openThrottle } from './services/login-throttle';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError, openDatabase } from './db/client';
import { seedDatabase } from './db/seed';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const throttle = await openThrottle(config, database.db);
  if (config.seed) {
    const summary = await seedDatabase(database.db);
    if (config.logLevel !== 'silent') console.log(`Catalogue: ${summary.questions} questions, ${summary.sheets} curated sheets`);
  }
  const testClock = createTestClock();
  const app = createApp({ db: database.db, config, changes: database.changes, throttle, ...(testClock && { clock: testClock }) });
  const fetch: typeof app.fetch = testClock ? async (request, ...rest) => (await testClock.handle(request)) ?? app.fetch(request, ...rest) : app.fetch;
  const server = serve({ fetch, port: config.port, hostname: config.host }, (info) => {
    if (config.logLevel !== 'silent') {
      console.log(`Practice Tracker on http://localhost:${info.port} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
    }
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void Promise.all([throttle.close(), database.close()]).finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(err.message);
  } else {
    console.error('Could not start the server:', err);
  }
  process.exit(1);
});
