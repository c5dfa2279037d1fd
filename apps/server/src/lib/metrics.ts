/**
 * Prometheus metrics (prom-client): requests, latency and 5xx per route, the write-admission
 * lines, the image queue, the map index's version and lag, the database pool, and the
 * process's own (CPU, memory, event loop). Served at GET /metrics on the app's port behind a
 * bearer token (METRICS_TOKEN), or on an admin port of its own (METRICS_PORT), never openly.
 *
 * What is measured comes in as `MetricsSources` (functions read at scrape time): this file
 * imports no feature.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorBody } from './errors.ts';

export interface MetricsSources {
  /** Writes running and waiting in each admission line (lib/write-admission.ts). */
  admission: () => Record<'writes' | 'uploads', { running: number; waiting: number }>;
  /** Photos being decoded and waiting, and the queue's limits. */
  imageQueue: () => { running: number; waiting: number; workers: number; queueLength: number };
  /**
   * The map index: the newest change applied and how many committed changes it has not read
   * yet (null: the index is off).
   */
  mapIndex: () => Promise<{ ready: boolean; places: number; version: number; lag: number } | null>;
  /** The database pool (PostgreSQL; PGlite has one connection and no pool). */
  pool: () => { max: number; total: number | null; idle: number | null; waiting: number | null };
  /** Defects per maintenance area (issue 48), read from the database: the same in every process. */
  maintenance?: () => Promise<MaintenanceFigures[]>;
}

export interface MaintenanceFigures {
  areaName: string;
  sent: number;
  failed: number;
  fixed: number;
  medianSecondsToFixed: number | null;
}

/** Request latencies (seconds): a map read takes milliseconds, a photo upload seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A request no route answered (the web app's fallback, 404s): one label, not one per URL. */
const NO_ROUTE = '(no route)';

export interface AppMetrics {
  readonly registry: Registry;
  /** Counts a finished request. */
  observe(method: string, route: string, status: number, seconds: number): void;
}

export function createAppMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'playspot_' });
  const requests = new Counter({
    name: 'playspot_http_requests_total',
    help: 'HTTP requests answered, by method, route (its pattern) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'playspot_http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'playspot_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  new Gauge({
    name: 'playspot_write_admission_running',
    help: 'Writes holding an admission slot now, by line (writes, uploads)',
    labelNames: ['line'] as const,
    registers: [registry],
    collect() {
      for (const [line, stats] of Object.entries(sources.admission())) this.set({ line }, stats.running);
    },
  });
  new Gauge({
    name: 'playspot_write_admission_waiting',
    help: 'Writes waiting for an admission slot now, by line (writes, uploads)',
    labelNames: ['line'] as const,
    registers: [registry],
    collect() {
      for (const [line, stats] of Object.entries(sources.admission())) this.set({ line }, stats.waiting);
    },
  });
  new Gauge({
    name: 'playspot_image_queue_running',
    help: 'Photos being decoded now',
    registers: [registry],
    collect() {
      this.set(sources.imageQueue().running);
    },
  });
  new Gauge({
    name: 'playspot_image_queue_waiting',
    help: 'Photos waiting for a decoder now',
    registers: [registry],
    collect() {
      this.set(sources.imageQueue().waiting);
    },
  });
  new Gauge({
    name: 'playspot_image_queue_limit',
    help: 'Image work limits: decoders (IMAGE_WORKERS) and queue places (IMAGE_QUEUE_LENGTH)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const queue = sources.imageQueue();
      this.set({ kind: 'workers' }, queue.workers);
      this.set({ kind: 'queue' }, queue.queueLength);
    },
  });

  // The map index gauges share one read of the feed per scrape.
  let mapIndexRead: ReturnType<MetricsSources['mapIndex']> | null = null;
  const mapIndexNow = () => {
    mapIndexRead ??= sources.mapIndex().finally(() => {
      mapIndexRead = null;
    });
    return mapIndexRead;
  };
  const mapIndexGauge = (
    name: string,
    help: string,
    value: (index: NonNullable<Awaited<ReturnType<MetricsSources['mapIndex']>>>) => number,
    aggregator: 'min' | 'max' | 'sum',
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      aggregator,
      async collect() {
        const index = await mapIndexNow();
        if (index) this.set(value(index));
        else this.reset();
      },
    });
  mapIndexGauge(
    'playspot_map_index_version',
    'The newest map change (map_changes version) applied to the map index',
    (index) => index.version,
    'min',
  );
  mapIndexGauge(
    'playspot_map_index_lag_changes',
    'Map change versions committed after the newest one the map index has applied (0: caught up)',
    (index) => index.lag,
    'max',
  );
  mapIndexGauge(
    'playspot_map_index_ready',
    '1 when the map index answers the map, 0 while it builds',
    (index) => (index.ready ? 1 : 0),
    'min',
  );
  mapIndexGauge('playspot_map_index_places', 'Places in the map index', (index) => index.places, 'max');

  const poolGauge = (
    name: string,
    help: string,
    value: (pool: ReturnType<MetricsSources['pool']>) => number | null,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const measured = value(sources.pool());
        if (measured === null) this.reset();
        else this.set(measured);
      },
    });
  poolGauge('playspot_db_pool_max', 'Database connections the pool may open', (pool) => pool.max);
  // PGlite is one connection in this process: no pool to watch.
  if (sources.pool().total !== null) {
    poolGauge('playspot_db_pool_connections', 'Database connections open now', (pool) => pool.total);
    poolGauge('playspot_db_pool_idle', 'Open database connections not in use now', (pool) => pool.idle);
    poolGauge(
      'playspot_db_pool_waiting',
      'Queries waiting for a database connection now',
      (pool) => pool.waiting,
    );
  }

  if (sources.maintenance) maintenanceGauges(registry, sources.maintenance);

  return {
    registry,
    observe(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
      if (status >= 500) serverErrors.inc({ method, route });
    },
  };
}

