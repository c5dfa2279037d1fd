import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { buildApp, type AppOptions } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';

// Neither file reads the database; one that is never queried suffices.
const unusedDatabase = { connections: 1 } as DatabaseHandle;

const FINGERPRINT = Array.from({ length: 32 }, (_, index) => index.toString(16).padStart(2, '0')).join(':');

/** A built web app, so the SPA fallback is on and could swallow the paths. */
function withWebApp(): { webDistDir: string; remove: () => void } {
  const webDistDir = mkdtempSync(path.join(tmpdir(), 'playspot-dist-'));
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>PlaySpot</title>');
  return {
    webDistDir,
    remove: () => {
      rmSync(webDistDir, { recursive: true, force: true });
    },
  };
}

async function appWith(options: Partial<AppOptions>): Promise<FastifyInstance> {
  return buildApp({
    database: unusedDatabase,
    mapIndex: false,
    storage: testStorage(),
    auth: testAuthConfig(),
    ...options,
  });
}

describe('universal links and app links, configured', () => {
  let app: FastifyInstance;
  let web: ReturnType<typeof withWebApp>;
  beforeAll(async () => {
    web = withWebApp();
    const { appLinks } = loadConfig({
      INIT_CWD: '/srv/playspot',
      APPLE_APP_IDS: 'ABCDE12345.app.playspot, FGHIJ67890.app.playspot.beta',
      ANDROID_CERT_SHA256: FINGERPRINT,
    });
    app = await appWith({ appLinks, webDistDir: web.webDistDir });
  });
  afterAll(async () => {
    await app.close();
    web.remove();
  });

  it('serves apple-app-site-association as JSON, cacheable, for the page paths only', async () => {
    const response = await app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json\b/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.json()).toEqual({
      applinks: {
        details: [
          {
            appIDs: ['ABCDE12345.app.playspot', 'FGHIJ67890.app.playspot.beta'],
            components: [
              { '/': '/locations/*', comment: 'a place page' },
              { '/': '/events', comment: 'the events page' },
              { '/': '/deals', comment: 'the deals page' },
            ],
          },
        ],
      },
    });
    expect(response.body).not.toContain('/api');
  });

  it('serves assetlinks.json with the default package and the fingerprint upper-cased', async () => {
    const response = await app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json\b/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'app.playspot',
          sha256_cert_fingerprints: [FINGERPRINT.toUpperCase()],
        },
      },
    ]);
  });

  it('lists both in the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = response.json<{ paths: Record<string, { get?: { tags?: string[] } }> }>();
    expect(paths['/.well-known/apple-app-site-association']?.get?.tags).toEqual(['app-links']);
    expect(paths['/.well-known/assetlinks.json']?.get?.tags).toEqual(['app-links']);
  });
});

describe('universal links and app links, not configured', () => {
  let app: FastifyInstance;
  let web: ReturnType<typeof withWebApp>;
  beforeAll(async () => {
    web = withWebApp();
    app = await appWith({ webDistDir: web.webDistDir });
  });
  afterAll(async () => {
    await app.close();
    web.remove();
  });

  it.each(['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json'])(
    'answers %s with 404 in the API error shape, not the web app',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json\b/);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('not_found');
      expect(Object.keys(response.json<object>())).toEqual(['error']);
    },
  );

  it('still serves the web app for its own paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/events' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
