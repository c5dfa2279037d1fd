/**
 * One map read over HTTP on one server process, and what it costs the server
 * (`npm run bench:server-cpu`): the API benchmark's database (seeded by `npm run bench`
 * first; BENCH_SMOKE=1 takes the smoke run's 2 000 places, where the index costs next to
 * nothing and the HTTP path is all), wrk (autocannon without it) for BENCH_DURATION seconds (default 15) on
 * BENCH_ENDPOINT (`new-boxes`, the default, `radius` or `kept`: 1 000 boxes asked again and
 * again), then requests/s, p99 and the server's CPU per request. BENCH_PROFILE=1 runs the
 * server under `--cpu-prof` and prints its top frames by own time during the measured run.
 * Much quicker than `npm run bench`, for before/after pairs of a change to the read path.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runLoad, startServer, waitForMapIndex } from './lib/api.ts';
import { waitUntilServerIdle } from './lib/server-process.ts';
import { benchDatabaseUrl } from './lib/database.ts';
import { integerFromEnv } from './lib/env.ts';
import { formatFrames, topFramesOf, type CpuProfile, type ProfileWindow } from './lib/profile.ts';
import { smokeOr } from './lib/smoke.ts';
import { runWrk, wrkAvailable } from './lib/wrk.ts';
import { queryCentres, radiusPath, viewportPath } from './lib/workload.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = integerFromEnv('BENCH_DURATION', smokeOr(15, 1), 1);
const connections = integerFromEnv('BENCH_CONNECTIONS', smokeOr(32, 4), 1);
const endpoint = process.env.BENCH_ENDPOINT ?? 'new-boxes';
const profile = process.env.BENCH_PROFILE === '1';
const microseconds = () => Number(process.hrtime.bigint() / 1000n);
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

function pathsOf(name: string): string[] {
  if (name === 'new-boxes') return queryCentres(20_000).map(viewportPath);
  if (name === 'radius') return queryCentres(1000).map(radiusPath);
  if (name === 'kept') return queryCentres(1000).map(viewportPath);
  throw new Error(`BENCH_ENDPOINT: new-boxes, radius or kept, not ${name}`);
}

const paths = pathsOf(endpoint);
const workDirectory = await mkdtemp(path.join(os.tmpdir(), 'playspot-server-cpu-'));
const profileDirectory = path.join(workDirectory, 'profiles');
let window: ProfileWindow | undefined;
try {
  const server = await startServer(benchDatabaseUrl(adminUrl), {
    env: {
      MAP_INDEX: 'on',
      ...(profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDirectory}` } : {}),
    },
  });
  try {
    const index = await waitForMapIndex(server.baseUrl, { timeoutMs: 5 * 60_000 });
    const perPlace = (index.buildRssDeltaBytes ?? NaN) / index.places;
    console.log(
      `[bench] ${String(index.places)} places indexed in ${String(index.buildMs)} ms, RSS delta ${perPlace.toFixed(0)} bytes a place`,
    );
    // The towns load once the index is built: their CPU would count as the reads'.
    await waitUntilServerIdle(server.pid);
    const base = { baseUrl: server.baseUrl, serverPid: server.pid, paths, connections, workDirectory };
    // wrk as the API benchmark loads the server (autocannon, dearer per request, without it).
    const load = (await wrkAvailable()) ? runWrk : runLoad;
    await load({ ...base, seconds: smokeOr(3, 1) });
    console.log(`[bench] load average before (1, 5, 15 min): ${loadAverage()}`);
    const fromUs = microseconds();
    const run = await load({ ...base, seconds });
    window = { fromUs, toUs: microseconds() };
    const cpuMs = ((run.cpu?.processSeconds ?? NaN) * 1000) / run.count;
    console.log(
      `[bench] ${endpoint}: ${run.perSecond.toFixed(0)} req/s, p50 ${run.p50Ms.toFixed(1)} ms, p99 ${run.p99Ms.toFixed(1)} ms, ` +
        `server CPU ${cpuMs.toFixed(3)} ms a request, machine ${((run.cpu?.machineBusy ?? 0) * 100).toFixed(0)} % busy, ` +
        `${(run.bytesPerResponse / 1024).toFixed(1)} KiB a response`,
    );
    console.log(`[bench] load average after (1, 5, 15 min): ${loadAverage()}`);
  } finally {
    await server.stop();
  }
  if (profile) {
    for (const file of await readdir(profileDirectory)) {
      const parsed = JSON.parse(await readFile(path.join(profileDirectory, file), 'utf8')) as CpuProfile;
      const frames = formatFrames(topFramesOf(parsed, 30, window));
      console.log(`\n${file}, top frames by own time during the measured run:\n${frames}`);
    }
  }
} finally {
  if (process.env.BENCH_KEEP_PROFILES === '1') console.log(`[bench] kept in ${workDirectory}`);
  else await rm(workDirectory, { recursive: true, force: true });
}
