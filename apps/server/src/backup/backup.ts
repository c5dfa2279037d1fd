/**
 * Backups of a running PlaySpot (`npm run backup`, `npm run restore <archive>`): one .tar.gz
 * holding a consistent dump of the database and the photos stored on local disk.
 *
 * - Embedded database (PGlite): its data folder as PGlite dumps it (dumpDataDir), taken
 *   between two statements. A running server hands it over on its backup socket
 *   (backup-socket.ts); with no server running the folder is opened here.
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot, while the server writes).
 * - Photos (STORAGE=local): copied after the dump, so every photo the dump names is there.
 *   Photos in S3 are the bucket's to keep (versioning, replication).
 *
 * Restoring needs an empty target: a data folder without a database, or a PostgreSQL
 * database without tables. The archive's manifest says which backend it came from.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openPglite, openPostgres, type DatabaseBackend } from '../db/client.ts';
import { countTables } from './backup.repository.ts';

export const ARCHIVE_FORMAT = 'playspot-backup/1';

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  backend: DatabaseBackend;
  createdAt: string;
  /** The database file in the archive. */
  database: 'pglite.tar.gz' | 'database.dump';
  /** Files under uploads/ in the archive (local storage), with their SHA-256. */
  uploads: { path: string; sha256: string }[];
}

export type Progress = (message: string) => void;

/** How the database gets into the archive: a dump written to `file`. */
export type DumpDatabase = (file: string) => Promise<void>;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs a program, its stderr kept for the error; resolves when it exits 0. */
export function run(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: options.env ?? process.env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) => {
      reject(new Error(`${command} could not be started (${error.message}); is it installed?`));
    });
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args[0] ?? ''} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** PostgreSQL: one consistent snapshot in pg_dump's custom format. */
export function pgDump(databaseUrl: string): DumpDatabase {
  return (file) =>
    run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, databaseUrl]);
}

/** PGlite: a data-folder tarball from a function that takes one (the open database, or the socket). */
export function pgliteDump(dumpDataDir: () => Promise<Blob>): DumpDatabase {
  return async (file) => {
    const blob = await dumpDataDir();
    await writeFile(file, Buffer.from(await blob.arrayBuffer()));
  };
}