/**
 * Sent, failed and fixed defects and the median time from sending to "fixed", per area. Read
 * from the database at each scrape (one read for the four), so every process reports the same
 * figures and a cluster's aggregate takes one of them (max), not their sum.
 */
function maintenanceGauges(registry: Registry, figures: () => Promise<MaintenanceFigures[]>): void {
  let read: Promise<MaintenanceFigures[]> | null = null;
  const now = () => {
    read ??= figures().finally(() => {
      read = null;
    });
    return read;
  };
  const gauge = (name: string, help: string, value: (area: MaintenanceFigures) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['area'] as const,
      registers: [registry],
      aggregator: 'max',
      async collect() {
        this.reset();
        for (const area of await now()) {
          const measured = value(area);
          if (measured !== null) this.set({ area: area.areaName }, measured);
        }
      },
    });
  gauge('playspot_defects_sent', 'Defects sent to their maintainer, by area (all time)', (area) => area.sent);
  gauge(
    'playspot_defects_failed',
    'Defects whose delivery failed after every retry, by area (now)',
    (area) => area.failed,
  );
  gauge('playspot_defects_fixed', 'Defects their maintainer fixed, by area (all time)', (area) => area.fixed);
  gauge(
    'playspot_defect_fix_median_seconds',
    'Median time from a defect being sent to its "fixed", by area',
    (area) => area.medianSecondsToFixed,
  );
}

/** Counts every answered request under its route's pattern (never its URL). */
export function installRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? NO_ROUTE;
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function hasMetricsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/u.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const UNAUTHORIZED_MESSAGE = 'The metrics need the bearer token set in METRICS_TOKEN.';

/** GET /metrics on the app's own port, for callers with the token only. */
export function metricsRoute(app: FastifyInstance, registry: Registry, token: string): void {
  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasMetricsToken(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody('unauthenticated', UNAUTHORIZED_MESSAGE));
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/**
 * The admin port: GET /metrics only (with the token too, when one is set). With several
 * server processes the primary serves it, summing what each worker reports.
 */
export async function startMetricsServer(options: {
  port: number;
  host: string;
  token: string | null;
  /** This process's registry, or the cluster's (AggregatorRegistry) in the primary. */
  metrics: () => Promise<{ contentType: string; body: string }>;
}): Promise<Server> {
  const server = createServer((request, response) => {
    const send = (status: number, contentType: string, body: string) => {
      response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
      response.end(body);
    };
    const json = (status: number, code: string, message: string) => {
      send(status, 'application/json; charset=utf-8', JSON.stringify(errorBody(code, message)));
    };
    if (request.url?.split('?')[0] !== '/metrics') {
      json(404, 'not_found', 'Only /metrics is served here.');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      json(405, 'method_not_allowed', 'Only GET /metrics.');
      return;
    }
    if (options.token !== null && !hasMetricsToken(request.headers.authorization, options.token)) {
      response.setHeader('www-authenticate', 'Bearer realm="metrics"');
      json(401, 'unauthenticated', UNAUTHORIZED_MESSAGE);
      return;
    }
    options.metrics().then(
      ({ contentType, body }) => {
        send(200, contentType, body);
      },
      (error: unknown) => {
        console.error('[playspot] metrics failed', error);
        json(500, 'internal_error', 'The metrics could not be collected.');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** A worker of several answers the primary's requests for metrics from this registry. */
export function reportMetricsToPrimary(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
}

/** The primary's view: every worker's metrics, summed (gauges by their own aggregator). */
export function clusterMetrics(): () => Promise<{ contentType: string; body: string }> {
  const aggregator = new AggregatorRegistry();
  return async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() });
}
