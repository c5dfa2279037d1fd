/**
 * The real server (`apps/server/src/main.ts`) in a process of its own, on a free port, as the
 * benchmarks run it: resolves once it prints its "Ready … on http://…" line, then passes on
 * what it prints (warnings and errors at the benchmarks' log level).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { processCpuSeconds } from './cpu.ts';

const mainFile = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}

export interface ServerProcessOptions {
  /** Set on top of this process's environment (with PORT 0, HOST 127.0.0.1, LOG_LEVEL warn). */
  env: Record<string, string>;
  /** Left out of the environment handed on, e.g. `DATABASE_URL` for the embedded database. */
  unsetEnv?: string[];
  /** Node options before the main file, e.g. `--import` of a capture module. */
  nodeArgs?: string[];
  /** Pass the server's standard output on too (standard error always is). */
  echoStdout?: boolean;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<RunningServer> {
  const unset = new Set(options.unsetEnv);
  const env = Object.fromEntries(
    Object.entries({
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    }).filter(([name]) => !unset.has(name)),
  );
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), mainFile], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Ready in [\d.]+ s on (http:\/\/\S+)/.exec(output);
      if (ready?.[1]) resolve(ready[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      reject(new Error(`The server exited (${String(code)}) before it was ready:\n${output}`));
    });
  });
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  if (options.echoStdout ?? true) child.stdout.pipe(process.stdout);
  child.stderr.pipe(process.stderr);
  if (child.pid === undefined) throw new Error('The server process has no id');
  return { baseUrl, pid: child.pid, stop: () => stopProcess(child) };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/**
 * Waits until the server has done its start-up work (the towns' gazetteer, the job queue's
 * schema, the map index): three seconds in a row with under 5 % of a core used, at most
 * `timeoutMs`. A server that has been up for a while is what a visitor meets; one still
 * loading 190 000 towns beside the browser halves a two-core machine (the first runs' TBT).
 * The API benches need it too: the towns load once the map index is built (issue 43), in
 * each server process, and took both cores from the first rows and the mixed traffic.
 * A server of several processes is all of them. Where /proc is missing, it returns at once.
 * Resolves with the seconds it waited.
 */
export async function waitUntilServerIdle(pid: number, timeoutMs = 120_000): Promise<number> {
  if (!existsSync(`/proc/${String(pid)}/stat`)) return 0;
  const started = Date.now();
  let quietSeconds = 0;
  let before = await processCpuSeconds(pid);
  while (quietSeconds < 3 && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await processCpuSeconds(pid);
    quietSeconds = now - before < 0.05 ? quietSeconds + 1 : 0;
    before = now;
  }
  return (Date.now() - started) / 1000;
}
