/**
 * Benchmark: the radius and viewport endpoints of the API (answered from the server's map
 * index) against pgbench running the SQL the server sends for them without the index
 * (MAP_INDEX=off), on a PostgreSQL database of BENCH_LOCATIONS generated play spots. See
 * bench/README.md.
 *
 *   node bench/radius-viewport.ts        (Node 24: the repository's node_modules/.bin/node)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { mapIndexHealth, residentBytes, runLoad, startServer, waitForMapIndex } from './lib/api.ts';
import {
  benchDatabaseUrl,
  countPlaces,
  createDatabaseIfMissing,
  seedPlaces,
  BENCH_DATABASE_NAME,
} from './lib/database.ts';
import { pgbenchVersion, runPgbench } from './lib/pgbench.ts';
import { runWrk, wrkAvailable } from './lib/wrk.ts';
import { waitUntilServerIdle } from './lib/server-process.ts';
import { measureMixedTraffic, mixedTrafficMarkdown } from './lib/mixed-traffic.ts';
import { markdownReport, saveReport, type Comparison, type ServerFigures } from './lib/report.ts';
import { backgroundLoad, codeRevision } from './lib/run-info.ts';
import { pgbenchScripts, type PgbenchScript, type PgbenchScripts } from './lib/sql-scripts.ts';
import { megabytes, type Measurement } from './lib/stats.ts';
import { queryCentres, radiusPath, viewportPath, RADIUS_KM, type Centre } from './lib/workload.ts';
import { integerFromEnv } from './lib/env.ts';
import { SMOKE, SMOKE_NOTE, smokeOr } from './lib/smoke.ts';

/** Issue 20: the API answers ≥ 3× the raw SQL's throughput, with p99 ≤ 30 ms. */
const TARGETS = { minRatio: 3, maxP99Ms: 30 };
const CENTRE_COUNT = smokeOr(1000, 50); // distinct places each side queries, at random per request
/** Viewport boxes for the run where nearly every box is new to the server. */
const NEW_BOX_COUNT = smokeOr(20_000, 500);
const percentOf = (share: number) => `${(share * 100).toFixed(1)} %`;
const INDEX_READY_TIMEOUT_MS = 5 * 60_000; // a million places build in well under this

const settings = {
  adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  locations: integerFromEnv('BENCH_LOCATIONS', smokeOr(1_000_000, 2000), 1000),
  connections: integerFromEnv('BENCH_CONNECTIONS', smokeOr(32, 4), 1),
  seconds: integerFromEnv('BENCH_DURATION', smokeOr(20, 1), 1),
  warmupSeconds: integerFromEnv('BENCH_WARMUP', smokeOr(5, 0), 0),
  reseed: process.env.BENCH_RESEED === '1',
  /**
   * Server processes (SERVER_PROCESSES), sharing rate limits through Redis (BENCH_REDIS_URL)
   * when more than one. One by default: an answer from memory costs the server so little
   * that on two cores a second process only takes the load generator's core (measured: two
   * processes answered fewer viewport requests, with a worse p99).
   */
  serverProcesses: integerFromEnv('BENCH_SERVER_PROCESSES', 1, 1),
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  /** A second API run with one server process per core (BENCH_PER_CORE=0 leaves it out). */
  perCore: process.env.BENCH_PER_CORE !== '0',
  /** The mixed-traffic row on the last API run's server (BENCH_MIXED=0 leaves it out). */
  mixed: process.env.BENCH_MIXED !== '0',
  /** The API side's load generator: wrk (C, like pgbench) when installed, else autocannon. */
  loader: process.env.BENCH_LOADER,
};

const resultsDirectory = fileURLToPath(new URL('results/', import.meta.url));
const log = (message: string) => {
  console.log(`[bench] ${message}`);
};

/** wrk unless BENCH_LOADER says autocannon; autocannon when wrk is not installed. */
async function chooseLoader(): Promise<'wrk' | 'autocannon'> {
  if (settings.loader === 'autocannon') return 'autocannon';
  if (await wrkAvailable()) return 'wrk';
  if (settings.loader === 'wrk')
    throw new Error('BENCH_LOADER=wrk, but wrk is not installed (apt-get install wrk)');
  log(
    'wrk is not installed (apt-get install wrk): loading the API with autocannon, which costs the machine more per request',
  );
  return 'autocannon';
}

