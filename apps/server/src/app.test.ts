import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describeEachBackend } from '../test/database.ts';
import { committedMigrations } from '../test/template-names.ts';
import { testAuthConfig, testStorage } from '../test/app-options.ts';
import { buildApp } from './app.ts';
import type { DatabaseHandle } from './db/client.ts';

describeEachBackend('GET /api/health', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
  });
  afterAll(async () => {
    await app.close();
  });

  it('reports the backend, the newest migration and PostGIS', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; database: Record<string, unknown> }>();
    expect(body.status).toBe('ok');
    const migrations = await committedMigrations();
    expect(body.database).toMatchObject({
      backend: database().backend,
      migrationVersion: migrations.latest,
      migrationsApplied: migrations.count,
      migrationsKnown: migrations.count,
    });
    expect(body.database.postgisVersion).toMatch(/^3\./);
  });

  it('says whether the map index is ready, and how many places it holds', async () => {
    const body = (await app.inject({ method: 'GET', url: '/api/health' })).json<{
      mapIndex: { state: string; places: number; buildMs: number | null };
    }>();
    const [row] = await database().query<{ count: number }>(
      sql`select count(*)::int as count from locations`,
    );
    expect(body.mapIndex).toMatchObject({ state: 'ready', places: row?.count });
    expect(body.mapIndex.buildMs).toBeGreaterThanOrEqual(0);
  });

  it('says the map reads SQL when the index is off', async () => {
    const sqlOnly = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
    });
    const body = (await sqlOnly.inject({ method: 'GET', url: '/api/health' })).json<{
      mapIndex: { state: string };
    }>();
    expect(body.mapIndex.state).toBe('off');
    await sqlOnly.close();
  });
});

describe('API conventions', () => {
  // These tests exercise Fastify plumbing only; a database that is never queried suffices.
  const unusedDatabase = { connections: 1 } as DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp({
      database: unusedDatabase,
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
    });
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/test-echo',
      {
        schema: { operationId: 'echoName', body: z.strictObject({ name: z.string().min(1) }) },
        config: { access: 'public' },
      },
      async (request) => ({ name: request.body.name }),
    );
    app.get(
      '/api/test-crash',
      { schema: { operationId: 'crashOnPurpose' }, config: { access: 'public' } },
      async () => {
        throw new Error('secret internal detail');
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['an unknown API path', 'GET', '/api/nope', undefined, undefined, 404, 'not_found'],
    ['a missing field', 'POST', '/api/test-echo', '{}', 'application/json', 400, 'validation_failed'],
    [
      'an unknown field',
      'POST',
      '/api/test-echo',
      '{"name":"a","admin":true}',
      'application/json',
      400,
      'validation_failed',
    ],
    ['malformed JSON', 'POST', '/api/test-echo', '{"name":', 'application/json', 400, 'invalid_json'],
    [
      'an unsupported body type',
      'POST',
      '/api/test-echo',
      'name=a',
      'text/csv',
      415,
      'unsupported_media_type',
    ],
    [
      'an over-long path parameter',
      'GET',
      `/api/users/${'a'.repeat(150)}`,
      undefined,
      undefined,
      414,
      'uri_too_long',
    ],
    ['a broken percent-encoding', 'GET', '/api/locations/%E0%A4%A', undefined, undefined, 400, 'bad_url'],
  ] as const)(
    'answers %s with the one error shape',
    async (_case, method, url, payload, contentType, status, code) => {
      const response = await app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload }),
        ...(contentType === undefined ? {} : { headers: { 'content-type': contentType } }),
      });
      expect(response.statusCode).toBe(status);
      const body = response.json<{ error: { code: string; message: string } }>();
      expect(body.error.code).toBe(code);
      expect(body.error.message.length).toBeGreaterThan(0);
      expect(Object.keys(body)).toEqual(['error']);
    },
  );

  it('hides internals of unexpected errors', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side.' },
    });
  });

  it('sends the security headers on every answer, errors included', async () => {
    for (const url of ['/api/nope', '/api/test-crash']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy'], url).toContain("img-src 'self' data: blob: https:");
    }
  });

  it('accepts a valid body', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test-echo', payload: { name: 'Ana' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ana' });
  });

  it('publishes OpenAPI at /api/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ paths: Record<string, unknown> }>().paths).toHaveProperty('/api/health');
  });

  it('refuses to register an API route that does not declare who may call it, or has no operationId of its own', async () => {
    const other = await buildApp({
      database: unusedDatabase,
      mapIndex: false,
      storage: testStorage(),
      auth: testAuthConfig(),
    });
    expect(() => other.get('/api/undeclared', async () => ({}))).toThrow(/does not declare config.access/);
    expect(() => other.get('/api/unnamed', { config: { access: 'public' } }, async () => ({}))).toThrow(
      /needs schema.operationId/,
    );
    expect(() =>
      other.get(
        '/api/named-twice',
        { schema: { operationId: 'getHealth' }, config: { access: 'public' } },
        async () => ({}),
      ),
    ).toThrow(/reuses the operationId "getHealth" of GET \/api\/health/);
    await other.close();
  });
});
