import path from 'node:path';
import type { Config } from '../config.ts';
import { openPglite, openPostgres, type DatabaseHandle, type PostgresPoolOptions } from './client.ts';

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
  log(`Opening the embedded database in ${directory} (the first start takes about 20 s)`);
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
