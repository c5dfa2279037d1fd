import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireDeclaredAccess } from '../lib/access.ts';
import { installErrorHandler } from '../lib/error-handler.ts';
import { createStorage } from './create-storage.ts';
import { filesRoutes } from './files.routes.ts';
import { LocalDiskStorage } from './local-storage.ts';
import { InvalidStorageKeyError, isValidStorageKey, type ObjectStorage } from './object-storage.ts';
import { S3ObjectStorage } from './s3-storage.ts';
import { startS3rver } from '../../test/s3rver.ts';

const BUCKET = 'playspot';

interface StorageUnderTest {
  storage: ObjectStorage;
  /** Writes a file beside the store (outside its root or bucket) that must never be served. */
  plantSecretOutside(): Promise<void>;
  close(): Promise<void>;
}

async function localStorageUnderTest(): Promise<StorageUnderTest> {
  const folder = await mkdtemp(path.join(tmpdir(), 'playspot-storage-'));
  return {
    storage: createStorage({ kind: 'local', root: path.join(folder, 'uploads') }),
    plantSecretOutside: () => writeFile(path.join(folder, 'secret.txt'), 'top secret'),
    close: () => rm(folder, { recursive: true, force: true }),
  };
}

async function s3StorageUnderTest(): Promise<StorageUnderTest> {
  const folder = await mkdtemp(path.join(tmpdir(), 'playspot-s3rver-'));
  const server = await startS3rver(folder, [BUCKET, 'other']);
  const { port } = server;
  const options = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  // Small pages, so deleting a prefix has to follow continuation tokens.
  const storage = createStorage({ kind: 's3', bucket: BUCKET, listPageSize: 10, ...options });
  const other = createStorage({ kind: 's3', bucket: 'other', ...options });
  return {
    storage,
    plantSecretOutside: () => other.put('secret.txt', Buffer.from('top secret'), 'text/plain'),
    close: async () => {
      if (storage instanceof S3ObjectStorage) storage.client.destroy();
      if (other instanceof S3ObjectStorage) other.client.destroy();
      await server.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

const webp = (text: string) => Buffer.concat([Buffer.from('RIFF....WEBPVP8 '), Buffer.from(text)]);

describe.each([
  ['local disk', localStorageUnderTest],
  ['S3 (s3rver)', s3StorageUnderTest],
])('object storage on %s', (_kind, open) => {
  let underTest: StorageUnderTest;
  let storage: ObjectStorage;

  beforeAll(async () => {
    underTest = await open();
    storage = underTest.storage;
  });
  afterAll(async () => {
    await underTest.close();
  });

  it('stores, returns and replaces an object with its content type', async () => {
    const key = 'locations/round-trip/0b5e0c9e-1c1a-4f7e-9d43-5a1f0e2b7c11.webp';
    await storage.put(key, webp('first'), 'image/webp');
    expect(await storage.get(key)).toEqual({ body: webp('first'), contentType: 'image/webp' });

    await storage.put(key, Buffer.from('second'), 'image/jpeg');
    expect(await storage.get(key)).toEqual({ body: Buffer.from('second'), contentType: 'image/jpeg' });
  });

  it('keeps every byte of a binary body', async () => {
    const body = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31 + (i >> 8)) % 256));
    await storage.put('binary/all-bytes.bin', body, 'application/octet-stream');
    const stored = await storage.get('binary/all-bytes.bin');
    expect(stored?.body.equals(body)).toBe(true);
  });

  it('returns null for a missing object, and deleting one is no error', async () => {
    expect(await storage.get('locations/none/missing.webp')).toBeNull();
    await storage.put('locations/delete-me/a.webp', webp('a'), 'image/webp');
    await storage.delete('locations/delete-me/a.webp');
    expect(await storage.get('locations/delete-me/a.webp')).toBeNull();
    await storage.delete('locations/delete-me/a.webp');
    await storage.delete('never/existed.webp');
  });

  it('deletes everything under a prefix and nothing else', async () => {
    const keys = {
      inside: ['locations/l1/a.webp', 'locations/l1/a-thumb.webp', 'locations/l1/comments/c1/b.webp'],
      outside: ['locations/l10/c.webp', 'locations/l2/d.webp', 'deals/l1/e.webp'],
    };
    for (const key of [...keys.inside, ...keys.outside]) await storage.put(key, webp(key), 'image/webp');

    await storage.deletePrefix('locations/l1/');

    for (const key of keys.inside) expect(await storage.get(key)).toBeNull();
    for (const key of keys.outside) expect((await storage.get(key))?.body).toEqual(webp(key));
    // A missing prefix is fine.
    await storage.deletePrefix('locations/l1/');
    await storage.deletePrefix('nothing-here/');
  });

  it('deletes more than one listing page of objects under a prefix', async () => {
    const keys = Array.from({ length: 25 }, (_, i) => `bulk/p/${String(i).padStart(3, '0')}.webp`);
    await Promise.all(keys.map((key) => storage.put(key, webp(key), 'image/webp')));
    await storage.deletePrefix('bulk/');
    for (const key of keys) expect(await storage.get(key)).toBeNull();
  });

  it('refuses keys that could reach outside the store', async () => {
    const invalid = [
      '../x',
      'a/../../x',
      '/abs',
      '/etc/passwd',
      'a\\b',
      '..\\x',
      '',
      '.',
      '..',
      'a//b',
      'a/./b',
      'a/',
      'C:/x',
      'with space.webp',
      'ümlaut.webp',
      'a\u0000b',
      'x~type',
    ];
    for (const key of invalid) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toThrow(InvalidStorageKeyError);
      expect(() => storage.url(key), key).toThrow(InvalidStorageKeyError);
    }
    for (const prefix of ['', '/', '../', '/abs/', 'a/../']) {
      await expect(storage.deletePrefix(prefix), prefix).rejects.toThrow(InvalidStorageKeyError);
    }
  });

  it('gives the download URL served by /api/files', () => {
    expect(storage.url('locations/l1/a.webp')).toBe('/api/files/locations/l1/a.webp');
  });

  describe('GET /api/files/*', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = Fastify().withTypeProvider<ZodTypeProvider>();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      installErrorHandler(app);
      requireDeclaredAccess(app);
      await app.register(filesRoutes(storage));
      await app.ready();
      await storage.put('locations/served/photo.webp', webp('served'), 'image/webp');
      await underTest.plantSecretOutside();
    });
    afterAll(async () => {
      await app.close();
    });

    it('serves a stored file with its type and year-long caching', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/files/locations/served/photo.webp' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.rawPayload.equals(webp('served'))).toBe(true);

      const head = await app.inject({ method: 'HEAD', url: '/api/files/locations/served/photo.webp' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/webp');
    });

    it('answers 404 in the API error shape for a missing file', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/files/locations/served/gone.webp' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: 'This file does not exist (any more).' },
      });
    });

    it('never serves anything outside the store', async () => {
      const attempts = [
        '/api/files/..%2F..%2Fetc%2Fpasswd',
        '/api/files/..%2Fsecret.txt',
        '/api/files/%2E%2E/secret.txt',
        '/api/files/%2e%2e%2fsecret.txt',
        '/api/files/..%5Csecret.txt',
        '/api/files/%2Fetc%2Fpasswd',
        '/api/files//etc/passwd',
        '/api/files/../other/secret.txt',
        '/api/files/locations/served/..%2F..%2F..%2Fsecret.txt',
        '/api/files/',
      ];
      for (const url of attempts) {
        const response = await app.inject({ method: 'GET', url });
        expect([400, 404], url).toContain(response.statusCode);
        expect(response.body, url).not.toContain('top secret');
        expect(response.body, url).not.toContain('root:');
      }
    });
  });
});

