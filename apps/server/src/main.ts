/**
 * Starts PlaySpot: opens and migrates the database, seeds demo data, serves web app + API,
 * in this process or (SERVER_PROCESSES) in several sharing the port (lib/server-processes.ts).
 */
import { sharedGazetteer } from './features/towns/gazetteer.ts';
import cluster from 'node:cluster';
import { setTimeout } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { SERVER_POOL_OPTIONS } from './db/client.ts';
import { DataDirectoryLockedError } from './db/data-directory-lock.ts';
import { createImageWorkQueue } from './features/photos/image-work-queue.ts';
import { clockStartingAt } from './lib/clock.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { createStorage } from './storage/create-storage.ts';
import { serveBackupSocket } from './backup/backup-socket.ts';
import { createRetentionService } from './features/retention/retention.service.ts';
import { seedDemoDataIfEmpty } from './features/import/demo/seed-demo.ts';
import { runServerProcesses, tellPrimaryListening } from './lib/server-processes.ts';
import { clusterMetrics, reportMetricsToPrimary, startMetricsServer } from './lib/metrics.ts';
import type { DatabaseHandle } from './db/client.ts';

function loggerOptions(config: Config) {
  const pretty = process.stdout.isTTY && config.nodeEnv !== 'production';
  return {
    level: config.logLevel,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

const log = (message: string) => {
  console.log(`[playspot] ${message}`);
};

/** Brings the database up to date (migrations, demo data): once, before any process serves. */
async function prepareDatabase(database: DatabaseHandle, config: Config): Promise<void> {
  await database.migrate();
  if (config.seedDemoData) {
    const seeded = await seedDemoDataIfEmpty(database.db);
    if (seeded.demo > 0) {
      log(
        `Empty database: added ${seeded.demo} demo play spots near Auckland and ${seeded.imported} real playgrounds from OpenStreetMap (© OpenStreetMap contributors)`,
      );
    }
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  if (config.serverProcesses > 1 && cluster.isPrimary) {
    const database = await openConfiguredDatabase(config, log, SERVER_POOL_OPTIONS);
    try {
      await prepareDatabase(database, config);
    } finally {
      await database.close();
    }
    if (config.metrics?.port) {
      await startMetricsServer({ ...config.metrics, port: config.metrics.port, metrics: clusterMetrics() });
      log(`Metrics of every process on http://${config.metrics.host}:${config.metrics.port}/metrics`);
    }
    await runServerProcesses({ count: config.serverProcesses, host: config.host, startedAt, log });
    return;
  }

  const database = await openConfiguredDatabase(config, log, SERVER_POOL_OPTIONS);
  // A worker of several: the primary has prepared the database.
  if (cluster.isPrimary) await prepareDatabase(database, config);

  const app = await buildApp({
    database,
    auth: config.auth,
    appOrigins: config.appOrigins,
    embedOrigins: config.embedOrigins,
    appLinks: config.appLinks,
    storage: createStorage(config.storage),
    trustProxy: config.trustProxy,
    apiContactEmail: config.apiContactEmail,
    redisUrl: config.redisUrl,
    webDistDir: config.webDistDir,
    logger: loggerOptions(config),
    requestLogLevel: config.nodeEnv === 'production' ? 'info' : 'debug',
    checkResponses: config.nodeEnv !== 'production',
    ...(config.clockStart ? { now: clockStartingAt(config.clockStart) } : {}),
    // The server answers (the map from SQL) while its map index is being built.
    mapIndex: config.mapIndex && { ...config.mapIndex, inBackground: true },
    imageWork: createImageWorkQueue(config.imageWork),
    tiles: config.tiles,
    deliveries: config.deliveries,
    // On the app's port (behind the token) unless an admin port of their own is set.
    ...(config.metrics
      ? { metrics: { token: config.metrics.port === null ? config.metrics.token : null } }
      : {}),
  });
  if (app.metrics && cluster.isWorker) reportMetricsToPrimary(app.metrics.registry);
  if (app.metrics && cluster.isPrimary && config.metrics?.port) {
    const { registry } = app.metrics;
    const metricsServer = await startMetricsServer({
      ...config.metrics,
      port: config.metrics.port,
      metrics: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
    });
    app.addHook('onClose', async () => {
      await new Promise((resolve) => metricsServer.close(resolve));
    });
    log(`Metrics on http://${config.metrics.host}:${config.metrics.port}/metrics`);
  }
  if (config.clockStart)
    log(`The clock starts at ${config.clockStart.toISOString()} (CLOCK_START), not now.`);
  if (config.auth.devSignIn) {
    log('No sign-in provider configured: the development sign-in (choose a name, no password) is on.');
  } else if (config.auth.providers.length === 0) {
    log('No sign-in provider configured: nobody can sign in. See docs/sign-in.md.');
  }
  // Old analytics events and ended sessions go once a day (features/retention).
  const stopRetention = createRetentionService({
    database,
    now: config.clockStart ? clockStartingAt(config.clockStart) : () => new Date(),
    analyticsDays: config.retentionAnalyticsDays,
  }).schedule(app.log);
  // `npm run backup` asks this process for the embedded database (it holds the folder).
  const stopBackupSocket =
    database.dumpDataDir && cluster.isPrimary
      ? await serveBackupSocket(config.dataDir, database.dumpDataDir, log)
      : null;
  app.addHook('onClose', async () => {
    stopRetention();
    await stopBackupSocket?.();
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, closing`);
    // The database closes after the app: Fastify runs onClose hooks last-added first, so a
    // hook here would close it before the app's own (the map index's catch-up in flight then
    // failed, logged as an error, on a SIGTERM under traffic).
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  // Kept (not once): a worker of several gets Ctrl-C from the terminal and again from the
  // primary, and a second signal without a listener would end it before it has closed.
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
  process.on('SIGINT', () => {
    stop('SIGINT');
  });

  await app.listen({ port: config.port, host: config.host });
  // The towns of the search box load in a worker thread (issue 33), once the map index is
  // built or after a minute (a town search before then starts it): its seconds of CPU would
  // otherwise share two cores with the build and PostgreSQL (issue 43). MAP_INDEX=off: at once.
  const mapIndexBuilt = app.mapIndex?.firstBuild.promise ?? Promise.resolve();
  void Promise.race([mapIndexBuilt, setTimeout(60_000, undefined, { ref: false })]).then(() =>
    sharedGazetteer().then(
      (gazetteer) => {
        app.log.info(gazetteer.stats, 'gazetteer: towns loaded');
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'gazetteer: towns could not be loaded');
      },
    ),
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (cluster.isWorker) {
    tellPrimaryListening(port);
    return;
  }
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  log(`Ready in ${seconds} s on http://${config.host}:${port} (database: ${database.backend})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirectoryLockedError || error instanceof ConfigError) {
    console.error(`[playspot] ${error.message}`);
  } else {
    console.error('[playspot] Failed to start:', error);
  }
  process.exit(1);
});
