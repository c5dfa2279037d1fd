/**
 * The native app's code paths (issue 17), in Chromium: the web build for the shell, served
 * from the Android/iOS app origin (https://localhost), calling the real test server across
 * origins, with the device simulated behind Capacitor's own bridge (support/native-doubles.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { TILE } from './fixtures.ts';
import { NATIVE_APPLE_CLIENT, NATIVE_GOOGLE_IOS_CLIENT, NATIVE_TEST_BUILD } from './support/native-build.ts';
import { deviceStores, installNativeDoubles, type NativeDoubleOptions } from './support/native-doubles.ts';
import { expectMapAndListOn } from './support/where.ts';

const APP_ORIGIN = 'https://localhost';
const port = Number(process.env.E2E_PORT ?? 3199);
const identityProvider = `http://127.0.0.1:${port - 1}`;
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
};

/** The app's files from the device (the shell's web build); anything else outside is refused. */
async function serveAppFiles(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
    const url = new URL(route.request().url());
    if (/tile\.openstreetmap\.org$/.test(url.hostname)) {
      await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
      return;
    }
    if (url.origin !== APP_ORIGIN) {
      await route.abort();
      return;
    }
    const extension = path.extname(url.pathname);
    // Capacitor's web view answers every app path with index.html, like the server's SPA fallback.
    const file = extension === '' ? 'index.html' : url.pathname.slice(1);
    try {
      const body = await readFile(path.join(NATIVE_TEST_BUILD, file));
      await route.fulfill({
        status: 200,
        contentType: TYPES[extension || '.html'] ?? 'application/octet-stream',
        body,
      });
    } catch {
      await route.fulfill({ status: 404, body: 'not found' });
    }
  });
}

const test = base.extend<{ startApp: (options: NativeDoubleOptions, path: string) => Promise<Page> }>({
  startApp: async ({ page, context }, use) => {
    // On a device the app's own origin is the device itself; here its files come through the
    // test's router, which Chromium counts as the internet, and the test server is on this
    // machine: the person allows it, as Chromium would ask them to.
    await context.grantPermissions(['local-network-access']);
    await use(async (options, appPath) => {
      await serveAppFiles(page);
      await installNativeDoubles(page, options);
      await page.goto(`${APP_ORIGIN}${appPath}`);
      return page;
    });
  },
});

/** In place of the device's sign-in SDK: a token from the test provider, for this nonce. */
async function signInOnTheDevice(page: Page, person: { subject: string; email: string; name: string }) {
  await page.exposeFunction('deviceSignIn', async (provider: string, nonce: string) => {
    const audience = provider === 'apple' ? NATIVE_APPLE_CLIENT : NATIVE_GOOGLE_IOS_CLIENT;
    const answer = await fetch(`${identityProvider}/sign-in`, {
      method: 'POST',
      body: JSON.stringify({ provider, audience, nonce, ...person }),
    });
    return ((await answer.json()) as { idToken: string }).idToken;
  });
}

const STORE_LINK = 'a[href*="apps.apple.com"], a[href*="play.google.com"]';