/** Creates and migrates the database; seeds it unless it already holds exactly N spots. */
async function prepareDatabase(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  const existing = await countPlaces(database);
  if (existing === settings.locations && !settings.reseed) {
    log(
      `${BENCH_DATABASE_NAME} already holds ${existing.toLocaleString('en')} locations (BENCH_RESEED=1 rebuilds)`,
    );
    return;
  }
  log(
    `Seeding ${settings.locations.toLocaleString('en')} locations (the table held ${existing.toLocaleString('en')})…`,
  );
  const seed = await seedPlaces(database, settings.locations);
  const total = seed.insertSeconds + seed.indexSeconds + seed.analyzeSeconds;
  log(
    `Seeded in ${total.toFixed(1)} s: insert ${seed.insertSeconds.toFixed(1)} s ` +
      `(${(seed.rows / seed.insertSeconds).toFixed(0)} rows/s), indexes ${seed.indexSeconds.toFixed(1)} s, ` +
      `vacuum analyze ${seed.analyzeSeconds.toFixed(1)} s; overall ${(seed.rows / total).toFixed(0)} rows/s`,
  );
}

interface ApiSample {
  radiusItems: number;
  viewportPointsShare: number;
}

/**
 * Asks each endpoint a sample of the benchmark's questions once: proves the server answers
 * them, and tells how many viewport boxes take the points path (≤ 300 spots) rather than
 * clusters. The pgbench script decides per box the same way.
 */
async function sampleApi(baseUrl: string, centres: Centre[]): Promise<ApiSample> {
  const sample = centres.slice(0, 200);
  let radiusItems = 0;
  let points = 0;
  for (const centre of sample) {
    const radius = await fetch(`${baseUrl}${radiusPath(centre)}`);
    if (!radius.ok)
      throw new Error(`${radiusPath(centre)} answered ${String(radius.status)}: ${await radius.text()}`);
    radiusItems += ((await radius.json()) as { items: unknown[] }).items.length;
    const viewport = await fetch(`${baseUrl}${viewportPath(centre)}`);
    if (!viewport.ok) throw new Error(`${viewportPath(centre)} answered ${String(viewport.status)}`);
    if (((await viewport.json()) as { kind: string }).kind === 'points') points += 1;
  }
  return { radiusItems: radiusItems / sample.length, viewportPointsShare: points / sample.length };
}

/**
 * Starts the server (map index on, its default), waits until the index is built, checks a
 * sample, then loads each endpoint (after a warm-up).
 */
async function measureApi(
  databaseUrl: string,
  centres: Centre[],
  newBoxCentres: Centre[],
  workDirectory: string,
  processes: number,
  /** The database, when this run also measures mixed traffic (it signs people in there). */
  mixedOn: DatabaseHandle | null,
) {
  const { connections, seconds, warmupSeconds } = settings;
  const server = await startServer(databaseUrl, {
    env: { MAP_INDEX: 'on' },
    processes,
    redisUrl: settings.redisUrl,
  });
  try {
    log(`Server ready on ${server.baseUrl}; waiting for its map index…`);
    const index = await waitForMapIndex(server.baseUrl, {
      timeoutMs: INDEX_READY_TIMEOUT_MS,
      processes,
      onProgress: (health) => {
        log(`Map index still ${health.state} (${health.places.toLocaleString('en')} places so far)`);
      },
    });
    log(`The towns loaded ${(await waitUntilServerIdle(server.pid)).toFixed(0)} s after the index was ready`);
    const rssAfterBuildBytes = await residentBytes(server.pid);
    log(
      `Map index ready: ${index.places.toLocaleString('en')} places, built in ` +
        `${index.buildMs === null ? '?' : (index.buildMs / 1000).toFixed(1)} s; server RSS ${megabytes(rssAfterBuildBytes)}` +
        (rssAfterBuildBytes === null || index.places === 0
          ? ''
          : ` (${(rssAfterBuildBytes / processes / index.places).toFixed(0)} bytes per place and process, the whole process's RSS)`) +
        `; RSS delta of the build ${((index.buildRssDeltaBytes ?? NaN) / index.places).toFixed(0)} bytes per place`,
    );
    const sample = await sampleApi(server.baseUrl, centres);
    log(
      `Sample: radius pages hold ${sample.radiusItems.toFixed(1)} spots on average; ` +
        `${(sample.viewportPointsShare * 100).toFixed(0)} % of viewport boxes answer with points`,
    );
    const loader = await chooseLoader();
    const runWith = loader === 'wrk' ? runWrk : runLoad;
    const load = async (name: string, paths: string[]) => {
      const base = { baseUrl: server.baseUrl, serverPid: server.pid, paths, connections, workDirectory };
      if (warmupSeconds > 0) await runWith({ ...base, seconds: warmupSeconds });
      log(`API ${name}: ${loader}, ${String(connections)} connections for ${String(seconds)} s…`);
      return runWith({ ...base, seconds });
    };
    /** Viewport answers kept and asked so far, over the processes (a new connection each). */
    const keptSoFar = async () => {
      let hits = 0;
      let asked = 0;
      for (let i = 0; i < processes; i++) {
        const cache = (await mapIndexHealth(server.baseUrl)).answerCache;
        hits += cache?.hits ?? 0;
        asked += (cache?.hits ?? 0) + (cache?.misses ?? 0);
      }
      return { hits, asked };
    };
    /** The share of a run's viewport requests answered from kept bytes. */
    const keptShareOf = async (run: () => Promise<Measurement & { bytesPerResponse: number }>) => {
      const before = await keptSoFar();
      const measured = await run();
      await setTimeout(1000);
      const after = await keptSoFar();
      const asked = after.asked - before.asked;
      return { measured, keptShare: asked > 0 ? (after.hits - before.hits) / asked : 0 };
    };
    const radius = await load('radius', centres.map(radiusPath));
    const viewport = await keptShareOf(() => load('viewport', centres.map(viewportPath)));
    const newBoxes = await keptShareOf(() => load('viewport, new boxes', newBoxCentres.map(viewportPath)));
    const mixed =
      mixedOn &&
      (await measureMixedTraffic({
        baseUrl: server.baseUrl,
        serverPid: server.pid,
        database: mixedOn,
        connections,
        seconds,
        centres: newBoxCentres,
        log,
      }));
    // The load stops with requests still in flight; the server's shutdown would close its
    // pool under them and log errors. Let them finish first.
    await setTimeout(1000);
    const rssAfterLoadBytes = await residentBytes(server.pid);
    log(`Server RSS after the load: ${megabytes(rssAfterLoadBytes)}`);
    const figures: ServerFigures = {
      processes,
      loader,
      indexBuildMs: index.buildMs,
      indexPlaces: index.places,
      rssAfterBuildBytes,
      rssAfterLoadBytes,
      indexRssDeltaBytes: index.buildRssDeltaBytes ?? null,
    };
    return { api: { radius, viewport, newBoxes }, sample, server: figures, mixed };
  } finally {
    await server.stop();
  }
}

