/** The API side: the real server in its own process, loaded with autocannon from this one. */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { cpuSnapshot, cpuUsage, processTree } from './cpu.ts';
import { startServerProcess, type RunningServer } from './server-process.ts';
import { percentile, type Measurement } from './stats.ts';

export type { RunningServer };

const captureModule = new URL('capture-sql.ts', import.meta.url).href;

export interface StartServerOptions {
  /** Records every SQL statement the process sends to this file (see capture-sql.ts). */
  captureFile?: string;
  /** Set on top of the benchmark's own settings, e.g. `{ MAP_INDEX: 'off' }`. */
  env?: Record<string, string>;
  /** Server processes sharing the port (SERVER_PROCESSES; more than one needs `redisUrl`). */
  processes?: number;
  redisUrl?: string;
}

/**
 * Starts the server as production would, against `databaseUrl`. A separate process keeps the
 * server's CPU apart from autocannon's, as on a real deployment. With `captureFile`, the
 * process also records every SQL statement it sends there (see capture-sql.ts).
 */
export function startServer(databaseUrl: string, options: StartServerOptions = {}): Promise<RunningServer> {
  const { captureFile } = options;
  return startServerProcess({
    env: {
      ...(captureFile === undefined ? {} : { BENCH_CAPTURE_FILE: captureFile }),
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'false',
      NODE_ENV: 'production',
      // No browser loads a map tile in a benchmark.
      TILE_OSM_POLICY_ACCEPTED: 'true',
      ...((options.processes ?? 1) > 1
        ? { SERVER_PROCESSES: String(options.processes), REDIS_URL: options.redisUrl ?? '' }
        : {}),
      ...options.env,
    },
    nodeArgs: captureFile === undefined ? [] : ['--import', captureModule],
  });
}

/** What GET /api/health says of the process's map index. */
export interface MapIndexHealth {
  state: 'building' | 'ready' | 'failed' | 'off';
  places: number;
  buildMs: number | null;
  /** The server process's RSS growth during its build (older servers do not say). */
  buildRssDeltaBytes?: number | null;
  version: number;
  /** The process's viewport answers kept for repeated URLs. */
  answerCache?: { entries: number; bytes: number; hits: number; misses: number };
}

/**
 * What one server process says of its map index. Each request goes on a new connection: the
 * processes of a server (SERVER_PROCESSES) take new connections in turn, and each has an
 * index of its own.
 */
export async function mapIndexHealth(baseUrl: string): Promise<MapIndexHealth> {
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/health`, { agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, text });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  if (status !== 200) throw new Error(`/api/health answered ${String(status)}: ${text}`);
  const body = JSON.parse(text) as { mapIndex?: MapIndexHealth };
  if (!body.mapIndex) throw new Error('/api/health says nothing of the map index (mapIndex missing)');
  return body.mapIndex;
}

/**
 * Asks /api/health every `pollMs` until the map index is ready (the server answers the map
 * from SQL while it builds). Fails when the build fails, the index is off, or `timeoutMs`
 * passes.
 */
export async function waitForMapIndex(
  baseUrl: string,
  options: {
    timeoutMs: number;
    pollMs?: number;
    onProgress?: (health: MapIndexHealth) => void;
    /** Server processes, each with its own index: ready when this many answers in a row say so. */
    processes?: number;
  },
): Promise<MapIndexHealth> {
  const deadline = performance.now() + options.timeoutMs;
  let lastReported = performance.now();
  let readyInARow = 0;
  let slowest: MapIndexHealth | null = null;
  for (;;) {
    const health = await mapIndexHealth(baseUrl);
    if (health.state === 'ready') {
      if (!slowest || (health.buildMs ?? 0) > (slowest.buildMs ?? 0)) slowest = health;
      // Twice round the processes: new connections go to them in turn.
      if (++readyInARow >= 2 * (options.processes ?? 1)) return slowest;
      continue;
    }
    readyInARow = 0;
    if (health.state === 'failed')
      throw new Error('The map index failed to build (see the server log above)');
    if (health.state === 'off') throw new Error('The map index is off (MAP_INDEX=off in the environment?)');
    if (performance.now() > deadline) {
      throw new Error(
        `The map index was not ready after ${String(Math.round(options.timeoutMs / 1000))} s ` +
          `(state ${health.state}, ${String(health.places)} places)`,
      );
    }
    if (performance.now() - lastReported > 10_000) {
      lastReported = performance.now();
      options.onProgress?.(health);
    }
    await sleep(options.pollMs ?? 250);
  }
}

/**
 * Resident memory of a process and its children (VmRSS in /proc/<pid>/status), in bytes;
 * null off Linux.
 */
export async function residentBytes(pid: number): Promise<number | null> {
  try {
    let total = 0;
    for (const member of await processTree(pid)) {
      const status = await readFile(`/proc/${member}/status`, 'utf8').catch(() => '');
      const kilobytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
      if (kilobytes !== undefined) total += Number(kilobytes) * 1024;
    }
    return total;
  } catch {
    return null;
  }
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
