/** The API side: the real server in its own process, loaded with autocannon from this one. */
import autocannon from 'autocannon';
import { cpuSnapshot, cpuUsage } from './cpu.ts';
import { startServerProcess, type RunningServer } from './server-process.ts';
import { percentile, type Measurement } from './stats.ts';

export type { RunningServer };

const captureModule = new URL('capture-sql.ts', import.meta.url).href;

/**
 * Starts the server as production would, against `databaseUrl`. A separate process keeps the
 * server's CPU apart from autocannon's, as on a real deployment. With `captureFile`, the
 * process also records every SQL statement it sends there (see capture-sql.ts).
 */
export function startServer(databaseUrl: string, captureFile?: string): Promise<RunningServer> {
  return startServerProcess({
    env: {
      ...(captureFile === undefined ? {} : { BENCH_CAPTURE_FILE: captureFile }),
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'false',
      NODE_ENV: 'production',
    },
    nodeArgs: captureFile === undefined ? [] : ['--import', captureModule],
  });
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
