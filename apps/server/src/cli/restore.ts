/**
 * `npm run restore -- <archive>`: restores a backup (`npm run backup`) into an empty data
 * folder (DATA_DIR, embedded database) or an empty PostgreSQL database (DATABASE_URL), and the
 * photos into DATA_DIR/uploads. The server must not be running on the target.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup, RestoreError } from '../backup/backup.ts';
import { ConfigError, loadConfig } from '../config.ts';

const USAGE = 'Usage: npm run restore -- <archive.tar.gz>';

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const [archive] = positionals;
  if (values.help || archive === undefined || positionals.length > 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  await restoreBackup({
    archive: path.resolve(process.env.INIT_CWD ?? process.cwd(), archive),
    target: config.databaseUrl
      ? { backend: 'postgres', databaseUrl: config.databaseUrl }
      : { backend: 'pglite', directory: path.join(config.dataDir, 'pglite') },
    uploadsDir: config.storage.kind === 'local' ? config.storage.root : null,
    progress: (message) => {
      console.error(`[restore] ${message}`);
    },
  });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof RestoreError)
      console.error(`[restore] ${error.message}`);
    else console.error('[restore] Failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
