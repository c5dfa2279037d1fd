/**
 * The native app's code paths (issue 17), in Chromium: the web build for the shell, served
 * from the Android/iOS app origin (https://localhost), calling the real test server across
 * origins, with the device simulated behind Capacitor's own bridge (support/native-doubles.ts).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { TILE } from './fixtures.ts';
import { addPlace, signInParent } from './place-page-fixtures.ts';
import {
  NATIVE_APPLE_CLIENT,
  NATIVE_GOOGLE_IOS_CLIENT,
  NATIVE_GOOGLE_WEB_CLIENT,
  NATIVE_TEST_BUILD,
} from './support/native-build.ts';
import {
  callsTo,
  deviceStores,
  emitNative,
  installNativeDoubles,
  pressAndroidBack,
  type NativeDoubleOptions,
} from './support/native-doubles.ts';
import { usePickedPhotos } from './support/photo-review.ts';
import { expectMapAndListOn } from './support/where.ts';

const APP_ORIGIN = 'https://localhost';
const port = Number(process.env.E2E_PORT ?? 3199);
/** The server the test build calls (VITE_API_ORIGIN): its links are the app's links. */
const SERVER = `http://127.0.0.1:${port}`;
const identityProvider = `http://127.0.0.1:${port - 1}`;
/** Files the device holds outside the app (a photo the camera took), by name. */
const DEVICE_FILES: Record<string, string> = {
  // A public-domain portrait (NASA): apps/server/test/fixtures/faces/SOURCE.md.
  'astronaut.jpg': path.join(
    import.meta.dirname,
    '..',
    'apps',
    'server',
    'test',
    'fixtures',
    'faces',
    'astronaut.jpg',
  ),
};
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
    // Capacitor's web view serves the device's files (the camera's photos) under this path.
    if (url.pathname.startsWith('/_capacitor_file_/')) {
      const file = DEVICE_FILES[url.pathname.slice('/_capacitor_file_/'.length)];
      if (file) await route.fulfill({ status: 200, contentType: 'image/jpeg', body: await readFile(file) });
      else await route.fulfill({ status: 404, body: 'not found' });
      return;
    }
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

/**
 * In place of Google's and Apple's servers behind the device's sign-in SDK: an ID token from
 * the test provider for the audience the SDK names and the nonce the app gave it, unchanged.
 */
async function idTokenFor(
  provider: string,
  audience: string,
  nonce: string,
  person: { subject: string; email: string; name: string },
): Promise<string> {
  const answer = await fetch(`${identityProvider}/sign-in`, {
    method: 'POST',
    body: JSON.stringify({ provider, audience, nonce, ...person }),
  });
  return ((await answer.json()) as { idToken: string }).idToken;
}

/**
 * A person who signed in on this device earlier (Android's Google sign-in) and chose a user
 * name: the bearer token the device keeps.
 */
