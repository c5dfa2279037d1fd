/**
 * A database that refuses connections (issue 44): `ALTER DATABASE … ALLOW_CONNECTIONS false`
 * and the app's connections ended, as an operator does before maintenance. Every answer is
 * 503 with Retry-After in the one error shape (SQLSTATE 55000 at connect time), never 500,
 * and the app recovers by itself once connections are allowed again.
 * PostgreSQL only: PGlite runs inside the process and has no connections to refuse.
 * On both backends, a database handle already closed (the process shutting down) answers the
 * same 503 with Retry-After, never 500.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPostgres, SERVER_POOL_OPTIONS, type DatabaseHandle } from '../src/db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/lib/error-handler.ts';
import { testAuthConfig, testStorage } from './app-options.ts';
import { backendsUnderTest, createPostgresTestDatabase, createTestDatabase } from './database.ts';
import { AUCKLAND } from './places-fixtures.ts';

const listUrl = `/api/locations?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=5`;

describe.skipIf(!inject('postgresTemplateDatabase'))('a database refusing connections [postgres]', () => {
  let direct: { handle: DatabaseHandle; url: string };
  let pool: DatabaseHandle;
  let app: FastifyInstance;
  let admin: pg.Client;
  let name: string;

  beforeAll(async () => {
    direct = await createPostgresTestDatabase();
    name = new URL(direct.url).pathname.slice(1);
    pool = openPostgres(direct.url, SERVER_POOL_OPTIONS);
    app = await buildApp({ database: pool, storage: testStorage(), auth: testAuthConfig(), mapIndex: false });
    await app.ready();
    const adminUrl = inject('postgresAdminUrl');
    if (!adminUrl) throw new Error('no admin connection');
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
    await admin.end();
    await app.close();
    await pool.close();
    await direct.handle.close();
  });

  it('answers 503 with Retry-After while refused, and 200 again once allowed', async () => {
    expect((await app.inject({ url: listUrl })).statusCode).toBe(200);
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    const answers = await Promise.all(Array.from({ length: 12 }, () => app.inject({ url: listUrl })));
    // The first answers may still meet a connection being ended; every one is a 503.
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(answer.json()).toEqual({
        error: { code: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE },
      });
    }
    await admin.query(`alter database ${name} allow_connections true`);
    const deadline = Date.now() + 5_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await app.inject({ url: listUrl })).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  }, 30_000);
});

/**
 * Too many clients (SQLSTATE 53300 at connect): the app connects as a role of its own whose
 * connection limit is 0, as when PostgreSQL's or the role's limit is reached (superusers are
 * never refused, so the test cannot use the admin role). 503 with Retry-After while refused;
 * once the limit is lifted, the app answers again by itself.
 */
describe.skipIf(!inject('postgresTemplateDatabase'))('a database with too many clients [postgres]', () => {
  let direct: { handle: DatabaseHandle; url: string };
  let pool: DatabaseHandle;
  let app: FastifyInstance;
  let admin: pg.Client;
  const role = `playspot_limited_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    direct = await createPostgresTestDatabase();
    const adminUrl = inject('postgresAdminUrl');
    if (!adminUrl) throw new Error('no admin connection');
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create role ${role} login connection limit 0`);
    const owner = new pg.Client({ connectionString: direct.url });
    await owner.connect();
    try {
      await owner.query(`grant usage on schema public to ${role}`);
      await owner.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
      await owner.query(`grant usage on all sequences in schema public to ${role}`);
    } finally {
      await owner.end();
    }
    const url = new URL(direct.url);
    url.username = role;
    url.password = '';
    pool = openPostgres(url.toString(), SERVER_POOL_OPTIONS);
    app = await buildApp({ database: pool, storage: testStorage(), auth: testAuthConfig(), mapIndex: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pool.close();
    await direct.handle.close();
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  it('answers 503 with Retry-After while refused, and 200 again once allowed', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.inject({ url: listUrl })));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(answer.json<{ error: { code: string } }>().error.code).toBe('server_busy');
    }
    await admin.query(`alter role ${role} connection limit -1`);
    await expect
      .poll(async () => (await app.inject({ url: listUrl })).statusCode, { timeout: 5_000 })
      .toBe(200);
  }, 30_000);
});

describe.each(backendsUnderTest())('a database handle already closed [%s]', (backend) => {
  it('answers 503 with Retry-After in the one error shape, reads and health alike', async () => {
    const handle = await createTestDatabase(backend);
    const app = await buildApp({
      database: handle,
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
    });
    try {
      expect((await app.inject({ url: listUrl })).statusCode).toBe(200);
      await handle.close();
      for (const url of [listUrl, '/api/health']) {
        const answer = await app.inject({ url });
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(503);
        expect(answer.headers['retry-after'], url).toBeDefined();
        expect(answer.json(), url).toEqual({
          error: { code: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE },
        });
      }
    } finally {
      await app.close();
    }
  });
});
