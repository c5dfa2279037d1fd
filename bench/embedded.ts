/**
 * Benchmark: the embedded default. The real server on PGlite (no DATABASE_URL, DATA_DIR only)
 * with BENCH_EMBEDDED_LOCATIONS generated play spots, loaded with the map list's radius read
 * (GET /api/locations/summaries), once with the map index (the default) and once with
 * MAP_INDEX=off (every answer from PGlite). See bench/README.md, "Embedded default".
 *
 *   npm run bench:embedded        (Node 24: the repository's node_modules/.bin/node)
 */
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../apps/server/src/db/client.ts';
import { mapIndexHealth, residentBytes, runLoad, waitForMapIndex } from './lib/api.ts';
import { countPlaces, seedPlaces } from './lib/database.ts';
import { backgroundLoad, codeRevision } from './lib/run-info.ts';
import { startServerProcess, waitUntilServerIdle, type RunningServer } from './lib/server-process.ts';
import { megabytes, type Measurement } from './lib/stats.ts';
import { queryCentres, radiusPath, RADIUS_KM, PAGE_LIMIT, type Centre } from './lib/workload.ts';
import { integerFromEnv } from './lib/env.ts';
import { SMOKE, SMOKE_NOTE, smokeOr } from './lib/smoke.ts';
import { saveReport } from './lib/report.ts';

/** Issue 20: the embedded default answers the map list's radius read this often with the index. */
const TARGET_PER_SECOND = 2000;
const CENTRE_COUNT = smokeOr(1000, 50);
const INDEX_READY_TIMEOUT_MS = 5 * 60_000;

const settings = {
  locations: integerFromEnv('BENCH_EMBEDDED_LOCATIONS', smokeOr(100_000, 2000), 1000),
  connections: integerFromEnv('BENCH_EMBEDDED_CONNECTIONS', smokeOr(50, 4), 1),
  seconds: integerFromEnv('BENCH_DURATION', smokeOr(20, 1), 1),
  warmupSeconds: integerFromEnv('BENCH_WARMUP', smokeOr(5, 0), 0),
  reseed: process.env.BENCH_RESEED === '1',
};

/**
 * The server's DATA_DIR, kept between runs like the PostgreSQL benchmark keeps its database
 * (one per count: seeding is the slow part). The server opens its database in `pglite/`.
 */
const dataDirectory = path.join(os.tmpdir(), `playspot-bench-embedded-${String(settings.locations)}`);
const pgliteDirectory = path.join(dataDirectory, 'pglite');
const resultsDirectory = fileURLToPath(new URL('results/', import.meta.url));

const log = (message: string) => {
  console.log(`[bench] ${message}`);
};