async function earlierSession(userName: string): Promise<string> {
  const { nonce } = (await (await fetch(`${SERVER}/api/auth/nonce`, { method: 'POST' })).json()) as {
    nonce: string;
  };
  const idToken = await idTokenFor('google', NATIVE_GOOGLE_WEB_CLIENT, nonce, {
    subject: `e2e-${userName}`,
    email: `${userName.toLowerCase()}@example.com`,
    name: userName,
  });
  const session = await fetch(`${SERVER}/api/auth/google/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken, nonce }),
  });
  expect(session.status).toBe(200);
  const { token } = (await session.json()) as { token: string };
  const named = await fetch(`${SERVER}/api/me/user-name`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ userName }),
  });
  expect(named.status).toBe(200);
  return token;
}

const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A place added by someone else (the development sign-in on the test server). */
async function somePlace(input: { name: string; officialWebsite?: string }): Promise<string> {
  const parent = await signInParent(SERVER, unique('Pat_'));
  return addPlace(parent, { tags: ['Slides'], ...input });
}

/** The spec's device position request (§9): high accuracy, 5000 ms timeout, maximum age 0. */
const SPEC_POSITION_OPTIONS = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };

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

  for (const platform of ['android', 'ios'] as const) {
    test(`${platform}: a location permission denied on the device says to use the device settings (spec §8)`, async ({
      startApp,
    }) => {
      const page = await startApp(
        {
          platform,
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
      // Not the browser's wording: the app has no browser settings.
      await expect(page.getByText(/enable location in your browser settings/)).toHaveCount(0);
      expect(await callsTo(page, 'Geolocation', 'requestPermissions')).toEqual([
        { plugin: 'Geolocation', method: 'requestPermissions', options: { permissions: ['location'] } },
      ]);
      // Asked and refused: the device is not asked for a position it would not give.
      expect(await callsTo(page, 'Geolocation', 'getCurrentPosition')).toEqual([]);
      const stores = await deviceStores(page);
      expect(stores.preferences).toMatchObject({ locationPermissionDenied: 'true' });
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
    });
  }

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
      // Every position request with the spec's options.
      const requests = await callsTo(page, 'Geolocation', 'getCurrentPosition');
      expect(requests.length).toBeGreaterThan(0);
      for (const request of requests) expect(request.options).toEqual(SPEC_POSITION_OPTIONS);
      // Android's status bar: dark text on the app's warm background; the splash screen went.
      expect(await callsTo(page, 'StatusBar', 'setStyle')).toEqual([
        { plugin: 'StatusBar', method: 'setStyle', options: { style: 'LIGHT' } },
      ]);
      expect(await callsTo(page, 'StatusBar', 'setBackgroundColor')).toEqual([
        { plugin: 'StatusBar', method: 'setBackgroundColor', options: { color: '#fff7ed' } },
      ]);
      expect(await callsTo(page, 'SplashScreen', 'hide')).toHaveLength(1);
    });
  });

  for (const { provider, platform, button, initialize, audience } of [
    {
      provider: 'apple',
      platform: 'ios',
      button: 'Continue with Apple',
      initialize: { google: { mode: 'online', iOSClientId: NATIVE_GOOGLE_IOS_CLIENT }, apple: {} },
      audience: NATIVE_APPLE_CLIENT,
    },
    {
      provider: 'google',
      platform: 'ios',
      button: 'Continue with Google',
      initialize: { google: { mode: 'online', iOSClientId: NATIVE_GOOGLE_IOS_CLIENT }, apple: {} },
      audience: NATIVE_GOOGLE_IOS_CLIENT,
    },
    {
      provider: 'google',
      platform: 'android',
      button: 'Continue with Google',
      // No Apple on Android: its sign-in there would be a web page, which the website has.
      initialize: { google: { mode: 'online', webClientId: NATIVE_GOOGLE_WEB_CLIENT } },
      audience: NATIVE_GOOGLE_WEB_CLIENT,
    },
  ] as const) {
    test(`${platform}: ${provider} sign-in: nonce, the device's sheet, ID token for a bearer session used for a write; sign-out forgets it`, async ({
      startApp,
      page,
    }) => {
      const suffix = `${provider}${Date.now().toString(36)}`;
      const audiences: string[] = [];
      await page.exposeFunction(
        'deviceSignIn',
        async (name: string, sdkNonce: string, sdkAudience: string) => {
          audiences.push(sdkAudience);
          return idTokenFor(name, sdkAudience, sdkNonce, {
            subject: `e2e-${suffix}`,
            email: `${suffix}@example.com`,
            name: 'Ada Native',
          });
        },
      );
      const nonces: string[] = [];
      page.on('response', (response) => {
        if (response.url() === `${SERVER}/api/auth/nonce` && response.request().method() === 'POST')
          void response.json().then((body: { nonce: string }) => nonces.push(body.nonce));
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
      await expect(dialog.getByRole('button', { name: 'Continue with Apple' })).toHaveCount(
        platform === 'ios' ? 1 : 0,
      );
      await dialog.getByRole('button', { name: button }).click();
      await expect(dialog).toBeHidden();

      expect(apiCalls.find((call) => call.path === '/api/auth/nonce')?.status).toBe(200);
      expect(apiCalls.find((call) => call.path === `/api/auth/${provider}/id-token`)?.status).toBe(200);
      // The SDK was set up for this platform's client before the sheet opened.
      const [setUp, ...again] = await callsTo(page, 'SocialLogin', 'initialize');
      expect(again).toEqual([]);
      expect(setUp?.options).toMatchObject(initialize);
      if (platform === 'android') expect(setUp?.options).not.toHaveProperty('apple');
      const [login] = await callsTo(page, 'SocialLogin', 'login');
      const sentNonce = (login?.options as { options: { nonce: string } }).options.nonce;
      // Apple is given the SHA-256 of the server's nonce (the server takes nothing else from
      // Apple); Google the nonce itself.
      const nonce = nonces[0] ?? '';
      expect(nonce).not.toBe('');
      expect(sentNonce).toBe(provider === 'apple' ? createHash('sha256').update(nonce).digest('hex') : nonce);
      expect(audiences).toEqual([audience]);
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

  test('android: App Links open /locations/…, /events and /deals in the app; a link to another host is ignored', async ({
    startApp,
  }) => {
    const name = unique('Linked Playground ');
    const id = await somePlace({ name });
    const page = await startApp(
      { platform: 'android', preferences: { hasAcceptedToS_v1: 'true', locationPermissionDenied: 'true' } },
      '/MapView',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await callsTo(page, 'App', 'addListener')).map((call) => call.options)).toEqual(
      expect.arrayContaining([{ eventName: 'appUrlOpen' }, { eventName: 'backButton' }]),
    );
    const open = (url: string) => emitNative(page, 'App', 'appUrlOpen', { url });

    await open(`${SERVER}/locations/${id}?from=share#comments`);
    await expect(page).toHaveURL(`${APP_ORIGIN}/locations/${id}?from=share#comments`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await open(`${SERVER}/events`);
    await expect(page).toHaveURL(`${APP_ORIGIN}/events`);
    await open(`${SERVER}/deals`);
    await expect(page).toHaveURL(`${APP_ORIGIN}/deals`);

    // Another site's link (or one the system hands over by mistake) leaves the app where it is.
    await open(`https://elsewhere.example/locations/${id}`);
    await open(`${SERVER.replace('http:', 'https:')}/events`);
    await open('not a url');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(`${APP_ORIGIN}/deals`);
  });

  test("android: the back button goes back through the app's pages and leaves the app from the first", async ({
    startApp,
  }) => {
    const page = await startApp(
      { platform: 'android', preferences: { hasAcceptedToS_v1: 'true', locationPermissionDenied: 'true' } },
      '/MapView',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await emitNative(page, 'App', 'appUrlOpen', { url: `${SERVER}/events` });
    await expect(page).toHaveURL(`${APP_ORIGIN}/events`);
    await emitNative(page, 'App', 'appUrlOpen', { url: `${SERVER}/deals` });
    await expect(page).toHaveURL(`${APP_ORIGIN}/deals`);

    await pressAndroidBack(page);
    await expect(page).toHaveURL(`${APP_ORIGIN}/events`);
    await pressAndroidBack(page);
    await expect(page).toHaveURL(`${APP_ORIGIN}/MapView`);
    expect(await callsTo(page, 'App', 'exitApp')).toEqual([]);

    // The first page: back leaves the app (and the app does not navigate on its way out).
    await pressAndroidBack(page);
    await expect.poll(async () => (await callsTo(page, 'App', 'exitApp')).length).toBe(1);
    await expect(page).toHaveURL(`${APP_ORIGIN}/MapView`);
  });

  for (const outcome of ['shared', 'cancelled'] as const) {
    test(`ios: a place's Share opens the system share sheet with its link (${outcome})`, async ({
      startApp,
    }) => {
      const name = unique('Shared Playground ');
      const id = await somePlace({ name });
      const page = await startApp(
        {
          platform: 'ios',
          preferences: { hasAcceptedToS_v1: 'true', locationPermissionDenied: 'true' },
          share: outcome,
        },
        `/locations/${id}`,
      );
      const share = page.getByRole('button', { name: 'Share', exact: true });
      await share.click();
      await page.getByRole('button', { name: 'Share link' }).click();
      await expect.poll(async () => (await callsTo(page, 'Share', 'share')).length).toBe(1);
      const [sheet] = await callsTo(page, 'Share', 'share');
      // The server's link (the one that opens the app), not the device's https://localhost.
      expect(sheet?.options).toMatchObject({
        title: name,
        dialogTitle: name,
        url: `${SERVER}/locations/${id}`,
      });
      expect((sheet?.options as { text: string }).text).toContain(name);
      await expect(share).toBeEnabled();
      // Shared or closed by the person, nothing is wrong: no link to copy, no error, no copy toast.
      await expect(page.getByText(`${SERVER}/locations/${id}`)).toHaveCount(0);
      await expect(page.getByText(/copied/i)).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }

  test('ios: directions go to the app launcher, and to the browser when no app takes the link; a website opens in the browser', async ({
    startApp,
  }) => {
    const name = unique('Faraway Playground ');
    const id = await somePlace({ name, officialWebsite: 'https://playground.example/opening-hours' });
    const page = await startApp(
      {
        platform: 'ios',
        preferences: { hasAcceptedToS_v1: 'true', locationPermissionDenied: 'true' },
        appLauncher: 'no-app',
      },
      `/locations/${id}`,
    );
    const directions = page.getByRole('link', { name: /directions/i });
    const href = (await directions.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\//);
    await directions.click();
    await expect.poll(async () => (await callsTo(page, 'Browser', 'open')).length).toBe(1);
    expect((await callsTo(page, 'AppLauncher', 'openUrl')).map((call) => call.options)).toEqual([
      { url: href },
    ]);
    expect((await callsTo(page, 'Browser', 'open')).map((call) => call.options)).toEqual([{ url: href }]);
    // The web view stayed on the place.
    await expect(page).toHaveURL(`${APP_ORIGIN}/locations/${id}`);

    await page.getByRole('link', { name: /playground\.example/ }).click();
    await expect.poll(async () => (await callsTo(page, 'Browser', 'open')).length).toBe(2);
    expect((await callsTo(page, 'Browser', 'open'))[1]?.options).toEqual({
      url: 'https://playground.example/opening-hours',
    });
    expect(await callsTo(page, 'AppLauncher', 'openUrl')).toHaveLength(1);
    await expect(page).toHaveURL(`${APP_ORIGIN}/locations/${id}`);
  });

  test('android: a camera photo goes through the face-blur review and is uploaded with a comment', async ({
    startApp,
  }) => {
    test.setTimeout(90_000);
    const name = unique('Camera Playground ');
    const id = await somePlace({ name });
    const userName = unique('Cam_').slice(0, 20);
    const token = await earlierSession(userName);
    const page = await startApp(
      {
        platform: 'android',
        preferences: { hasAcceptedToS_v1: 'true', locationPermissionDenied: 'true' },
        sessionToken: token,
        cameraPhoto: 'astronaut.jpg',
      },
      `/locations/${id}`,
    );
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByLabel('Share a tip with other parents').fill('Space-themed climbing frame.');
    await page.getByRole('button', { name: 'Take a photo' }).first().click();
    expect(await callsTo(page, 'Camera', 'takePhoto')).toEqual([
      { plugin: 'Camera', method: 'takePhoto', options: { quality: 90 } },
    ]);
    const review = page.getByRole('dialog', { name: 'Check your photo' });
    await expect(review).toBeVisible();
    await expect(review.getByText('1 face blurred')).toBeVisible({ timeout: 20_000 });
    await usePickedPhotos(page);

    const upload = page.waitForResponse(
      (response) =>
        response.url().startsWith(`${SERVER}/api/`) &&
        response.request().method() === 'POST' &&
        /comments|photos/.test(response.url()) &&
        !response.url().endsWith('/api/photos/preview'),
    );
    await page.getByRole('button', { name: 'Post comment' }).click();
    const answer = await upload;
    expect(answer.status()).toBeLessThan(300);
    expect(answer.request().headers().authorization).toBe(`Bearer ${token}`);
    const comment = page.getByTestId('comment').first();
    await expect(comment).toContainText('Space-themed climbing frame.');
    await expect(
      comment.getByRole('img', { name: `Photo shared by ${userName} with the comment` }),
    ).toBeVisible();
  });
});