async function filesUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (directory: string) => {
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found.sort();
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Writes one archive: the database dump, then the local photos, with a manifest. Reports
 * each step and the photos' progress to `progress`.
 */
export async function writeBackup(options: {
  backend: DatabaseBackend;
  dump: DumpDatabase;
  /** The local storage folder (DATA_DIR/uploads), or null with S3. */
  uploadsDir: string | null;
  archive: string;
  now?: () => Date;
  progress?: Progress;
}): Promise<BackupManifest> {
  const progress = options.progress ?? (() => undefined);
  const staging = await mkdtemp(path.join(tmpdir(), 'playspot-backup-'));
  try {
    const database = options.backend === 'pglite' ? 'pglite.tar.gz' : 'database.dump';
    progress(`Dumping the ${options.backend === 'pglite' ? 'embedded database' : 'PostgreSQL database'}…`);
    await options.dump(path.join(staging, database));
    progress(`Database dumped: ${mb((await stat(path.join(staging, database))).size)}`);

    const uploads: BackupManifest['uploads'] = [];
    if (options.uploadsDir !== null) {
      const files = await filesUnder(options.uploadsDir);
      const every = Math.max(1, Math.floor(files.length / 20));
      for (const [index, file] of files.entries()) {
        const target = path.join(staging, 'uploads', file);
        await mkdir(path.dirname(target), { recursive: true });
        await cp(path.join(options.uploadsDir, file), target);
        uploads.push({ path: file, sha256: await sha256Of(target) });
        if ((index + 1) % every === 0 || index + 1 === files.length)
          progress(`Photos copied: ${index + 1} of ${files.length}`);
      }
    }
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      backend: options.backend,
      createdAt: (options.now ?? (() => new Date()))().toISOString(),
      database,
      uploads,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    progress('Writing the archive…');
    await mkdir(path.dirname(path.resolve(options.archive)), { recursive: true });
    await run('tar', ['-czf', path.resolve(options.archive), '-C', staging, '.']);
    progress(`Backup written: ${options.archive} (${mb((await stat(options.archive)).size)})`);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export class RestoreError extends Error {
  override name = 'RestoreError';
}

export type RestoreTarget =
  { backend: 'pglite'; directory: string } | { backend: 'postgres'; databaseUrl: string };

async function isEmptyOrMissing(directory: string): Promise<boolean> {
  try {
    return (await readdir(directory)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function assertEmptyPostgres(databaseUrl: string): Promise<void> {
  const database = openPostgres(databaseUrl, { max: 1 });
  try {
    if ((await countTables(database)) > 0)
      throw new RestoreError(
        'The database named by DATABASE_URL has tables: restore into an empty database (createdb a new one).',
      );
  } finally {
    await database.close();
  }
}

/** Restores an archive into an empty target and the photos into an empty uploads folder. */
export async function restoreBackup(options: {
  archive: string;
  target: RestoreTarget;
  uploadsDir: string | null;
  progress?: Progress;
}): Promise<BackupManifest> {
  const progress = options.progress ?? (() => undefined);
  const staging = await mkdtemp(path.join(tmpdir(), 'playspot-restore-'));
  try {
    progress(`Reading ${options.archive}…`);
    await run('tar', ['-xzf', path.resolve(options.archive), '-C', staging]);
    // Read as what any file might hold until its format says it is one of ours.
    const read = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8')) as
      BackupManifest | { format?: unknown };
    if (read.format !== ARCHIVE_FORMAT)
      throw new RestoreError(`Not a PlaySpot backup (${String(read.format)}).`);
    const manifest = read as BackupManifest;
    if (manifest.backend !== options.target.backend) {
      throw new RestoreError(
        manifest.backend === 'pglite'
          ? 'This backup is of the embedded database: restore it with DATABASE_URL unset.'
          : 'This backup is of PostgreSQL: restore it with DATABASE_URL set to an empty database.',
      );
    }
    if (options.uploadsDir !== null && !(await isEmptyOrMissing(options.uploadsDir)))
      throw new RestoreError(`${options.uploadsDir} is not empty: restore into an empty data folder.`);
    for (const file of manifest.uploads) {
      if ((await sha256Of(path.join(staging, 'uploads', file.path))) !== file.sha256)
        throw new RestoreError(`The archive is damaged: ${file.path} does not match its checksum.`);
    }

    const dumpFile = path.join(staging, manifest.database);
    if (options.target.backend === 'pglite') {
      const { directory } = options.target;
      if (!(await isEmptyOrMissing(directory)))
        throw new RestoreError(`${directory} already holds a database: restore into an empty data folder.`);
      progress('Restoring the embedded database…');
      const loaded = await openPglite({
        kind: 'directory',
        directory,
        loadDataDir: new Blob([await readFile(dumpFile)]),
        onLockCompromised: (error) => {
          throw error;
        },
      });
      await loaded.close();
    } else {
      await assertEmptyPostgres(options.target.databaseUrl);
      progress('Restoring the PostgreSQL database (pg_restore)…');
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--dbname',
        options.target.databaseUrl,
        dumpFile,
      ]);
    }

    if (options.uploadsDir !== null && manifest.uploads.length > 0) {
      const every = Math.max(1, Math.floor(manifest.uploads.length / 20));
      for (const [index, file] of manifest.uploads.entries()) {
        const target = path.join(options.uploadsDir, file.path);
        await mkdir(path.dirname(target), { recursive: true });
        await cp(path.join(staging, 'uploads', file.path), target);
        if ((index + 1) % every === 0 || index + 1 === manifest.uploads.length)
          progress(`Photos restored: ${index + 1} of ${manifest.uploads.length}`);
      }
    }
    progress(`Restored the backup of ${manifest.createdAt}.`);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Writes a stream to a file (the backup socket's answer). */
export async function saveStream(stream: NodeJS.ReadableStream, file: string): Promise<void> {
  await pipeline(stream, createWriteStream(file));
}
