/**
 * CPU accounting from /proc (Linux only; elsewhere the report leaves it out). It tells
 * whether a run saturated the machine, and how much of it the server process used.
 */
import { readFile } from 'node:fs/promises';

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

async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${String(pid)}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
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
