/**
 * End-to-end tests of the whole product in Debian's Chromium (never a downloaded browser),
 * against the real server on a fresh embedded database. Map tiles come from a local stub.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './bench/lib/chromium.ts';
import {
  NATIVE_APPLE_CLIENT,
  NATIVE_GOOGLE_IOS_CLIENT,
  NATIVE_GOOGLE_WEB_CLIENT,
} from './e2e/support/native-build.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Google's and Apple's issuers for the native sign-in tests (e2e/support/device-identity-provider.ts). */
const identityProviderPort = port - 1;
const identityProvider = `http://127.0.0.1:${identityProviderPort}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A stray test.only would silently skip every other journey in CI.
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  // Per port, as the native build: Playwright empties it at the start of a run.
  outputDir: path.join(tmpdir(), `playspot-e2e-results-${String(port)}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The app's service worker (offline copy) is tested in offline.spec.ts; elsewhere it would
    // only add background downloads and answer requests that tests route themselves.
    serviceWorkers: 'block',
    // A parent in Auckland, PlaySpot's home, unless a test says otherwise: Chromium's own en-US
    // would measure every distance in feet and miles (issue 46).
    locale: 'en-NZ',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...CHROMIUM_FLAGS],
    },
  },
  webServer: [
    {
      command: 'node e2e/support/device-identity-provider.ts',
      url: `${identityProvider}/ready`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { IDP_PORT: String(identityProviderPort) },
    },
    {
      command: 'node apps/server/src/main.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'playspot-e2e-')),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        // Native sign-in (ID tokens from the device's SDK), tested in e2e/native.spec.ts.
        GOOGLE_ISSUER: `${identityProvider}/google`,
        GOOGLE_NATIVE_CLIENT_IDS: `${NATIVE_GOOGLE_IOS_CLIENT},${NATIVE_GOOGLE_WEB_CLIENT}`,
        APPLE_ISSUER: `${identityProvider}/apple`,
        APPLE_NATIVE_CLIENT_IDS: NATIVE_APPLE_CLIENT,
      },
    },
  ],
});
