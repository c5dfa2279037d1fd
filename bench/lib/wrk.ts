/**
 * The API side's load from wrk (C, one thread per core, epoll), as the SQL side's comes from
 * pgbench (C, one thread per core): the two servers compete with load generators of the same
 * kind for the same two cores. autocannon (Node) costs the machine several times as much per
 * request, which a server answering in a tenth of a millisecond notices. Each request takes
 * one of the paths at random (a Lua script); `--latency` gives wrk's exact percentiles.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LoadRun } from './api.ts';
import { cpuSnapshot, cpuUsage } from './cpu.ts';
import type { Measurement } from './stats.ts';

const execFileAsync = promisify(execFile);

/** Whether wrk is on the PATH (Debian: apt-get install wrk). */
export async function wrkAvailable(): Promise<boolean> {
  try {
    await execFileAsync('wrk', ['--version']);
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits 1: present. Not found: ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** A duration as wrk prints it ("812.00us", "1.25ms", "2.01s") in milliseconds. */
export function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`Unexpected wrk duration "${text}"`);
  const value = Number(match[1]);
  const unit = match[2];
  return unit === 'us' ? value / 1000 : unit === 'ms' ? value : unit === 's' ? value * 1000 : value * 60_000;
}

/** A size as wrk prints it ("1.23GB", "512.00KB", "17B") in bytes. */
function wrkBytes(text: string): number {
  const match = /^([\d.]+)([KMGT]?B)$/.exec(text.trim());
  if (!match) throw new Error(`Unexpected wrk size "${text}"`);
  const power = ['B', 'KB', 'MB', 'GB', 'TB'].indexOf(match[2] ?? 'B');
  return Number(match[1]) * 1024 ** power;
}

export interface WrkSummary {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  bytes: number;
  failures: number;
}

/** Reads wrk's report (run with --latency). */
export function parseWrk(output: string): WrkSummary {
  const line = (pattern: RegExp): RegExpExecArray => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`Unexpected wrk output (no ${String(pattern)}):\n${output}`);
    return match;
  };
  const [, requests = '0', , read = '0B'] = line(/(\d+) requests in ([\d.]+\w+), ([\d.]+\w?B) read/);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  return {
    perSecond: Number(line(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50Ms: wrkMs(line(/^\s+50%\s+(\S+)\s*$/m)[1] ?? ''),
    p99Ms: wrkMs(line(/^\s+99%\s+(\S+)\s*$/m)[1] ?? ''),
    requests: Number(requests),
    bytes: wrkBytes(read),
    failures:
      (errors ? errors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0) +
      (non2xx ? Number(non2xx[1]) : 0),
  };
}

/** Two threads (one per core, as pgbench's -j 2) keep `connections` open and pick paths at random. */
export async function runWrk(
  run: LoadRun & { workDirectory: string },
): Promise<Measurement & { bytesPerResponse: number }> {
  const script = path.join(run.workDirectory, 'paths.lua');
  await writeFile(
    script,
    [
      `local paths = {${run.paths.map((requestPath) => JSON.stringify(requestPath)).join(',')}}`,
      // Each thread its own sequence: setup runs in the main state and numbers the threads.
      'local threads = 0',
      'function setup(thread) threads = threads + 1; thread:set("id", threads) end',
      'function init(args) math.randomseed(os.time() * 100 + id) end',
      'function request() return wrk.format("GET", paths[math.random(#paths)]) end',
      '',
    ].join('\n'),
  );
  const before = await cpuSnapshot(run.serverPid);
  const { stdout } = await execFileAsync(
    'wrk',
    [
      '--threads',
      '2',
      '--connections',
      String(run.connections),
      '--duration',
      `${String(run.seconds)}s`,
      '--timeout',
      '10s',
      '--latency',
      '--script',
      script,
      run.baseUrl,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const cpu = cpuUsage(before, await cpuSnapshot(run.serverPid));
  const summary = parseWrk(stdout);
  if (summary.failures > 0) throw new Error(`${String(summary.failures)} wrk requests failed:\n${stdout}`);
  return {
    perSecond: summary.perSecond,
    p50Ms: summary.p50Ms,
    p99Ms: summary.p99Ms,
    count: summary.requests,
    cpu,
    bytesPerResponse: summary.requests > 0 ? summary.bytes / summary.requests : 0,
  };
}
