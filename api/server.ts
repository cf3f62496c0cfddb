import { ConfigError, configWarnings, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { createTestClock } from './lib/test-clock';
import { startServer } from './serve';

async function main() {
  const config = loadConfig();
  const quiet = config.logLevel === 'silent';
  const testClock = createTestClock();
  for (const warning of configWarnings(config)) console.warn(`Warning: ${warning}`);
  await startServer({
    config,
    ...(testClock && { clock: testClock, wrap: (app) => async (request, ...rest) => (await testClock.handle(request)) ?? app.fetch(request, ...rest) }),
    onSeeded: (summary) => quiet || console.log(`Catalogue: ${summary.questions} questions, ${summary.sheets} curated sheets`),
    onListening: ({ port, database }) =>
      quiet || console.log(`Practice Tracker on http://localhost:${port} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`),
  });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(err.message);
  } else {
    console.error('Could not start the server:', err);
  }
  process.exit(1);
});
