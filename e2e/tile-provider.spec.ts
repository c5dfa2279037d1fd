/**
 * The map's tile provider is the server's setting (TILE_URL, read at run time through
 * GET /api/config), not the web build's: the same build, served by a server started with
 * another TILE_URL, loads its tiles from there, with that provider's attribution.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acceptTerms, expect, skipLocationPrompt, test, TILE } from './fixtures.ts';
import { freePort, stopProcess, waitForHealth } from './support/role-server.ts';

const PROVIDER = 'https://tiles.provider.test';

test.describe('a tile provider set at server start', () => {
  let server: ChildProcess | null = null;
  let baseURL = '';

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    // The web build the suite made once, served by a production start naming another provider.
    server = spawn(process.execPath, ['apps/server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'playspot-e2e-tiles-')),
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SEED_DEMO_DATA: 'false',
        TILE_URL: `${PROVIDER}/styles/kids/{z}/{x}/{y}.png`,
        TILE_ATTRIBUTION: '&copy; Provider Test Maps',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(baseURL, server);
  });

  test.afterAll(async () => {
    if (server) await stopProcess(server);
  });

  test('the map loads its tiles from TILE_URL and credits that provider, without a rebuild', async ({
    page,
  }) => {
    const fromProvider: string[] = [];
    const fromOpenStreetMap: string[] = [];
    // After the fixture's stub: these routes are asked first.
    await page.route(/^https:\/\/tile\.openstreetmap\.org\//, async (route) => {
      fromOpenStreetMap.push(route.request().url());
      await route.abort();
    });
    await page.route(`${PROVIDER}/**`, async (route) => {
      fromProvider.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
    });
    await acceptTerms(page);
    await skipLocationPrompt(page);

    await page.goto(`${baseURL}/MapView`);
    await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
    await expect(page.locator('.leaflet-control-attribution')).toContainText('Provider Test Maps');
    expect(fromProvider.length).toBeGreaterThan(0);
    for (const url of fromProvider)
      expect(url).toMatch(/^https:\/\/tiles\.provider\.test\/styles\/kids\/\d+\/\d+\/\d+\.png$/u);
    expect(fromOpenStreetMap).toEqual([]);
  });

  test("the suite's own server, started without TILE_URL, serves the same build OpenStreetMap's tiles", async ({
    page,
  }) => {
    const response = await page.request.get('/api/config');
    expect(await response.json()).toMatchObject({
      tiles: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', offline: false },
    });
  });
});
