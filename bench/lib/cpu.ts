/**
 * CPU accounting from /proc (Linux only; elsewhere the report leaves it out). It tells
 * whether a run saturated the machine, and how much of it the server's processes used.
 */
import { readdir, readFile } from 'node:fs/promises';

/** /proc counts in clock ticks; USER_HZ is 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  busySeconds: number;
  totalSeconds: number;
  /** CPU seconds of the watched process (user + system), if any. */
  processSeconds: number | null;
}

export interface CpuUsage {
  /** Share of all cores' time spent busy (user, system, interrupts) during the run. */
  machineBusy: number;
  /** Busy CPU seconds, all cores together. */
  machineSeconds: number;
  processSeconds: number | null;
}

export async function cpuSnapshot(pid?: number): Promise<CpuSnapshot | null> {
  try {
    const [summary = ''] = (await readFile('/proc/stat', 'utf8')).split('\n');
    // cpu user nice system idle iowait irq softirq steal …
    const ticks = summary.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return {
      busySeconds: (total - idle) / TICKS_PER_SECOND,
      totalSeconds: total / TICKS_PER_SECOND,
      processSeconds: pid === undefined ? null : await processCpuSeconds(pid),
    };
  } catch {
    return null;
  }
}

/** /proc/<pid>/stat's fields after the parenthesised command name (state first), or null when gone. */
async function statFields(pid: string): Promise<string[] | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The process and its children: a server of several processes (SERVER_PROCESSES) is all of them. */
export async function processTree(pid: number): Promise<string[]> {
  const children: string[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // ppid is the second field after the name.
    if ((await statFields(entry))?.[1] === String(pid)) children.push(entry);
  }
  return [String(pid), ...children];
}

/** CPU seconds (user + system: the 12th and 13th fields after the name) of a process and its children. */
export async function processCpuSeconds(pid: number): Promise<number> {
  let seconds = 0;
  for (const member of await processTree(pid)) {
    const fields = await statFields(member);
    if (fields) seconds += (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  }
  return seconds;
}

export function cpuUsage(before: CpuSnapshot | null, after: CpuSnapshot | null): CpuUsage | null {
  if (!before || !after) return null;
  const total = after.totalSeconds - before.totalSeconds;
  const busy = after.busySeconds - before.busySeconds;
  return {
    machineBusy: total > 0 ? busy / total : 0,
    machineSeconds: busy,
    processSeconds:
      before.processSeconds === null || after.processSeconds === null
        ? null
        : after.processSeconds - before.processSeconds,
  };
}
