import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';

// GET /api/config reads no database; one that is never queried suffices.
const unusedDatabase = { connections: 1 } as DatabaseHandle;

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function appWithEnv(env: Record<string, string>): Promise<FastifyInstance> {
  const { tiles } = loadConfig({ INIT_CWD: '/srv/playspot', ...env });
  app = await buildApp({
    database: unusedDatabase,
    mapIndex: false,
    storage: testStorage(),
    auth: testAuthConfig(),
    tiles,
  });
  return app;
}

describe('GET /api/config', () => {
  it('gives anyone the tile provider the server was started with, revalidated on every read', async () => {
    const server = await appWithEnv({
      TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
      TILE_ATTRIBUTION: '&copy; Example Tiles',
      TILE_OFFLINE: 'true',
    });
    const response = await server.inject({ url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      tiles: {
        url: 'https://tiles.example.org/{z}/{x}/{y}.png',
        attribution: '&copy; Example Tiles',
        offline: true,
      },
    });
  });

  it("serves OpenStreetMap's public tiles by default, not to be kept offline", async () => {
    const server = await appWithEnv({});
    expect((await server.inject({ url: '/api/config' })).json()).toMatchObject({
      tiles: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', offline: false },
    });
  });

  it('refuses query parameters in the one error shape', async () => {
    const server = await appWithEnv({});
    const response = await server.inject({ url: '/api/config?tiles=1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
