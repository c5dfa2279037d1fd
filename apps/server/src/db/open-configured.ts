import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openPglite, openPostgres, type DatabaseHandle, type PostgresPoolOptions } from './client.ts';

/**
 * What start-up says of the embedded database (issue 45): the 20 s note only when there is no
 * database yet in the folder (no PG_VERSION), not on every restart.
 */
export function embeddedDatabaseNote(directory: string, exists: boolean): string {
  return exists
    ? `Opening the embedded database in ${directory}`
    : `Creating the embedded database in ${directory} (a first start takes about 20 s)`;
}

/**
 * Opens the database the configuration names: PostgreSQL (with the given pool limits: the
 * server's timeouts, none for tools), or the embedded one under DATA_DIR.
 */
export async function openConfiguredDatabase(
  config: Config,
  log: (message: string) => void,
  postgresOptions: PostgresPoolOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, postgresOptions);
  const directory = path.join(config.dataDir, 'pglite');
  log(embeddedDatabaseNote(directory, existsSync(path.join(directory, 'PG_VERSION'))));
  return openPglite({
    kind: 'directory',
    directory,
    onLockCompromised: (error) => {
      // Another process may now be writing to the same folder: stop before losing data.
      console.error(`Lost the lock on ${directory}: ${error.message}. Stopping.`);
      process.exit(1);
    },
  });
}
