/** The API side: the real server in its own process, loaded with autocannon from this one. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuSnapshot, cpuUsage } from './cpu.ts';
import { percentile, type Measurement } from './stats.ts';

const mainFile = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const captureModule = new URL('capture-sql.ts', import.meta.url).href;

export interface RunningServer {
  baseUrl: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * Starts `apps/server/src/main.ts` as production would, on a free port, and resolves once it
 * prints its "Ready … on http://…" line. A separate process keeps the server's CPU apart
 * from autocannon's, as on a real deployment. With `captureFile`, the process also records
 * every SQL statement it sends there (see capture-sql.ts).
 */
export async function startServer(databaseUrl: string, captureFile?: string): Promise<RunningServer> {
  const preload = captureFile === undefined ? [] : ['--import', captureModule];
  const child = spawn(process.execPath, [...preload, mainFile], {
    env: {
      ...process.env,
      ...(captureFile === undefined ? {} : { BENCH_CAPTURE_FILE: captureFile }),
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = / on (http:\/\/[^\s]+)/.exec(output);
      if (ready?.[1]) resolve(ready[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      reject(new Error(`The server exited (${String(code)}) before it was ready:\n${output}`));
    });
  });
  // From here on only warnings and errors are printed: pass them on.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.pipe(process.stdout);
  child.stderr.pipe(process.stderr);
  return { baseUrl, pid: child.pid, stop: () => stopProcess(child) };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

export interface LoadRun {
  baseUrl: string;
  /** The server process, whose CPU time is reported. */
  serverPid?: number | undefined;
  /** Request paths; each request takes the next one at random. */
  paths: string[];
  connections: number;
  seconds: number;
}

/**
 * autocannon with a random path per request. Latencies are recorded from autocannon's
 * 'response' events (fractions of a millisecond): its own histogram rounds to whole ms.
 */
export async function runLoad(run: LoadRun): Promise<Measurement & { bytesPerResponse: number }> {
  const { paths } = run;
  const pickPath = () => paths[Math.floor(Math.random() * paths.length)] ?? '/';
  const latenciesMs: number[] = [];
  const instance = autocannon({
    url: run.baseUrl,
    connections: run.connections,
    duration: run.seconds,
    timeout: 10,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pickPath() }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === 200) latenciesMs.push(responseTime);
  });
  const before = await cpuSnapshot(run.serverPid);
  const result = await instance;
  const cpu = cpuUsage(before, await cpuSnapshot(run.serverPid));
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) {
    throw new Error(
      `${String(failures)} of ${String(result.requests.sent)} requests failed ` +
        `(errors ${String(result.errors)}, timeouts ${String(result.timeouts)}, non-2xx ${String(result.non2xx)})`,
    );
  }
  return {
    perSecond: result['2xx'] / result.duration,
    p50Ms: percentile(latenciesMs, 50),
    p99Ms: percentile(latenciesMs, 99),
    count: latenciesMs.length,
    cpu,
    bytesPerResponse: result['2xx'] > 0 ? result.throughput.total / result['2xx'] : 0,
  };
}