/** Migrates the embedded database and seeds it unless it already holds exactly N spots. */
async function prepareDatabase(): Promise<void> {
  await mkdir(dataDirectory, { recursive: true });
  log(`Opening the embedded database in ${pgliteDirectory}`);
  const database = await openPglite({
    kind: 'directory',
    directory: pgliteDirectory,
    onLockCompromised: (error) => {
      console.error(`[bench] Lost the lock on ${pgliteDirectory}: ${error.message}. Stopping.`);
      process.exit(1);
    },
  });
  try {
    await database.migrate();
    const existing = await countPlaces(database);
    if (existing === settings.locations && !settings.reseed) {
      log(`It already holds ${existing.toLocaleString('en')} locations (BENCH_RESEED=1 rebuilds)`);
      return;
    }
    log(
      `Seeding ${settings.locations.toLocaleString('en')} locations (the table held ${existing.toLocaleString('en')})…`,
    );
    const seed = await seedPlaces(database, settings.locations);
    log(
      `Seeded in ${(seed.insertSeconds + seed.indexSeconds + seed.analyzeSeconds).toFixed(1)} s: ` +
        `insert ${seed.insertSeconds.toFixed(1)} s, indexes ${seed.indexSeconds.toFixed(1)} s, ` +
        `vacuum analyze ${seed.analyzeSeconds.toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

interface Mode {
  name: string;
  mapIndex: 'on' | 'off';
}

interface ModeResult {
  mode: Mode;
  load: Measurement;
  /** Build time of the index (null with it off). */
  indexBuildMs: number | null;
  indexPlaces: number;
  /** Once ready to be measured (with the index: once it is built), and after the load. */
  rssBeforeBytes: number | null;
  rssAfterBytes: number | null;
  averageItems: number;
}

/** The server as production runs it with no DATABASE_URL: PGlite under DATA_DIR. */
function startEmbeddedServer(mode: Mode): Promise<RunningServer> {
  return startServerProcess({
    env: {
      DATA_DIR: dataDirectory,
      NODE_ENV: 'production',
      // No browser loads a map tile in a benchmark.
      TILE_OSM_POLICY_ACCEPTED: 'true',
      SEED_DEMO_DATA: 'false',
      MAP_INDEX: mode.mapIndex,
    },
    unsetEnv: ['DATABASE_URL'],
  });
}

/** Asks a sample of the questions once: proves they are answered, and how full the pages are. */
async function averageItems(baseUrl: string, centres: Centre[]): Promise<number> {
  const sample = centres.slice(0, 50);
  let items = 0;
  for (const centre of sample) {
    const response = await fetch(`${baseUrl}${radiusPath(centre)}`);
    if (!response.ok) {
      throw new Error(`${radiusPath(centre)} answered ${String(response.status)}: ${await response.text()}`);
    }
    items += ((await response.json()) as { items: unknown[] }).items.length;
  }
  return items / sample.length;
}

async function measureMode(mode: Mode, centres: Centre[]): Promise<ModeResult> {
  const { connections, seconds, warmupSeconds } = settings;
  const started = performance.now();
  const server = await startEmbeddedServer(mode);
  try {
    log(
      `${mode.name}: server ready on ${server.baseUrl} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    let indexBuildMs: number | null = null;
    let indexPlaces = 0;
    if (mode.mapIndex === 'on') {
      const index = await waitForMapIndex(server.baseUrl, {
        timeoutMs: INDEX_READY_TIMEOUT_MS,
        onProgress: (health) => {
          log(`Map index still ${health.state} (${health.places.toLocaleString('en')} places so far)`);
        },
      });
      indexBuildMs = index.buildMs;
      indexPlaces = index.places;
    } else {
      const { state } = await mapIndexHealth(server.baseUrl);
      if (state !== 'off') throw new Error(`MAP_INDEX=off, yet the server says its map index is ${state}`);
    }
    await waitUntilServerIdle(server.pid);
    const rssBeforeBytes = await residentBytes(server.pid);
    log(
      `${mode.name}: ` +
        (indexBuildMs === null
          ? ''
          : `index of ${indexPlaces.toLocaleString('en')} places built in ${(indexBuildMs / 1000).toFixed(1)} s; `) +
        `server RSS ${megabytes(rssBeforeBytes)}`,
    );
    const items = await averageItems(server.baseUrl, centres);
    const base = {
      baseUrl: server.baseUrl,
      serverPid: server.pid,
      paths: centres.map(radiusPath),
      connections,
    };
    if (warmupSeconds > 0) await runLoad({ ...base, seconds: warmupSeconds });
    log(`${mode.name}: radius, ${String(connections)} connections for ${String(seconds)} s…`);
    const load = await runLoad({ ...base, seconds });
    // Let the requests autocannon left in flight finish before the server shuts down.
    await setTimeout(1000);
    const rssAfterBytes = await residentBytes(server.pid);
    log(
      `${mode.name}: ${load.perSecond.toFixed(0)} req/s, p50 ${load.p50Ms.toFixed(1)} ms, ` +
        `p99 ${load.p99Ms.toFixed(1)} ms; server RSS after the load ${megabytes(rssAfterBytes)}`,
    );
    return { mode, load, indexBuildMs, indexPlaces, rssBeforeBytes, rssAfterBytes, averageItems: items };
  } finally {
    await server.stop();
  }
}

function markdownReport(
  results: ModeResult[],
  info: { revision: string; backgroundLoad: number | null; date: Date },
): string {
  const cpus = os.cpus();
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const withIndex = results.find((result) => result.mode.mapIndex === 'on');
  const target =
    withIndex === undefined
      ? 'not measured'
      : withIndex.load.perSecond >= TARGET_PER_SECOND
        ? `met (${withIndex.load.perSecond.toFixed(0)} req/s)`
        : `missed: ${withIndex.load.perSecond.toFixed(0)} req/s, ` +
          `${(TARGET_PER_SECOND - withIndex.load.perSecond).toFixed(0)} req/s short`;
  const cpuPerRequest = (result: ModeResult) => {
    const cpu = result.load.cpu;
    if (!cpu || cpu.processSeconds === null) return 'n/a';
    return `${((cpu.processSeconds * 1000) / result.load.count).toFixed(2)} ms`;
  };
  return [
    `# Embedded default (PGlite): radius (${info.date.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `${settings.locations.toLocaleString('en')} locations in PGlite (no DATABASE_URL), ` +
      `GET /api/locations/summaries (${String(PAGE_LIMIT)} nearest within ${String(RADIUS_KM)} km), ` +
      `${String(settings.connections)} connections, ${String(settings.seconds)} s per run after ` +
      `${String(settings.warmupSeconds)} s of warm-up; code at ${info.revision}.`,
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ` +
      `${os.type()} ${os.release()}; Node ${process.version}.` +
      (info.backgroundLoad === null
        ? ''
        : ` Busy with other work before the runs: ${(info.backgroundLoad * 100).toFixed(0)} %.`),
    '',
    '| server | req/s | p50 | p99 | index build | RSS before the load | RSS after the load | server CPU per request |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (result) =>
        `| ${result.mode.name} | ${result.load.perSecond.toFixed(0)} | ${ms(result.load.p50Ms)} | ${ms(result.load.p99Ms)} | ` +
        `${result.indexBuildMs === null ? '–' : `${String(result.indexBuildMs)} ms`} | ${megabytes(result.rssBeforeBytes)} | ` +
        `${megabytes(result.rssAfterBytes)} | ${cpuPerRequest(result)} |`,
    ),
    '',
    `Target (issue 20): ≥ ${TARGET_PER_SECOND.toLocaleString('en')} radius req/s with the map index: ${target}.`,
    '',
    ...results.map(
      (result) =>
        `- ${result.mode.name}: ${result.load.count.toLocaleString('en')} requests measured; ` +
        `pages held ${result.averageItems.toFixed(1)} spots on average.` +
        (result.mode.mapIndex === 'on'
          ? ` The index held ${result.indexPlaces.toLocaleString('en')} places.`
          : ''),
    ),
    '- RSS before the load: once the server was ready (with the index: once it was built).',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  await prepareDatabase();
  const centres = queryCentres(CENTRE_COUNT);
  const background = await backgroundLoad();
  if (background !== null && background > 0.1) {
    log(
      `Warning: the machine is ${(background * 100).toFixed(0)} % busy before the run; results will be noisy`,
    );
  }
  const modes: Mode[] = [
    { name: 'map index (default)', mapIndex: 'on' },
    { name: 'SQL only (MAP_INDEX=off)', mapIndex: 'off' },
  ];
  const results: ModeResult[] = [];
  for (const mode of modes) results.push(await measureMode(mode, centres));

  const report = markdownReport(results, {
    revision: await codeRevision(),
    backgroundLoad: background,
    date: new Date(),
  });
  if (SMOKE) {
    console.log(`\n${report}\n${SMOKE_NOTE}`);
    return;
  }
  await saveReport(report, resultsDirectory, 'embedded-latest.md');
  log('Saved bench/results/embedded-latest.md');
}

main().catch((error: unknown) => {
  console.error('[bench] Failed:', error);
  process.exit(1);
});
