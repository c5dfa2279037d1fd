import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../test/app-options.ts';
import { describeEachBackend } from '../../test/database.ts';
import { addPlace, AUCKLAND } from '../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../test/sign-in.ts';
import { buildApp } from '../app.ts';

const INDEX_HTML = `<!doctype html><html><head><title>PlaySpot</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}<script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>`;
const MAIN_SCRIPT = `console.log(${JSON.stringify('PlaySpot '.repeat(400))});`;

/** A built web app as the web build leaves it: each text file beside its .br and .gz. */
function writeDistFixture(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'playspot-dist-'));
  mkdirSync(path.join(root, 'assets'));
  const files: Record<string, string> = {
    'index.html': INDEX_HTML,
    'assets/index-Ab12Cd34.js': MAIN_SCRIPT,
    'sw.js': `self.addEventListener('fetch', () => {}); // ${'x'.repeat(2000)}`,
  };
  // The app's icons are not hashed (the manifest names them), and a browser fetches one on a
  // first visit: they too go without page-only headers.
  mkdirSync(path.join(root, 'icons'), { recursive: true });
  writeFileSync(path.join(root, 'icons/icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(root, name), content);
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(content));
  }
  return root;
}

describeEachBackend('serving the web app and the API over a slow network', (database) => {
  let app: FastifyInstance;
  let distDir: string;
  let person: SignedInTestUser;

  beforeAll(async () => {
    distDir = writeDistFixture();
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      webDistDir: distDir,
    });
    person = await signInAs(app, 'Compressed');
    // Enough places for a list answer well above the compression threshold.
    for (let index = 0; index < 6; index++) {
      await addPlace(app, person, {
        name: `Compressed Park ${index}`,
        latitude: AUCKLAND.lat + index * 0.001,
        description: 'A long description so the answer is worth compressing. '.repeat(4),
      });
    }
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  describe('hashed assets', () => {
    it('are sent as the brotli file to a browser that accepts it, cached for a year as immutable', async () => {
      const response = await app.inject({
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(MAIN_SCRIPT);
    });

    it('carry only the headers a script needs, not the page-only ones (CSP and the like)', async () => {
      const response = await app.inject({
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of [
        // The page that loads the file carries them (issue 42: bytes per request).
        'strict-transport-security',
        'referrer-policy',
        'content-security-policy',
        'x-frame-options',
        'x-xss-protection',
        'origin-agent-cluster',
        // Never revalidated (immutable): no validators, no ranges (issue 42: bytes per request).
        'etag',
        'last-modified',
        'accept-ranges',
      ])
        expect(response.headers[name], name).toBeUndefined();
      const icon = await app.inject({ url: '/icons/icon-192.png' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('no-cache');
      expect(icon.headers['content-security-policy']).toBeUndefined();
      expect(icon.headers['x-content-type-options']).toBe('nosniff');
      // A file whose name does not change with its content is revalidated.
      expect(icon.headers.etag).toBeTruthy();
      expect(icon.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const page = await app.inject({ url: '/' });
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('are sent gzipped to a browser without brotli, and as they are to one without either', async () => {
      const gzipped = await app.inject({
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(MAIN_SCRIPT);

      const plain = await app.inject({
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(MAIN_SCRIPT);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });

  describe('the page and the service worker', () => {
    it.each(['/', '/index.html', '/MapView', '/location/some-place'])(
      '%s is index.html compressed, revalidated on every visit (no-cache with an ETag)',
      async (url) => {
        const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.headers['content-encoding']).toBe('br');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers.etag).toBeTruthy();
        expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
      },
    );

    it('answers 304 without a body when the browser has the same index.html', async () => {
      const first = await app.inject({ url: '/index.html', headers: { 'accept-encoding': 'br' } });
      const again = await app.inject({
        url: '/index.html',
        headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('never keeps the service worker script for long, so a new release is found', async () => {
      const response = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('gzip');
    });

    it('allows the service worker and the manifest in the content security policy', async () => {
      const response = await app.inject({ url: '/' });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("worker-src 'self'");
      expect(policy).toContain("manifest-src 'self'");
    });
  });

  describe('API answers', () => {
    const listUrl = `/api/locations?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=5&limit=50`;

    it('are compressed with brotli above 1 KB, and decompress to the same JSON', async () => {
      const plain = await app.inject({ url: listUrl });
      expect(plain.statusCode).toBe(200);
      expect(plain.body.length).toBeGreaterThan(1024);

      const compressed = await app.inject({ url: listUrl, headers: { 'accept-encoding': 'br, gzip' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.rawPayload.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    });

    it('are left as they are below 1 KB', async () => {
      const response = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json<{ status: string }>()).toHaveProperty('status');
    });

    it('errors keep their one JSON shape', async () => {
      const response = await app.inject({
        url: '/api/locations?lat=500&lng=0',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    });

    it('give public map reads an ETag, and 304 with no body for the same answer', async () => {
      const first = await app.inject({ url: listUrl, headers: { 'accept-encoding': 'br' } });
      expect(first.headers['cache-control']).toBe('no-cache');
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^W\/".+"$/);

      const again = await app.inject({
        url: listUrl,
        headers: { 'accept-encoding': 'br', 'if-none-match': tag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);

      // Another answer (a changed place, another area) has another tag.
      const elsewhere = await app.inject({
        url: `${listUrl}&indoor=true`,
        headers: { 'if-none-match': tag },
      });
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.headers.etag).not.toBe(tag);
    });

    it('give no ETag to a signed-in person: their answers carry their own votes and are not stored', async () => {
      const response = await app.inject({ url: listUrl, headers: person.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });
});
