/** Runs a pgbench script and reads its throughput and per-transaction latencies. */
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { cpuSnapshot, cpuUsage } from './cpu.ts';
import { percentile, type Measurement } from './stats.ts';

const execFileAsync = promisify(execFile);

export interface PgbenchRun {
  url: string;
  script: string;
  /** `prepared` when the API prepares these statements, `extended` when it sends them unprepared. */
  mode: 'prepared' | 'extended';
  /** Folder for the script and the per-transaction logs. */
  workDirectory: string;
  name: string;
  connections: number;
  threads: number;
  seconds: number;
}

/**
 * `-M` as the API talks to PostgreSQL: `extended` parses, binds and executes every statement
 * anew, as node-postgres does for a plain parameterised query; `prepared` parses once per
 * connection, as node-postgres does for a named statement. `--log` writes one line per
 * transaction, from which the percentiles are computed (pgbench itself prints only the
 * average).
 */
export async function runPgbench(run: PgbenchRun): Promise<Measurement> {
  const scriptFile = path.join(run.workDirectory, `${run.name}.sql`);
  await writeFile(scriptFile, run.script);
  const logPrefix = path.join(run.workDirectory, `${run.name}-log`);
  await removeTransactionLogs(run.workDirectory, path.basename(logPrefix));
  const before = await cpuSnapshot();
  const { stdout } = await execFileAsync(
    'pgbench',
    [
      '-n', // no vacuum of pgbench's own tables: there are none
      '-M',
      run.mode,
      '-c',
      String(run.connections),
      '-j',
      String(run.threads),
      '-T',
      String(run.seconds),
      '-f',
      scriptFile,
      '--log',
      `--log-prefix=${logPrefix}`,
      run.url,
    ],
    { cwd: run.workDirectory, maxBuffer: 16 * 1024 * 1024 },
  );
  const cpu = cpuUsage(before, await cpuSnapshot());
  const latenciesMs = await readTransactionLog(run.workDirectory, path.basename(logPrefix));
  const failed = /number of failed transactions: (\d+)/.exec(stdout)?.[1];
  if (failed !== undefined && Number(failed) > 0)
    throw new Error(`pgbench ${run.name}: ${failed} failed\n${stdout}`);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  if (tps === undefined) throw new Error(`Unexpected pgbench output:\n${stdout}`);
  return {
    perSecond: Number(tps),
    p50Ms: percentile(latenciesMs, 50),
    p99Ms: percentile(latenciesMs, 99),
    count: latenciesMs.length,
    cpu,
  };
}

const logFiles = async (directory: string, prefix: string) =>
  (await readdir(directory)).filter((file) => file.startsWith(`${prefix}.`));

/** A log left by an earlier run with the same name would be counted again. */
async function removeTransactionLogs(directory: string, prefix: string): Promise<void> {
  for (const file of await logFiles(directory, prefix)) await rm(path.join(directory, file));
}

/**
 * One file per pgbench thread (`prefix.<pid>`, `prefix.<pid>.<thread>`); each line is
 * `client transaction latency_us script epoch epoch_us`.
 */
async function readTransactionLog(directory: string, prefix: string): Promise<number[]> {
  const latenciesMs: number[] = [];
  for (const file of await logFiles(directory, prefix)) {
    const text = await readFile(path.join(directory, file), 'utf8');
    for (const line of text.split('\n')) {
      const latencyUs = line.split(' ')[2];
      if (latencyUs !== undefined) latenciesMs.push(Number(latencyUs) / 1000);
    }
  }
  if (latenciesMs.length === 0) throw new Error(`pgbench wrote no transaction log under ${directory}`);
  return latenciesMs;
}

export async function pgbenchVersion(): Promise<string> {
  const { stdout } = await execFileAsync('pgbench', ['--version']);
  return stdout.trim();
}
