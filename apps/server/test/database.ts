/**
 * Gives a test file its own migrated database on each backend under test: PGlite always,
 * PostgreSQL when TEST_DATABASE_URL is set (always in CI).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseBackend, type DatabaseHandle } from '../src/db/client.ts';
import { databaseUrlFor, TEST_DATABASE_PREFIX } from './template-names.ts';

export function backendsUnderTest(): DatabaseBackend[] {
  return inject('postgresTemplateDatabase') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh migrated PostgreSQL database and its URL (for a second connection pool, as a
 * second server process would open); dropped when the handle closes.
 */
export async function createPostgresTestDatabase(): Promise<{ handle: DatabaseHandle; url: string }> {
  const adminUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplateDatabase');
  if (!adminUrl || !template) throw new Error('PostgreSQL tests are not enabled (TEST_DATABASE_URL)');
  const name = `${TEST_DATABASE_PREFIX}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(adminUrl, name);
  const handle = openPostgres(url, { max: 20 });
  return {
    url,
    handle: {
      ...handle,
      async close() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        try {
          await cleanup.query(`drop database if exists ${name} with (force)`);
        } finally {
          await cleanup.end();
        }
      },
    },
  };
}

export async function createTestDatabase(backend: DatabaseBackend): Promise<DatabaseHandle> {
  if (backend === 'postgres') return (await createPostgresTestDatabase()).handle;
  const dump = await readFile(inject('pgliteTemplateFile'));
  return openPglite({ kind: 'memory', loadDataDir: new Blob([dump]) });
}

/**
 * Runs a suite once per backend with a fresh migrated database each time:
 * `describeEachBackend('votes', (database) => { it('…', async () => { database().db … }) })`.
 */
export function describeEachBackend(name: string, suite: (database: () => DatabaseHandle) => void): void {
  describe.each(backendsUnderTest())(`${name} [%s]`, (backend) => {
    let handle: DatabaseHandle | undefined;
    beforeAll(async () => {
      handle = await createTestDatabase(backend);
    });
    afterAll(async () => {
      await handle?.close();
    });
    suite(() => {
      if (!handle) throw new Error('database not ready');
      return handle;
    });
  });
}
