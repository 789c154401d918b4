import { loadSettings, type ServerSettings } from './config/load-config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { isDatabaseUnavailable } from './db/database-unavailable.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { StartTimings } from './start-timings.ts';
import { startTestClock } from './test-clock.ts';

/**
 * Entry: read configuration, open and migrate the database, and meanwhile load the rest of the server
 * and build its app (start-server.ts), which then seeds an empty database and listens. The embedded
 * database opens in its own thread (WebAssembly compiled, data folder read): started first, it runs
 * beside the loading of the code and the building of the app instead of before them,
 * so only these few modules load before it.
 */
async function main(): Promise<void> {
  const timings = new StartTimings();
  // Whatever the server creates (data, mail, keys) is readable by its own user only.
  process.umask(0o077);
  let settings: ServerSettings;
  try {
    settings = loadSettings();
    // Before the database opens: its thread follows the same clock (test-clock.ts; tests only).
    if (startTestClock(settings)) console.log('  Test clock: on (moved by the test harness only)');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const database = openDatabase({
    databaseUrl: settings.databaseUrl,
    postgres: settings.postgres,
    dataDir: settings.dataDir,
    log: (message, error) => console.warn(`${message}: ${(error as Error).message}`),
  })
    .catch((error: unknown) => {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.error(error.message);
      process.exit(1);
    })
    .then(async (db) => {
      timings.beside('database');
      await migrateOnceReachable(db);
      timings.beside('migrations');
      return db;
    });
  const { startServer } = await import('./start-server.ts');
  timings.lap('code');
  await startServer(settings, database, timings);
}

/** How often a server started before its database tries it again. */
const databaseRetryMs = 2_000;

/**
 * A server may start before its database does (a compose file, a failover under way): it waits for
 * it, saying so, rather than exiting. Anything else that stops the migrations stops the start.
 */
async function migrateOnceReachable(db: Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(db, (line) => console.log(line));
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const cause = ((error as Error).cause ?? error) as Error;
      if (attempt === 1 || attempt % 15 === 0) {
        console.warn(
          `waiting for the database (${cause.message}); trying again every ${databaseRetryMs / 1000} s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, databaseRetryMs));
    }
  }
}

await main();
