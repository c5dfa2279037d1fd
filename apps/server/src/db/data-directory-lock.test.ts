import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  currentOwner,
  DataDirectoryLockedError,
  lockDataDirectory,
  ownerIsGone,
} from './data-directory-lock.ts';

/** The pid of a process that has certainly exited. */
function exitedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('whether a lock owner is gone', () => {
  const self = currentOwner();

  it.each([
    ['a process on this host that has exited', { ...self, pid: exitedPid() }, true],
    [
      'an earlier process that had our pid (a restarted container)',
      { ...self, processStart: 'earlier' },
      true,
    ],
    ['this very process', self, false],
    [
      'a running process (the test runner)',
      { ...currentOwner(), pid: process.ppid, processStart: null },
      false,
    ],
    [
      'a process on another host sharing the folder',
      { ...self, host: 'other-host', pid: exitedPid() },
      false,
    ],
    [
      'a process in another container with the same host name',
      { ...self, pid: exitedPid(), pidNamespace: 'pid:[4026532999]' },
      false,
    ],
    ['a process from before this machine restarted', { ...self, bootId: 'an-earlier-boot' }, true],
  ])('%s: %s', (_name, owner, gone) => {
    expect(ownerIsGone(owner, self)).toBe(gone);
  });
});

describe('the data folder lock', () => {
  it('refuses a second holder while the first lives, and is free again after release', async () => {
    const directory = path.join(await mkdtemp(path.join(tmpdir(), 'playspot-lock-')), 'pglite');
    const release = await lockDataDirectory(directory, () => undefined);
    try {
      await expect(lockDataDirectory(directory, () => undefined)).rejects.toBeInstanceOf(
        DataDirectoryLockedError,
      );
    } finally {
      await release();
    }
    expect(existsSync(`${directory}.lock`)).toBe(false);
    const again = await lockDataDirectory(directory, () => undefined);
    await again();
    await rm(path.dirname(directory), { recursive: true, force: true });
  });
});

describe('taking over a lock', () => {
  async function folder(): Promise<string> {
    return path.join(await mkdtemp(path.join(tmpdir(), 'playspot-lock-')), 'pglite');
  }

  it("lets exactly one of two processes started together take over a dead owner's lock", async () => {
    const directory = await folder();
    mkdirSync(`${directory}.lock`, { recursive: true });
    writeFileSync(`${directory}.lock/owner.json`, JSON.stringify({ ...currentOwner(), pid: exitedPid() }));
    const compromised: Error[] = [];
    const attempts = await Promise.allSettled([
      lockDataDirectory(directory, (error) => compromised.push(error)),
      lockDataDirectory(directory, (error) => compromised.push(error)),
    ]);
    const taken = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect([taken.length, refused.length]).toEqual([1, 1]);
    expect(refused[0]?.status === 'rejected' && refused[0].reason).toBeInstanceOf(DataDirectoryLockedError);
    const [held] = taken;
    if (held?.status === 'fulfilled') await held.value();
    expect(compromised).toEqual([]);
    await rm(path.dirname(directory), { recursive: true, force: true });
  });

  it('does not take a stale lock whose owner is alive here (a stalled process, not a dead one)', async () => {
    const directory = await folder();
    const release = await lockDataDirectory(directory, () => undefined);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    utimesSync(`${directory}.lock`, longAgo, longAgo);
    await expect(lockDataDirectory(directory, () => undefined)).rejects.toBeInstanceOf(
      DataDirectoryLockedError,
    );
    await release().catch(() => undefined);
    await rm(path.dirname(directory), { recursive: true, force: true });
  });
});