test.describe('the native app', () => {
  test('terms: "Explore PlaySpots" runs the app\'s handler, accepts, closes; settings live in Preferences', async ({
    startApp,
  }) => {
    const page = await startApp({ platform: 'ios' }, '/AboutUs');
    const terms = page.getByTestId('terms-dialog');
    await expect(terms).toBeVisible();
    await expect(page.locator(STORE_LINK)).toHaveCount(0);
    await expect(terms.getByRole('button', { name: 'Get the App' })).toHaveCount(0);

    await terms.getByRole('button', { name: 'Explore PlaySpots' }).click();
    await expect(terms).toBeHidden();
    // The app's handler ran instead of the web's navigation to /MapView: the page stays, and
    // the handler started looking for the person's position (the device was asked).
    expect(new URL(page.url()).pathname).toBe('/AboutUs');
    await expect
      .poll(async () => (await deviceStores(page)).calls.some((call) => call.method === 'checkPermissions'))
      .toBe(true);

    const stores = await deviceStores(page);
    expect(stores.preferences).toMatchObject({ hasAcceptedToS_v1: 'true' });
    expect(await page.evaluate(() => localStorage.getItem('hasAcceptedToS_v1'))).toBeNull();
    expect(stores.calls.some((call) => call.plugin === 'SplashScreen' && call.method === 'hide')).toBe(true);

    // Read back from Preferences on the next start: no terms dialog again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('terms-dialog')).toHaveCount(0);
    await expect(page.locator(STORE_LINK)).toHaveCount(0);
  });

  test('a location permission denied on the device says to use the device settings', async ({ startApp }) => {
    const page = await startApp(
      {
        platform: 'android',
        preferences: { hasAcceptedToS_v1: 'true' },
        locationPermission: 'prompt',
        locationPermissionAnswer: 'denied',
      },
      '/MapView',
    );
    const explain = page.getByTestId('location-permission-dialog');
    await expect(explain).toBeVisible();
    await explain.getByRole('button', { name: /continue/i }).click();
    await expect(
      page.getByText('Location permission denied. Please enable location in your device settings.'),
    ).toBeVisible();
    const stores = await deviceStores(page);
    expect(
      stores.calls.some((call) => call.plugin === 'Geolocation' && call.method === 'requestPermissions'),
    ).toBe(true);
    expect(stores.preferences).toMatchObject({ locationPermissionDenied: 'true' });
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('first start: Explore, allow, and the map and the list are where the device is', async ({
      startApp,
    }) => {
      // Lübeck, where the demo data has real playgrounds (issue 28, part 4).
      const here = { lat: 53.8655, lng: 10.6866 };
      const page = await startApp(
        {
          platform: 'android',
          locationPermission: 'prompt',
          locationPermissionAnswer: 'granted',
          devicePosition: { latitude: here.lat, longitude: here.lng },
        },
        '/MapView',
      );
      await page.getByTestId('terms-dialog').getByRole('button', { name: 'Explore PlaySpots' }).click();
      await page
        .getByTestId('location-permission-dialog')
        .getByRole('button', { name: /continue/i })
        .click();
      await expectMapAndListOn(page, here, { origin: 'you' });
      const calls = (await deviceStores(page)).calls;
      expect(
        calls.some((call) => call.plugin === 'Geolocation' && call.method === 'getCurrentPosition'),
      ).toBe(true);
    });
  });

  for (const { provider, platform, button } of [
    { provider: 'apple', platform: 'ios', button: 'Continue with Apple' },
    { provider: 'google', platform: 'ios', button: 'Continue with Google' },
  ] as const) {
    test(`${provider} sign-in: nonce, the device's sheet, ID token for a bearer session used for a write; sign-out forgets it`, async ({
      startApp,
      page,
    }) => {
      const suffix = `${provider}${Date.now().toString(36)}`;
      await signInOnTheDevice(page, {
        subject: `e2e-${suffix}`,
        email: `${suffix}@example.com`,
        name: 'Ada Native',
      });
      const apiCalls: { method: string; path: string; authorization: string | null; status: number }[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin !== `http://127.0.0.1:${port}` || response.request().method() === 'OPTIONS') return;
        apiCalls.push({
          method: response.request().method(),
          path: url.pathname,
          authorization: response.request().headers().authorization ?? null,
          status: response.status(),
        });
      });
      await startApp(
        { platform, preferences: { hasAcceptedToS_v1: 'true', locationPermissionDenied: 'true' } },
        '/profile',
      );

      // The profile asks a signed-out person to sign in.
      const dialog = page.getByTestId('sign-in-dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: button }).click();
      await expect(dialog).toBeHidden();

      expect(apiCalls.find((call) => call.path === '/api/auth/nonce')?.status).toBe(200);
      expect(apiCalls.find((call) => call.path === `/api/auth/${provider}/id-token`)?.status).toBe(200);
      const stores = await deviceStores(page);
      const token = Object.values(stores.secure)[0];
      expect(token).toMatch(/^"?[A-Za-z0-9_-]{20,}"?$/);
      const bearer = `Bearer ${String(token).replaceAll('"', '')}`;
      // Never kept where the web view's scripts keep things.
      expect(JSON.stringify(stores.preferences)).not.toContain(String(token).replaceAll('"', ''));

      // A write with the bearer token: choosing a user name.
      const userName = `ada_${suffix}`.slice(0, 30);
      await page.getByLabel('Choose a user name').fill(userName);
      await page.getByRole('button', { name: 'Save name' }).click();
      await expect(page.getByLabel('Your user name')).toHaveValue(userName);
      const write = apiCalls.find((call) => call.method === 'PUT' && call.path === '/api/me/user-name');
      expect(write).toMatchObject({ status: 200, authorization: bearer });

      await page.getByRole('button', { name: 'Sign out' }).first().click();
      await expect(page.getByText('You are signed out. See you at the playground!')).toBeVisible();
      expect(Object.keys((await deviceStores(page)).secure)).toEqual([]);
      expect(apiCalls.find((call) => call.path === '/api/auth/sign-out')).toMatchObject({
        status: 204,
        authorization: bearer,
      });
    });
  }
});
