/**
 * Backup round trip on each backend: a database with places, comments, votes and photos is
 * archived, restored into an empty target, and has the same row counts and row checksums,
 * with the same photos served. A backup taken during a burst of writes restores too, and a
 * restore refuses a target that is not empty.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testAuthConfig } from '../../test/app-options.ts';
import { backendsUnderTest, createPostgresTestDatabase, createTestDatabase } from '../../test/database.ts';
import { addPlace } from '../../test/places-fixtures.ts';
import { signInAs } from '../../test/sign-in.ts';
import { databaseUrlFor, TEST_DATABASE_PREFIX } from '../../test/template-names.ts';
import { buildApp } from '../app.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client.ts';
import { analyticsEvents } from '../db/schema.ts';
import { LocalDiskStorage } from '../storage/local-storage.ts';
import {
  pgDump,
  pgliteDump,
  restoreBackup,
  RestoreError,
  writeBackup,
  type RestoreTarget,
} from './backup.ts';

/** Every table of the schema: its row count and an MD5 of all its rows in a fixed order. */
async function tableChecksums(database: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await database.query<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'spatial_ref_sys' order by 1`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await database.query<{ rows: number; digest: string | null }>(
      sql`select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.identifier(name)} t`,
    );
    sums[name] = `${row?.rows ?? 0}:${row?.digest ?? ''}`;
  }
  return sums;
}

interface Source {
  database: DatabaseHandle;
  url: string | null;
}

async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  if (!adminUrl) throw new Error('PostgreSQL tests are not enabled');
  const name = `${TEST_DATABASE_PREFIX}restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

