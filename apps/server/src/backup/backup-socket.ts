/**
 * The embedded database belongs to the server process while it runs, so `npm run backup`
 * asks that process for the dump: a Unix socket in the data folder (owner only, like the
 * folder), answering each connection with a dumpDataDir tarball and closing it.
 */
import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';
import { saveStream } from './backup.ts';

export const BACKUP_SOCKET = 'backup.sock';

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET);
}

/** Serves dumps of the running embedded database on DATA_DIR/backup.sock. */
export async function serveBackupSocket(
  dataDir: string,
  dumpDataDir: () => Promise<Blob>,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // A socket left by a process that died; the data folder's lock says none runs now.
  await rm(socketPath, { force: true });
  const server: Server = createServer((connection) => {
    log('Backup requested: dumping the embedded database');
    dumpDataDir()
      .then(async (blob) => {
        connection.end(Buffer.from(await blob.arrayBuffer()));
      })
      .catch((error: unknown) => {
        log(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
        connection.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(socketPath, { force: true });
  };
}

/**
 * Asks the running server for a dump, saved to `file`. Resolves false when no server
 * answers on the socket (none runs: the caller opens the folder itself).
 */
export async function dumpFromRunningServer(dataDir: string, file: string): Promise<boolean> {
  const socket = connect(backupSocketPath(dataDir));
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => {
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
  if (!connected) return false;
  await saveStream(socket, file);
  return true;
}