describe('local disk storage', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'playspot-local-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps files under its root, with the content type beside them and no temporary files left', async () => {
    const storage = new LocalDiskStorage(path.join(folder, 'uploads'));
    await storage.put('locations/l1/a.webp', webp('a'), 'image/webp');
    expect((await readdir(folder, { recursive: true })).sort()).toEqual([
      'uploads',
      'uploads/locations',
      'uploads/locations/l1',
      'uploads/locations/l1/a.webp',
      'uploads/locations/l1/a.webp~type',
    ]);
  });

  it('removes emptied folders with a prefix', async () => {
    const storage = new LocalDiskStorage(path.join(folder, 'pruned'));
    await storage.put('locations/l1/comments/c1/a.webp', webp('a'), 'image/webp');
    await storage.put('locations/l2/b.webp', webp('b'), 'image/webp');
    await storage.deletePrefix('locations/l1/');
    expect((await readdir(path.join(folder, 'pruned'), { recursive: true })).sort()).toEqual([
      'locations',
      'locations/l2',
      'locations/l2/b.webp',
      'locations/l2/b.webp~type',
    ]);
  });

  it('derives the content type from the extension when none was stored', async () => {
    const root = path.join(folder, 'bare');
    const storage = new LocalDiskStorage(root);
    await storage.put('x/a.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await rm(path.join(root, 'x', 'a.jpg~type'));
    expect(await storage.get('x/a.jpg')).toEqual({ body: Buffer.from('jpeg'), contentType: 'image/jpeg' });
  });

  it('treats a key that names a folder as missing', async () => {
    const storage = new LocalDiskStorage(path.join(folder, 'folders'));
    await storage.put('a/b/c.webp', webp('c'), 'image/webp');
    expect(await storage.get('a/b')).toBeNull();
    expect(await storage.get('a/b/c.webp/d')).toBeNull();
    await storage.delete('a/b');
    expect(await storage.get('a/b/c.webp')).not.toBeNull();
  });

  it('leaves one whole body when writers race on a key', async () => {
    const storage = new LocalDiskStorage(path.join(folder, 'race'));
    const bodies = Array.from({ length: 20 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await Promise.all(bodies.map((body) => storage.put('same.bin', body, 'application/octet-stream')));
    const stored = await storage.get('same.bin');
    expect(bodies.some((body) => stored?.body.equals(body))).toBe(true);
    expect((await readdir(path.join(folder, 'race'))).sort()).toEqual(['same.bin', 'same.bin~type']);
  });
});

describe('createStorage', () => {
  it('builds the store the configuration names', () => {
    expect(createStorage({ kind: 'local', root: '/srv/playspot/uploads' })).toBeInstanceOf(LocalDiskStorage);
    const s3 = createStorage({
      kind: 's3',
      region: 'eu-central-1',
      bucket: 'playspot',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(s3).toBeInstanceOf(S3ObjectStorage);
    expect(s3.url('locations/l1/a.webp')).toBe('/api/files/locations/l1/a.webp');
  });

  it('links to a public bucket or CDN when one is configured', () => {
    const storage = createStorage({
      kind: 's3',
      region: 'auto',
      bucket: 'playspot',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      publicBaseUrl: 'https://photos.example.org/',
    });
    expect(storage.url('locations/l1/a.webp')).toBe('https://photos.example.org/locations/l1/a.webp');
  });
});