describe.each(backendsUnderTest())('backup and restore [%s]', (backend) => {
  let source: Source;
  let work = '';
  let uploads: LocalDiskStorage;
  let app: FastifyInstance;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'playspot-backup-test-'));
    if (backend === 'pglite') source = { database: await createTestDatabase('pglite'), url: null };
    else {
      const created = await createPostgresTestDatabase();
      source = { database: created.handle, url: created.url };
    }
    uploads = new LocalDiskStorage(path.join(work, 'uploads'));
    app = await buildApp({
      database: source.database,
      storage: uploads,
      auth: testAuthConfig(),
      mapIndex: false,
    });
    const person = await signInAs(app, 'backed_up');
    for (const name of ['Keep Park', 'Restore Reserve', 'Archive Adventure']) {
      const { id } = await addPlace(app, person, { name, description: `${name}: swings & "slides"` });
      await app.inject({
        method: 'PUT',
        url: `/api/locations/${id}/vote`,
        headers: person.headers,
        payload: { vote: 'up' },
      });
    }
    await uploads.put('locations/a/photo-1.jpg', randomBytes(40_000), 'image/jpeg');
    await uploads.put('locations/a/photo-1-thumb.jpg', randomBytes(4000), 'image/jpeg');
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await source.database.close();
    for (const cleanup of cleanups) await cleanup();
    await rm(work, { recursive: true, force: true });
  });

  const dumpOf = (database: DatabaseHandle, url: string | null) => {
    if (url !== null) return pgDump(url);
    if (!database.dumpDataDir) throw new Error('no dumpDataDir');
    return pgliteDump(database.dumpDataDir);
  };

  async function restoredTarget(): Promise<{ target: RestoreTarget; open: () => Promise<DatabaseHandle> }> {
    if (backend === 'pglite') {
      const directory = await mkdtemp(path.join(work, 'restored-pglite-'));
      return {
        target: { backend: 'pglite', directory },
        open: () =>
          openPglite({
            kind: 'directory',
            directory,
            onLockCompromised: (error) => {
              throw error;
            },
          }),
      };
    }
    const empty = await emptyPostgresDatabase();
    cleanups.push(empty.drop);
    return {
      target: { backend: 'postgres', databaseUrl: empty.url },
      open: async () => openPostgres(empty.url, { max: 2 }),
    };
  }

  it('restores the same rows (counts and checksums) and serves the same photos', async () => {
    const archive = path.join(work, 'round-trip.tar.gz');
    const messages: string[] = [];
    const manifest = await writeBackup({
      backend,
      dump: dumpOf(source.database, source.url),
      uploadsDir: path.join(work, 'uploads'),
      archive,
      progress: (message) => messages.push(message),
    });
    // Each photo with the content type kept beside it.
    expect(manifest.uploads.map((file) => file.path)).toEqual([
      'locations/a/photo-1-thumb.jpg',
      'locations/a/photo-1-thumb.jpg~type',
      'locations/a/photo-1.jpg',
      'locations/a/photo-1.jpg~type',
    ]);
    expect(messages.some((message) => message.startsWith('Photos copied: 4 of 4'))).toBe(true);

    const { target, open } = await restoredTarget();
    const restoredUploads = path.join(work, `restored-uploads-${backend}`);
    await restoreBackup({ archive, target, uploadsDir: restoredUploads });
    const restored = await open();
    try {
      const before = await tableChecksums(source.database);
      expect(before.locations).toMatch(/^3:/u);
      expect(await tableChecksums(restored)).toEqual(before);
      const restoredApp = await buildApp({
        database: restored,
        storage: new LocalDiskStorage(restoredUploads),
        auth: testAuthConfig(),
        mapIndex: false,
      });
      try {
        for (const key of ['locations/a/photo-1.jpg', 'locations/a/photo-1-thumb.jpg']) {
          const original = await app.inject({ url: uploads.url(key) });
          const copy = await restoredApp.inject({ url: uploads.url(key) });
          expect(original.statusCode).toBe(200);
          expect(copy.statusCode).toBe(200);
          expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
        }
        const places = await restoredApp.inject({ url: '/api/locations?limit=10' });
        expect(
          places
            .json<{ items: { name: string }[] }>()
            .items.map((item) => item.name)
            .sort(),
        ).toEqual(['Archive Adventure', 'Keep Park', 'Restore Reserve']);
      } finally {
        await restoredApp.close();
      }

      // A second restore into the same, no longer empty, target is refused.
      await expect(restoreBackup({ archive, target, uploadsDir: null })).rejects.toBeInstanceOf(RestoreError);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('restores a backup taken during a burst of writes', async () => {
    const rowsOf = async (database: DatabaseHandle) =>
      Number((await tableChecksums(database)).analytics_events?.split(':')[0]);
    const rowsBefore = await rowsOf(source.database);
    // Writes straight to the database, as fast as it takes them (the API's rate limits would
    // throttle one person long before the database noticed).
    // An object, not a let: the loop reads what the test sets later. A burst, not an endless
    // stream: on the embedded database the writes and the dump share one connection, and an
    // endless queue of writes could keep the dump waiting forever.
    const load = { writing: true };
    const BURST = 2000;
    const writes = (async () => {
      let written = 0;
      while (load.writing && written < BURST) {
        await source.database.db.insert(analyticsEvents).values({
          name: 'map_opened',
          params: { n: written },
          occurredAt: new Date(),
          receivedAt: new Date(),
        });
        written++;
      }
      return written;
    })();
    const archive = path.join(work, 'under-load.tar.gz');
    try {
      await writeBackup({ backend, dump: dumpOf(source.database, source.url), uploadsDir: null, archive });
    } finally {
      load.writing = false;
    }
    const written = await writes;
    expect(written).toBeGreaterThan(0);

    const { target, open } = await restoredTarget();
    await restoreBackup({ archive, target, uploadsDir: null });
    const restored = await open();
    try {
      const rows = await rowsOf(restored);
      expect(rows).toBeGreaterThanOrEqual(rowsBefore);
      expect(rows).toBeLessThanOrEqual(rowsBefore + written);
    } finally {
      await restored.close();
    }
  }, 180_000);
});
