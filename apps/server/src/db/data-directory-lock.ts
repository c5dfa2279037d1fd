/**
 * PGlite does not lock its folder: two processes on one folder silently lose acknowledged
 * writes. We hold an advisory lock (a lock directory refreshed every few seconds) for as long
 * as the database is open, so a second process fails at once instead.
 *
 * The lock directory names its owner (host, process id, process start). After a crash
 * (`kill -9`, out of memory, power loss) the next start sees that the owner is gone and takes
 * the lock over at once, instead of waiting for it to go stale. Only when the owner cannot be
 * checked (another host sharing the folder, an owner record from an older version) does it
 * fall back to the staleness timeout.
 */
import { readFileSync, readlinkSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * Staleness is only the fallback when the owner cannot be checked, so it can be generous: the
 * embedded database's first start runs initdb synchronously and can block the lock refresh
 * for over 10 s on a busy two-core machine, which made the process give up its own lock.
 */
const STALE_AFTER_MS = 60_000;
const REFRESH_EVERY_MS = 5_000;
const OWNER_FILE = 'owner.json';

export class DataDirectoryLockedError extends Error {
  override name = 'DataDirectoryLockedError';
  readonly directory: string;
  constructor(directory: string) {
    super(
      `The database folder ${directory} is in use by another PlaySpot process. ` +
        'Stop that process first, or set DATA_DIR to another folder.',
    );
    this.directory = directory;
  }
}

export type ReleaseLock = () => Promise<void>;

export interface LockOwner {
  host: string;
  pid: number;
  /** When the process started, as the kernel counts it (Linux), so a reused pid is told apart. */
  processStart: string | null;
  /** This boot of the kernel (Linux): a different one means the machine restarted since. */
  bootId: string | null;
  /** The pid namespace (Linux): containers sharing a host name and a volume have their own. */
  pidNamespace: string | null;
}

function readProc(read: () => string): string | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** The start time of a process (Linux /proc, clock ticks since boot); null elsewhere. */
function processStartOf(pid: number): string | null {
  const stat = readProc(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (stat === null) return null;
  // Field 22 (starttime) comes after the command name, which is in brackets and may hold spaces.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

export function currentOwner(): LockOwner {
  return {
    host: hostname(),
    pid: process.pid,
    processStart: processStartOf(process.pid),
    bootId: readProc(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()),
    pidNamespace: readProc(() => readlinkSync('/proc/self/ns/pid')),
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Whether the recorded owner is certainly gone. Only an owner this process can see is judged:
 * same host, and (where Linux says) the same pid namespace; then it is gone when the machine
 * has restarted since, when its process has exited, or when its pid now belongs to another
 * process (this one included: a container restarted after a crash often gets its pid back).
 * Anything else (another host or container sharing the folder) cannot be checked: not gone.
 */
export function ownerIsGone(owner: LockOwner, self: LockOwner = currentOwner()): boolean {
  if (owner.host !== self.host) return false;
  if (owner.bootId !== null && self.bootId !== null && owner.bootId !== self.bootId) return true;
  if (!ownerIsVisible(owner, self)) return false;
  if (owner.pid === self.pid) {
    // Without start times (not Linux) this may be this very process opening the folder twice.
    return owner.processStart !== null && owner.processStart !== self.processStart;
  }
  if (!isRunning(owner.pid)) return true;
  const start = processStartOf(owner.pid);
  return owner.processStart !== null && start !== null && start !== owner.processStart;
}

/** Whether this process can see the owner's process: same host, boot and pid namespace. */
export function ownerIsVisible(owner: LockOwner, self: LockOwner = currentOwner()): boolean {
  return owner.host === self.host && owner.bootId === self.bootId && owner.pidNamespace === self.pidNamespace;
}

const nullableString = (value: unknown): value is string | null =>
  typeof value === 'string' || value === null;

async function readOwner(lockPath: string): Promise<LockOwner | null> {
  try {
    const parsed = JSON.parse(await readFile(path.join(lockPath, OWNER_FILE), 'utf8')) as Record<
      string,
      unknown
    >;
    const { host, pid, processStart, bootId = null, pidNamespace = null } = parsed;
    if (
      typeof host === 'string' &&
      typeof pid === 'number' &&
      nullableString(processStart) &&
      nullableString(bootId) &&
      nullableString(pidNamespace)
    ) {
      return { host, pid, processStart, bootId, pidNamespace };
    }
  } catch {
    // No owner record (a lock being taken right now, or one from an older version).
  }
  return null;
}

/** How long a takeover may take before its marker is itself considered left over. */
const TAKEOVER_STALE_MS = 30_000;

/**
 * Removes the lock of a gone owner, one process at a time: two processes started together
 * after a crash must not both remove the old lock (the second would remove the first one's
 * new lock). The takeover marker is an atomic mkdir; inside it the owner is read again.
 */
async function takeOverFromGoneOwner(lockPath: string, seenOwner: LockOwner | null): Promise<boolean> {
  const marker = `${lockPath}.takeover`;
  try {
    await mkdir(marker);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    const markerAge = Date.now() - (await stat(marker)).mtimeMs;
    if (markerAge < TAKEOVER_STALE_MS) return false;
    await rm(marker, { recursive: true, force: true });
    return takeOverFromGoneOwner(lockPath, seenOwner);
  }
  try {
    const owner = await readOwner(lockPath);
    const unchanged = JSON.stringify(owner) === JSON.stringify(seenOwner);
    if (!unchanged || (owner !== null && !ownerIsGone(owner))) return false;
    await rm(lockPath, { recursive: true, force: true });
    return true;
  } finally {
    await rm(marker, { recursive: true, force: true });
  }
}

export async function lockDataDirectory(
  directory: string,
  onCompromised: (error: Error) => void,
): Promise<ReleaseLock> {
  await mkdir(directory, { recursive: true });
  const lockPath = `${directory}.lock`;
  const take = () =>
    lockfile.lock(directory, {
      lockfilePath: lockPath,
      stale: STALE_AFTER_MS,
      update: REFRESH_EVERY_MS,
      retries: 0,
      onCompromised,
    });
  const codeOf = (error: unknown) => (error instanceof Error && 'code' in error ? error.code : undefined);

  let release: ReleaseLock;
  try {
    release = await take();
  } catch (error) {
    // ELOCKED: held and refreshed lately; ENOTEMPTY: proper-lockfile found it stale but cannot
    // rmdir it with our owner record inside. Either way, ask whether its owner still exists
    // (a stale lock of a live owner here is a stalled process, not a dead one).
    const code = codeOf(error);
    if (code !== 'ELOCKED' && code !== 'ENOTEMPTY') throw error;
    const owner = await readOwner(lockPath);
    // Fresh: only a gone owner's lock is taken. Stale: any, unless its owner is visibly alive.
    const gone =
      code === 'ELOCKED'
        ? owner !== null && ownerIsGone(owner)
        : owner === null || !ownerIsVisible(owner) || ownerIsGone(owner);
    if (!gone || !(await takeOverFromGoneOwner(lockPath, owner)))
      throw new DataDirectoryLockedError(directory);
    try {
      release = await take();
    } catch (retryError) {
      if (codeOf(retryError) === 'ELOCKED') throw new DataDirectoryLockedError(directory);
      throw retryError;
    }
  }
  const ownerPath = path.join(lockPath, OWNER_FILE);
  // proper-lockfile knows its lock by the directory's mtime, which adding a file changes: put
  // it back in the same tick, so its refresh timer never sees the difference.
  const { atime, mtime } = statSync(lockPath);
  writeFileSync(ownerPath, JSON.stringify(currentOwner()));
  utimesSync(lockPath, atime, mtime);
  return async () => {
    // proper-lockfile removes the lock with rmdir, which needs it empty.
    await rm(ownerPath, { force: true });
    await release();
  };
}
