/**
 * Offline is honest (issue 32). A place this device never saved says so at once and offers the
 * places it did save (not a spinner, then "This page wandered off"); a saved place says how old
 * its copy is, "Right now" included: the broken swing reported there is shown as of the time
 * it was saved, not "Nothing reported in the last hours".
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, TILE } from './fixtures.ts';
import { addPlace, PLACE_POSITION, signInParent } from './place-page-fixtures.ts';

test.use({ serviceWorkers: 'allow' });

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

async function prepare(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
    if (/\/\d+\/\d+\/\d+\.png$/.test(route.request().url())) {
      await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
    } else {
      await route.abort();
    }
  });
  await context.addInitScript(() => {
    localStorage.setItem('hasAcceptedToS_v1', 'true');
    localStorage.setItem('locationPermissionDenied', 'true');
  });
}

async function savedCount(page: Page, cacheName: string): Promise<number> {
  return page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, cacheName);
}

test('offline: a saved place says "as of", a never-saved one says so at once and offers the saved', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const creator = await signInParent(base, unique('Honest_'));
  const savedName = unique('Saved Swings ');
  const saved = await addPlace(creator, { name: savedName, tags: ['Swings'] });
  const never = await addPlace(creator, { name: unique('Never Opened '), tags: ['Slide'], latitude: -36.87 });
  // A report rests on a visit logged at the place in the last hour (issue 30).
  const visited = await creator.api.post(`/api/locations/${saved}/visits`, {
    data: { lat: PLACE_POSITION.latitude, lng: PLACE_POSITION.longitude, accuracy: 10 },
  });
  expect(visited.ok(), await visited.text()).toBe(true);
  const broken = await creator.api.post(`/api/locations/${saved}/conditions`, {
    data: {
      kind: 'broken',
      equipment: 'swing',
    },
  });
  expect(broken.ok(), await broken.text()).toBe(true);
  await creator.api.dispose();

  await prepare(context);
  await page.setViewportSize({ width: 390, height: 844 });
  // Online: the place's page, until the service worker has saved it with its conditions.
  await page.goto(`/locations/${saved}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: savedName })).toBeVisible();
  await expect(page.getByTestId('live-conditions')).toContainText('Broken: swing');
  // One answer holds the page, its conditions included (issue 42).
  await expect.poll(() => savedCount(page, 'playspot-places'), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: savedName })).toBeVisible();
  await expect(page.getByTestId('saved-copy')).toContainText(/^Saved on this device · as of \d/);
  const conditions = page.getByTestId('live-conditions');
  await expect(conditions).toContainText('Broken: swing');
  await expect(conditions).toContainText(/As of \d/);
  await expect(conditions).not.toContainText('Nothing reported in the last hours');
  await page.screenshot({ path: test.info().outputPath('offline-saved-place.png'), fullPage: true });

  // A place never opened here: said at once, with the saved one to open instead.
  const started = Date.now();
  await page.goto(`/locations/${never}`);
  const notSaved = page.getByTestId('not-saved-offline');
  await expect(notSaved.getByRole('heading', { name: 'This place isn’t saved on this device' })).toBeVisible({
    timeout: 3000,
  });
  console.log(`offline: "not saved" shown ${Date.now() - started} ms after opening`);
  await expect(page.getByText('This page wandered off')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('offline-not-saved.png'), fullPage: true });
  await notSaved.getByRole('link', { name: savedName }).click();
  await expect(page.getByRole('heading', { level: 1, name: savedName })).toBeVisible();
});

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const language of ['en', 'de'] as const)
  for (const size of SIZES) {
    test.describe(`offline, the map tells one story (${language}, ${size.name}, issue 49)`, () => {
      test.use({ locale: language === 'de' ? 'de-DE' : 'en-NZ', viewport: size.viewport });
      const de = language === 'de';
      const listName = de ? 'Spielorte, die nächsten zuerst' : 'Play spots, nearest first';
      const loadingNote = de ? 'Spielorte werden geladen …' : 'Loading play spots…';
      const noneSaved = de
        ? 'Hier sind keine Spielorte auf diesem Gerät gespeichert'
        : 'No places saved here on this device';

      /** Opens the map online until this device saved the places around, then goes offline. */
      async function offlineWithSaved(context: BrowserContext, page: Page): Promise<void> {
        await prepare(context);
        await page.goto('/MapView');
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        await page.reload();
        await expect(page.getByRole('list', { name: listName }).getByRole('listitem').first()).toBeVisible();
        await expect.poll(() => savedCount(page, 'playspot-areas'), { timeout: 15_000 }).toBeGreaterThan(0);
        await context.setOffline(true);
      }

      /** A usable sign-in in the header: a named button, not an empty pill. */
      async function expectSignIn(page: Page): Promise<void> {
        const signIn = page
          .getByRole('banner')
          .getByRole('button', { name: de ? 'Anmelden' : 'Sign in', exact: true });
        await expect(signIn).toBeVisible();
        await expect(signIn).toBeEnabled();
        await expect(signIn).toHaveText(de ? 'Anmelden' : 'Sign in');
      }

      test('the saved places with no "loading", and a usable sign-in in the header', async ({
        context,
        page,
      }) => {
        await offlineWithSaved(context, page);
        await page.reload();
        await expect(
          page
            .getByText(de ? 'Du bist offline' : 'You’re offline — showing what this device saved', {
              exact: false,
            })
            .first(),
        ).toBeVisible();
        await expect(page.getByRole('list', { name: listName }).getByRole('listitem').first()).toBeVisible();
        // Long enough for the map's own read to have failed and to wait for a connection.
        await page.waitForTimeout(3000);
        await expect(page.getByText(loadingNote)).toBeHidden();
        await expect(page.getByText(noneSaved)).toBeHidden();
        await expectSignIn(page);
        await page.screenshot({ path: test.info().outputPath(`offline-map-${language}-${size.name}.png`) });
        await context.setOffline(false);
      });

      test('where nothing is saved the map says so, not "loading"', async ({ context, page }) => {
        await offlineWithSaved(context, page);
        // The Tasman Sea: no play spot there, so none can have been saved.
        await page.goto('/MapView?lat=-40.5&lng=165.5&radius=1');
        await expect(page.getByRole('status').filter({ hasText: noneSaved })).toBeVisible({
          timeout: 15_000,
        });
        await page.waitForTimeout(3000);
        // Still said once the worker has answered with the latest saved area (elsewhere): on
        // main the note went away and the map showed nothing, saying nothing.
        await expect(page.getByRole('status').filter({ hasText: noneSaved })).toBeVisible();
        await expect(page.getByText(loadingNote)).toBeHidden();
        await expectSignIn(page);
        await page.screenshot({
          path: test.info().outputPath(`offline-none-saved-${language}-${size.name}.png`),
        });
        await context.setOffline(false);
      });
    });
  }
