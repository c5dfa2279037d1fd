/**
 * The mixed-traffic row alone (`npm run bench:mixed`): the per-core server on the API
 * benchmark's database (seeded by `npm run bench` first), the row of lib/mixed-traffic.ts,
 * and nothing else, so a change to what a write or a place page costs can be measured in a
 * minute instead of the whole benchmark's six. BENCH_PROFILE=1 runs the server's processes
 * under `--cpu-prof` and prints each one's top frames by own time.
 *
 *   node bench/mixed.ts     (BENCH_SERVER_PROCESSES, default one per core; BENCH_DURATION, default 20)
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { startServer, waitForMapIndex } from './lib/api.ts';
import { waitUntilServerIdle } from './lib/server-process.ts';
import { benchDatabaseUrl, countPlaces, BENCH_DATABASE_NAME } from './lib/database.ts';
import { integerFromEnv } from './lib/env.ts';
import { measureMixedTraffic, mixedTrafficMarkdown } from './lib/mixed-traffic.ts';
import { formatFrames, topFramesOf, type CpuProfile, type ProfileWindow } from './lib/profile.ts';
import { smokeOr } from './lib/smoke.ts';
import { queryCentres } from './lib/workload.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const processes = integerFromEnv('BENCH_SERVER_PROCESSES', os.availableParallelism(), 1);
const seconds = integerFromEnv('BENCH_DURATION', smokeOr(20, 1), 1);
const connections = integerFromEnv('BENCH_CONNECTIONS', smokeOr(32, 4), 1);
const profile = process.env.BENCH_PROFILE === '1';
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

/** The monotonic clock the server processes' profiles are timed by, in µs. */
const microseconds = () => Number(process.hrtime.bigint() / 1000n);

const databaseUrl = benchDatabaseUrl(adminUrl);
const database = openPostgres(databaseUrl, { max: 2 });
const profileDirectory = profile ? await mkdtemp(path.join(os.tmpdir(), 'playspot-mixed-')) : null;
/** When the mixed traffic ran: the profiles are summarised over that alone, not the build. */
let window: ProfileWindow | undefined;
try {
  const places = await countPlaces(database);
  if (places === 0) throw new Error(`${BENCH_DATABASE_NAME} holds no places: run npm run bench first`);
  console.log(`[bench] load average before (1, 5, 15 min): ${loadAverage()}`);
  const server = await startServer(databaseUrl, {
    processes,
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    env: {
      MAP_INDEX: 'on',
      ...(profileDirectory ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDirectory}` } : {}),
    },
  });
  try {
    const index = await waitForMapIndex(server.baseUrl, { timeoutMs: 5 * 60_000, processes });
    console.log(`[bench] ${String(index.places)} places indexed in ${String(index.buildMs)} ms`);
    const waited = await waitUntilServerIdle(server.pid);
    console.log(`[bench] the servers' start-up work (the towns) done ${waited.toFixed(0)} s after that`);
    const fromUs = microseconds();
    const figures = await measureMixedTraffic({
      baseUrl: server.baseUrl,
      serverPid: server.pid,
      database,
      connections,
      seconds,
      centres: queryCentres(smokeOr(20_000, 500)),
      log: (message) => {
        console.log(`[bench] ${message}`);
      },
    });
    window = { fromUs, toUs: microseconds() };
    console.log(`\n${mixedTrafficMarkdown(` (${String(processes)} server processes)`, figures, 30)}`);
  } finally {
    await server.stop();
  }
  console.log(`[bench] load average after (1, 5, 15 min): ${loadAverage()}`);
  if (profileDirectory) {
    for (const file of await readdir(profileDirectory)) {
      const parsed = JSON.parse(await readFile(path.join(profileDirectory, file), 'utf8')) as CpuProfile;
      console.log(
        `\n${file}, top frames by own time during the mixed traffic:\n${formatFrames(topFramesOf(parsed, 30, window))}`,
      );
    }
  }
} finally {
  await database.close();
  if (profileDirectory && process.env.BENCH_KEEP_PROFILES !== '1')
    await rm(profileDirectory, { recursive: true, force: true });
  else if (profileDirectory) console.log(`[bench] profiles kept in ${profileDirectory}`);
}
