/**
 * GET /metrics: Prometheus text for callers with the token, 401 without it; the admin port;
 * what is measured (requests, latency and 5xx per route, write admission, image queue, map
 * index version and lag, database pool), on each backend.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../test/app-options.ts';
import { describeEachBackend } from '../../test/database.ts';
import { addPlace } from '../../test/places-fixtures.ts';
import { signInAs } from '../../test/sign-in.ts';
import { buildApp } from '../app.ts';
import { createAppMetrics, hasMetricsToken, startMetricsServer } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line (`name{labels} value`), or null when absent. */
function sample(text: string, name: string, labels = ''): number | null {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? null : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describeEachBackend('metrics', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      metrics: { token: TOKEN },
      mapIndex: { checkMs: 0 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 401 in the one error shape without the token, or with a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN.replace(/.$/u, 'x')}` },
      { authorization: TOKEN },
    ]) {
      const response = await app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      expect(response.body).not.toContain('playspot_');
    }
    const withoutToken = await app.inject({ url: '/metrics' });
    expect(withoutToken.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  });

  it('counts requests and latency per route pattern, and 5xx apart', async () => {
    const person = await signInAs(app, 'metrics_counter');
    const { id } = await addPlace(app, person);
    await app.inject({ url: `/api/locations/${id}` });
    await app.inject({ url: `/api/locations/${id}` });
    await app.inject({ url: '/no/such/page' });
    const response = await app.inject({ url: '/metrics', headers: bearer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = response.body;
    expect(
      sample(text, 'playspot_http_requests_total', '{method="GET",route="/api/locations/:id",status="200"}'),
    ).toBe(2);
    expect(
      sample(text, 'playspot_http_requests_total', '{method="POST",route="/api/locations",status="201"}'),
    ).toBe(1);
    expect(
      sample(text, 'playspot_http_requests_total', '{method="GET",route="(no route)",status="404"}'),
    ).toBe(1);
    expect(text).not.toContain(id);
    expect(
      sample(
        text,
        'playspot_http_request_duration_seconds_count',
        '{method="GET",route="/api/locations/:id"}',
      ),
    ).toBe(2);
    expect(sample(text, 'playspot_write_admission_running', '{line="writes"}')).toBe(0);
    expect(sample(text, 'playspot_write_admission_waiting', '{line="uploads"}')).toBe(0);
    expect(sample(text, 'playspot_image_queue_waiting')).toBe(0);
    expect(sample(text, 'playspot_image_queue_limit', '{kind="workers"}')).toBeGreaterThan(0);
    expect(sample(text, 'playspot_db_pool_max')).toBe(database().connections);
    if (database().backend === 'postgres')
      expect(sample(text, 'playspot_db_pool_connections')).toBeGreaterThan(0);
    else expect(sample(text, 'playspot_db_pool_connections')).toBeNull();
    expect(sample(text, 'playspot_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it("reports the map index's version, caught up after a write", async () => {
    const person = await signInAs(app, 'metrics_mapper');
    await addPlace(app, person, { name: 'Metrics Park' });
    const text = (await app.inject({ url: '/metrics', headers: bearer })).body;
    expect(sample(text, 'playspot_map_index_ready')).toBe(1);
    expect(sample(text, 'playspot_map_index_version')).toBe(app.mapIndex?.version);
    expect(app.mapIndex?.version).toBeGreaterThan(0);
    expect(sample(text, 'playspot_map_index_lag_changes')).toBe(0);
  });
});

describe('metrics sources', () => {
  it('counts a 5xx under its route, and shows a lagging map index and a busy queue', async () => {
    const metrics = createAppMetrics({
      admission: () => ({ writes: { running: 3, waiting: 7 }, uploads: { running: 1, waiting: 0 } }),
      imageQueue: () => ({ running: 2, waiting: 4, workers: 2, queueLength: 4 }),
      mapIndex: () => Promise.resolve({ ready: true, places: 10, version: 40, lag: 5 }),
      pool: () => ({ max: 10, total: 6, idle: 2, waiting: 3 }),
    });
    metrics.observe('POST', '/api/locations', 503, 0.2);
    metrics.observe('POST', '/api/locations', 500, 0.1);
    metrics.observe('GET', '/api/health', 200, 0.001);
    const text = await metrics.registry.metrics();
    expect(sample(text, 'playspot_http_server_errors_total', '{method="POST",route="/api/locations"}')).toBe(
      2,
    );
    expect(
      sample(text, 'playspot_http_server_errors_total', '{method="GET",route="/api/health"}'),
    ).toBeNull();
    expect(sample(text, 'playspot_write_admission_waiting', '{line="writes"}')).toBe(7);
    expect(sample(text, 'playspot_image_queue_waiting')).toBe(4);
    expect(sample(text, 'playspot_map_index_lag_changes')).toBe(5);
    expect(sample(text, 'playspot_db_pool_waiting')).toBe(3);
  });

  it('compares the token whole', () => {
    expect(hasMetricsToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasMetricsToken(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(hasMetricsToken(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(hasMetricsToken(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(hasMetricsToken(undefined, TOKEN)).toBe(false);
  });
});

describe('the admin port', () => {
  it('serves /metrics only, behind the token when one is set', async () => {
    const server = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      token: TOKEN,
      metrics: () => Promise.resolve({ contentType: 'text/plain; version=0.0.4', body: 'playspot_up 1\n' }),
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const refused = await fetch(`${base}/metrics`);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      const answered = await fetch(`${base}/metrics`, { headers: bearer });
      expect(answered.status).toBe(200);
      expect(await answered.text()).toBe('playspot_up 1\n');
      expect((await fetch(`${base}/api/health`, { headers: bearer })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
