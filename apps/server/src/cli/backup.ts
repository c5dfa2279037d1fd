/**
 * `npm run backup [-- <archive>]`: one .tar.gz with a consistent database dump and the photos
 * on local disk, taken while the server runs (see backup/backup.ts). Default name:
 * `playspot-backup-<time>.tar.gz` in the current folder. Progress goes to stderr.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dumpFromRunningServer } from '../backup/backup-socket.ts';
import { pgDump, pgliteDump, run, writeBackup, type DumpDatabase } from '../backup/backup.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DataDirectoryLockedError } from '../db/data-directory-lock.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';

const USAGE = 'Usage: npm run backup [-- <archive.tar.gz>]';
const progress = (message: string) => {
  console.error(`[backup] ${message}`);
};

/** The embedded database: from the running server if there is one, else from the folder. */
function embeddedDump(config: Config): DumpDatabase {
  return async (file) => {
    if (await dumpFromRunningServer(config.dataDir, file)) {
      progress('The running server dumped its database.');
    } else {
      progress('No server is running: opening the data folder.');
      const database = await openConfiguredDatabase(config, () => undefined);
      try {
        if (!database.dumpDataDir) throw new Error('The embedded database cannot be dumped.');
        await pgliteDump(database.dumpDataDir)(file);
      } finally {
        await database.close();
      }
    }
    // A server that stopped half-way leaves a cut-off tarball: refuse it here, not at restore.
    await run('gzip', ['-t', file]);
  };
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length > 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const stamp = new Date()
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/u, 'Z');
  const archive = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    positionals[0] ?? `playspot-backup-${stamp}.tar.gz`,
  );
  if (config.storage.kind === 's3')
    progress('Photos are in S3: back the bucket up with its own tools (versioning, replication).');
  await writeBackup({
    backend: config.databaseUrl ? 'postgres' : 'pglite',
    dump: config.databaseUrl ? pgDump(config.databaseUrl) : embeddedDump(config),
    uploadsDir: config.storage.kind === 'local' ? config.storage.root : null,
    archive,
    progress,
  });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirectoryLockedError)
      console.error(`[backup] ${error.message}`);
    else console.error('[backup] Failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
