/**
 * A database that refuses connections (issue 44): `ALTER DATABASE … ALLOW_CONNECTIONS false`
 * and the app's connections ended, as an operator does before maintenance. Every answer is
 * 503 with Retry-After in the one error shape (SQLSTATE 55000 at connect time), never 500,
 * and the app recovers by itself once connections are allowed again.
 * PostgreSQL only: PGlite runs inside the process and has no connections to refuse.
 */
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPostgres, SERVER_POOL_OPTIONS, type DatabaseHandle } from '../src/db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/lib/error-handler.ts';
import { testAuthConfig, testStorage } from './app-options.ts';
import { createPostgresTestDatabase } from './database.ts';
import { AUCKLAND } from './locations-fixtures.ts';

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
