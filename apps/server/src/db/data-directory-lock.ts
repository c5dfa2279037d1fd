/**
 * PGlite does not lock its folder: two processes on one folder silently lose acknowledged
 * writes. We hold an advisory lock (a lock directory refreshed every few seconds) for as long
 * as the database is open, so a second process fails at once instead.
 */
import { mkdir } from 'node:fs/promises';
import lockfile from 'proper-lockfile';

const STALE_AFTER_MS = 10_000;

export class DataDirectoryLockedError extends Error {
  override name = 'DataDirectoryLockedError';
  readonly directory: string;
  constructor(directory: string) {
    super(
      `The database folder ${directory} is in use by another PlaySpot process. ` +
        'Stop that process first, or set DATA_DIR to another folder. ' +
        `If no other process is running, the lock is left over from a crash and expires ${STALE_AFTER_MS / 1000} s after it.`,
    );
    this.directory = directory;
  }
}

export type ReleaseLock = () => Promise<void>;

export async function lockDataDirectory(
  directory: string,
  onCompromised: (error: Error) => void,
): Promise<ReleaseLock> {
  await mkdir(directory, { recursive: true });
  try {
    return await lockfile.lock(directory, {
      lockfilePath: `${directory}.lock`,
      stale: STALE_AFTER_MS,
      update: STALE_AFTER_MS / 4,
      retries: 0,
      onCompromised,
    });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ELOCKED') {
      throw new DataDirectoryLockedError(directory);
    }
    throw error;
  }
}
