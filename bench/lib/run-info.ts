/** What every report says about the run: the code measured and how busy the machine was. */
import { execFile } from 'node:child_process';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { cpuSnapshot, cpuUsage } from './cpu.ts';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const execFileAsync = promisify(execFile);

/** The commit measured, marked when apps/server or packages had uncommitted changes. */
export async function codeRevision(): Promise<string> {
  try {
    const git = (...args: string[]) => execFileAsync('git', args, { cwd: repositoryRoot });
    const commit = (await git('rev-parse', '--short', 'HEAD')).stdout.trim();
    const changes = (await git('status', '--porcelain', '--', 'apps/server', 'packages')).stdout.trim();
    return changes === '' ? commit : `${commit} + uncommitted server changes`;
  } catch {
    return 'unknown revision';
  }
}

/**
 * How busy the machine is with nothing of ours running: anything else (a build, tests, a
 * browser) competes for the same cores and makes the results noisy. Null off Linux.
 */
export async function backgroundLoad(): Promise<number | null> {
  const before = await cpuSnapshot();
  await setTimeout(2000);
  return cpuUsage(before, await cpuSnapshot())?.machineBusy ?? null;
}