/** pgbench with each script, after a warm-up; two threads, one per core of the target machine. */
async function measureSql(databaseUrl: string, scripts: PgbenchScripts, workDirectory: string) {
  const { connections, seconds, warmupSeconds } = settings;
  const pgbench = async (name: string, script: PgbenchScript) => {
    const base = {
      url: databaseUrl,
      script: script.text,
      mode: script.mode,
      workDirectory,
      connections,
      threads: 2,
    };
    if (warmupSeconds > 0) await runPgbench({ ...base, name: `${name}-warmup`, seconds: warmupSeconds });
    log(
      `SQL ${name}: pgbench -M ${script.mode}, ${String(connections)} connections for ${String(seconds)} s…`,
    );
    return runPgbench({ ...base, name, seconds });
  };
  return {
    radius: await pgbench('radius', scripts.radius),
    viewport: await pgbench('viewport', scripts.viewport),
  };
}

async function serverVersions(database: DatabaseHandle) {
  const [row] = await database.query<{ postgres: string; postgis: string }>(
    sql`select current_setting('server_version') as postgres, postgis_lib_version() as postgis`,
  );
  return { postgresVersion: `PostgreSQL ${row?.postgres ?? '?'}`, postgisVersion: row?.postgis ?? '?' };
}

async function main(): Promise<void> {
  if (await createDatabaseIfMissing(settings.adminUrl)) log(`Created database ${BENCH_DATABASE_NAME}`);
  const databaseUrl = benchDatabaseUrl(settings.adminUrl);
  const database = openPostgres(databaseUrl, { max: 2 });
  const workDirectory = await mkdtemp(path.join(os.tmpdir(), 'playspot-bench-'));
  try {
    await prepareDatabase(database);
    const centres = queryCentres(CENTRE_COUNT);
    // The SQL each endpoint sends, recorded from a server started for that alone.
    log('Recording the SQL the endpoints send without the map index (MAP_INDEX=off)…');
    const scripts = await pgbenchScripts(databaseUrl, workDirectory, centres);
    const { connections, seconds } = settings;
    const loadBefore = os.loadavg();
    log(`Load average (1, 5, 15 min): ${loadBefore.map((load) => load.toFixed(2)).join(', ')}`);
    const background = await backgroundLoad();
    if (background !== null && background > 0.1) {
      log(
        `Warning: the machine is ${(background * 100).toFixed(0)} % busy before the run; results will be noisy`,
      );
    }

    // API first, with the server alone on the machine but for autocannon.
    // Far more boxes than a process keeps answers for: nearly every request is new.
    const newBoxCentres = queryCentres(NEW_BOX_COUNT);
    // PostgreSQL uses every core: the API once more with one server process per core, which
    // also carries the mixed traffic (on the one run when there is no second).
    const cores = os.availableParallelism();
    const runPerCore = settings.perCore && cores > settings.serverProcesses;
    const mixedOn = settings.mixed ? database : null;
    const { api, sample, server, mixed } = await measureApi(
      databaseUrl,
      centres,
      newBoxCentres,
      workDirectory,
      settings.serverProcesses,
      runPerCore ? null : mixedOn,
    );
    const perCore = runPerCore
      ? await measureApi(databaseUrl, centres, newBoxCentres, workDirectory, cores, mixedOn)
      : null;
    const mixedFigures = perCore?.mixed ?? mixed;
    const mixedLabel = perCore ? ` (${String(cores)} server processes, one per core)` : '';

    // Then the same questions straight to PostgreSQL, the server stopped.
    const sqlSide = await measureSql(databaseUrl, scripts, workDirectory);

    const comparisons: Comparison[] = [
      {
        endpoint: `radius ${String(RADIUS_KM)} km`,
        api: api.radius,
        sql: sqlSide.radius,
        note:
          `API = GET /api/locations/summaries (the map list's page: 50 nearest within 5 km, summary shape), ` +
          `answered from the map index; SQL = the page statement the server sends for it with ` +
          `MAP_INDEX=off, rows with tag counts and photos (pgbench -M ${scripts.radius.mode}). ` +
          `Pages held ${sample.radiusItems.toFixed(1)} spots on average.`,
      },
      {
        endpoint: 'viewport z13',
        api: api.viewport.measured,
        sql: sqlSide.viewport,
        note:
          `API = GET /api/locations/viewport on 0.05° × 0.035° boxes around the same ${String(CENTRE_COUNT)} centres, answered from the map index; ` +
          `SQL = the points statement the server sends with MAP_INDEX=off (pgbench -M ${scripts.viewport.mode}). ` +
          `${(sample.viewportPointsShare * 100).toFixed(0)} % of boxes answer with points. ` +
          `${percentOf(api.viewport.keptShare)} of the requests repeated a URL the process had answered in the same map state ` +
          `and were answered from its kept bytes (answer-cache.ts): the boxes stand for the grid-snapped boxes of a town's parents.`,
      },
      {
        endpoint: 'viewport z13, new boxes',
        api: api.newBoxes.measured,
        sql: sqlSide.viewport,
        note:
          `The same, on boxes around ${NEW_BOX_COUNT.toLocaleString('en')} centres, more than a process keeps answers for: ` +
          `${percentOf(api.newBoxes.keptShare)} were repeats, the rest made from the index (each marker's bytes joined). ` +
          `The SQL side is the same run as above (PostgreSQL keeps no answers).`,
      },
    ];
    if (perCore) {
      const suffix = ` (${String(cores)} server processes, one per core)`;
      comparisons.push(
        {
          endpoint: `radius ${String(RADIUS_KM)} km${suffix}`,
          api: perCore.api.radius,
          sql: sqlSide.radius,
          note: 'As the radius row, with the server on every core as PostgreSQL is.',
        },
        {
          endpoint: `viewport z13, new boxes${suffix}`,
          api: perCore.api.newBoxes.measured,
          sql: sqlSide.viewport,
          note: `As the new-boxes row, with the server on every core; ${percentOf(perCore.api.newBoxes.keptShare)} were repeats.`,
        },
      );
    }
    const loadNote = `- Load average before the run (1, 5, 15 min): ${loadBefore.map((load) => load.toFixed(2)).join(', ')}; after: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}.`;
    const report = `${markdownReport(
      comparisons,
      {
        locations: settings.locations,
        connections,
        seconds,
        ...(await serverVersions(database)),
        pgbenchVersion: await pgbenchVersion(),
        revision: await codeRevision(),
        backgroundLoad: background,
        server,
        date: new Date(),
      },
      TARGETS,
    )}\n${loadNote}\n${mixedFigures ? `\n${mixedTrafficMarkdown(mixedLabel, mixedFigures, TARGETS.maxP99Ms)}` : ''}`;
    if (SMOKE) {
      console.log(`\n${report}\n${SMOKE_NOTE}`);
      return;
    }
    await saveReport(report, resultsDirectory, 'latest.md');
    // For reading, not committed (*.tmp is ignored): the exact SQL pgbench ran.
    await writeFile(path.join(resultsDirectory, 'radius.pgbench.sql.tmp'), scripts.radius.text);
    await writeFile(path.join(resultsDirectory, 'viewport.pgbench.sql.tmp'), scripts.viewport.text);
    log(`Saved bench/results/latest.md`);
  } finally {
    await database.close();
    await rm(workDirectory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('[bench] Failed:', error);
  process.exit(1);
});
