/**
 * Photo storage failing during uploads: the upload folder gone (a file where it was, so the
 * disk refuses every write), a store that fails after the first of a photo's two files, and the
 * S3 service (s3rver) stopped. Each upload answers 503 with Retry-After and a clear message;
 * no photo row, no points, and no stored file is left behind; once storage is back (local),
 * uploads succeed again; a photo stored before S3 stopped answers 503 to a download, not 500.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { startS3rver } from '../../../test/s3rver.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { multipartPhoto, smallPng } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createStorage } from '../../storage/create-storage.ts';
import { LocalDiskStorage } from '../../storage/local-storage.ts';
import { STORAGE_UNAVAILABLE_MESSAGE, type ObjectStorage } from '../../storage/object-storage.ts';
import { S3ObjectStorage } from '../../storage/s3-storage.ts';

/** Every file under `folder`, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

async function photoRows(database: DatabaseHandle, locationId: string): Promise<number> {
  const [row] = await database.query<{ count: string | number }>(
    sql`select count(*) as count from images where location_id = ${locationId}`,
  );
  return Number(row?.count);
}

function expectStorageUnavailable(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}) {
  expect(response.statusCode, response.body).toBe(503);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(JSON.parse(response.body)).toEqual({
    error: { code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_MESSAGE },
  });
}

describeEachBackend('photo storage failing', (database) => {
  const apps: FastifyInstance[] = [];
  let photo: { payload: Buffer; contentType: string };

  async function appWith(storage: ObjectStorage, name: string) {
    const app = await buildApp({ database: database(), storage, auth: testAuthConfig() });
    apps.push(app);
    const parent = await signInAs(app, `Storage_Parent_${name}`);
    const locationId = (await addPlace(app, parent, { name: `Storage Park ${name}` })).id;
    return { app, parent, locationId };
  }

  const upload = (app: FastifyInstance, parent: SignedInTestUser, locationId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/locations/${locationId}/photos`,
      headers: { ...parent.headers, 'content-type': photo.contentType },
      payload: photo.payload,
    });
  const pointsOf = async (app: FastifyInstance, parent: SignedInTestUser) =>
    (await app.inject({ method: 'GET', url: '/api/me', headers: parent.headers })).json<{ points: number }>()
      .points;

  beforeAll(async () => {
    photo = multipartPhoto(await smallPng());
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('local disk: the upload folder gone answers 503, records nothing, and uploads work again once it is back', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'playspot-failing-disk-'));
    const root = path.join(folder, 'uploads');
    const { app, parent, locationId } = await appWith(new LocalDiskStorage(root), 'disk');
    const points = await pointsOf(app, parent);
    // Where the folder was, a file: every write under it fails, whoever runs the server.
    await writeFile(root, 'not a folder');

    expectStorageUnavailable(await upload(app, parent, locationId));
    expect(await photoRows(database(), locationId)).toBe(0);
    expect(await pointsOf(app, parent)).toBe(points);

    await rm(root);
    const stored = await upload(app, parent, locationId);
    expect(stored.statusCode, stored.body).toBe(201);
    expect(await photoRows(database(), locationId)).toBe(1);
    // Two renditions, each with its type file: nothing from the failed attempt, no temporary file.
    expect((await filesUnder(root)).filter((file) => !file.endsWith('~type'))).toHaveLength(2);
    await rm(folder, { recursive: true, force: true });
  }, 90_000);

  it('a store that fails after the display file: 503, and the display file is removed again', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'playspot-half-stored-'));
    const disk = new LocalDiskStorage(folder);
    // The thumbnail (the second file) cannot be written: the disk filled up after the first.
    const failing: ObjectStorage = {
      put: (key, body, contentType) =>
        path.basename(key).startsWith('thumb_')
          ? Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }))
          : disk.put(key, body, contentType),
      get: (key) => disk.get(key),
      delete: (key) => disk.delete(key),
      deletePrefix: (prefix) => disk.deletePrefix(prefix),
      url: (key) => disk.url(key),
    };
    const { app, parent, locationId } = await appWith(failing, 'half');
    const points = await pointsOf(app, parent);

    expectStorageUnavailable(await upload(app, parent, locationId));
    expect(await photoRows(database(), locationId)).toBe(0);
    expect(await pointsOf(app, parent)).toBe(points);
    expect(await filesUnder(folder)).toEqual([]);
    await rm(folder, { recursive: true, force: true });
  }, 90_000);

  describe('S3 (s3rver)', () => {
    let s3Folder = '';
    let server: Awaited<ReturnType<typeof startS3rver>> | undefined;
    let storage: ObjectStorage;

    beforeAll(async () => {
      s3Folder = await mkdtemp(path.join(tmpdir(), 'playspot-s3-failing-'));
      server = await startS3rver(s3Folder, ['playspot']);
      storage = createStorage({
        kind: 's3',
        bucket: 'playspot',
        endpoint: `http://127.0.0.1:${server.port}`,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
    });
    afterAll(async () => {
      if (storage instanceof S3ObjectStorage) storage.client.destroy();
      await server?.stop();
      await rm(s3Folder, { recursive: true, force: true });
    });

    it('stopped during uploads: 503 for the upload and for downloads, no row, and nothing half-stored', async () => {
      const { app, parent, locationId } = await appWith(storage, 's3');
      const before = await upload(app, parent, locationId);
      expect(before.statusCode, before.body).toBe(201);
      const stored = before.json<{ photo: { url: string } }>().photo.url;
      const points = await pointsOf(app, parent);
      // A renamed bucket folder would only be a missing bucket; stopping the service is the outage.
      await server?.stop();
      server = undefined;

      expectStorageUnavailable(await upload(app, parent, locationId));
      expect(await photoRows(database(), locationId)).toBe(1);
      expect(await pointsOf(app, parent)).toBe(points);
      if (stored.startsWith('/api/files/')) {
        expectStorageUnavailable(await app.inject({ method: 'GET', url: stored }));
      }
      // What the service kept on its disk: the two files of the photo before, nothing since.
      const kept = (await filesUnder(s3Folder)).filter((file) => file.endsWith('._S3rver_object'));
      expect(kept).toHaveLength(2);
    }, 90_000);
  });
});
