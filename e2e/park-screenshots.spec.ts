/**
 * Screenshots of the screens issue 15 changed, at phone (390×844) and desktop (1440×900) size,
 * for a parent in Lübeck: the list near them with an old position, the place page after a
 * visit (the photo shared with a comment in its gallery, Share, "You were here today"), About
 * offering "Continue to <place>", and a list far from every place. With UPDATE_SCREENSHOTS=1
 * they replace docs/screenshots/park-*.png.
 */
import path from 'node:path';
import { destinationPoint } from '@playspot/core';
import { expect, test } from './fixtures.ts';
import { addPlace, playgroundJpegWithGps, signInOn, signInParent } from './place-page-fixtures.ts';

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

const HERE = { lat: 53.87213, lng: 10.69481 };
const PLACE = destinationPoint(HERE, 45, 0.06);

/** A playground near HERE whose photos came with comments: one for all these screenshots. */
let seeded: Promise<{ id: string; name: string }> | null = null;
function seedPlace(baseURL: string): Promise<{ id: string; name: string }> {
  seeded ??= addSeededPlace(baseURL);
  return seeded;
}

async function addSeededPlace(baseURL: string): Promise<{ id: string; name: string }> {
  const name = 'Schiffsspielplatz Wallanlagen';
  const creator = await signInParent(baseURL, 'Lena_Hansen');
  const id = await addPlace(creator, {
    name,
    tags: ['Sandpit', 'Shade', 'Benches'],
    latitude: PLACE.lat,
    longitude: PLACE.lng,
    description: 'A sandpit under old lime trees, a wooden ship to climb and a low slide for little ones.',
  });
  for (const [text, hue] of [
    ['The ship is perfect for two-year-olds. Bring a spade!', 'morning'],
    ['Lovely in the afternoon sun, and the benches are in the shade.', 'afternoon'],
  ] as const) {
    const commented = await creator.api.post(`/api/locations/${id}/comments`, { data: { text } });
    const commentId = ((await commented.json()) as { comment: { id: string } }).comment.id;
    await creator.api.post(`/api/locations/${id}/comments/${commentId}/photo`, {
      multipart: {
        photo: { name: 'ship.jpg', mimeType: 'image/jpeg', buffer: await playgroundJpegWithGps(hue) },
      },
    });
  }
  await creator.api.dispose();
  return { id, name };
}

for (const size of sizes) {
  test.describe(`${size.name} screenshots of the park test`, () => {
    test.use({
      viewport: size.viewport,
      geolocation: { latitude: HERE.lat, longitude: HERE.lng },
      permissions: ['geolocation'],
      timezoneId: 'Europe/Berlin',
    });

    const save = (name: string) =>
      process.env.UPDATE_SCREENSHOTS
        ? path.join('docs', 'screenshots', `park-${name}-${size.name}.png`)
        : test.info().outputPath(`park-${name}-${size.name}.png`);

    test('the list near the parent, measured from where they were yesterday', async ({ page, baseURL }) => {
      const place = await seedPlace(baseURL ?? '');
      // Yesterday's reading on this device; location since turned off in the browser.
      await page.context().clearPermissions();
      await page.addInitScript(
        ([at, lat, lng]) => {
          localStorage.setItem('hasAcceptedToS_v1', 'true');
          localStorage.setItem('locationPermissionDenied', 'true');
          localStorage.setItem(
            'lastKnownPosition',
            JSON.stringify({ lat, lng, source: 'device', accuracyM: 20, readAt: at }),
          );
        },
        [new Date(Date.now() - 26 * 3_600_000).toISOString(), HERE.lat, HERE.lng] as const,
      );
      await page.goto('/MapView');
      await expect(page.getByTestId('position-notice')).toContainText('Using where you were yesterday.');
      await expect(page.getByRole('button', { name: new RegExp(place.name) }).first()).toBeVisible();
      // Settled enough for a picture (the live-updates stream may keep one request open).
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      await page.screenshot({ path: save('list') });
    });

    test('the place page after a visit: gallery with comment photos, Share, "You were here today"', async ({
      page,
      baseURL,
    }) => {
      const place = await seedPlace(baseURL ?? '');
      await page.addInitScript(() => {
        localStorage.setItem('hasAcceptedToS_v1', 'true');
      });
      await page.context().setGeolocation({ latitude: PLACE.lat, longitude: PLACE.lng });
      await signInOn(page.request, baseURL ?? '', `Zoë_${size.name}`);
      await page.goto(`/locations/${place.id}`);
      await page.getByRole('button', { name: 'I was here' }).click();
      await expect(page.getByTestId('visit-logged')).toHaveText('You were here today');
      await expect(page.getByText('Thanks! Your visit is logged.')).toBeVisible();
      // The small map's tiles and the photos, drawn (the page keeps a connection open, so no
      // "network idle" to wait for).
      await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
      await expect(page.getByTestId('where-it-is')).not.toBeEmpty();
      await page.waitForTimeout(500);
      await page.screenshot({ path: save('place'), fullPage: size.name === 'phone' });
    });

    test('About offers "Continue to <place>" to a first-time visitor of a shared link', async ({
      page,
      baseURL,
    }) => {
      const place = await seedPlace(baseURL ?? '');
      await page.goto(`/locations/${place.id}`);
      await page
        .getByRole('dialog', { name: 'Discover, Share & Explore' })
        .getByRole('button', { name: 'Learn more' })
        .click();
      await expect(page.getByRole('link', { name: `Continue to ${place.name}` })).toBeVisible();
      await page.screenshot({ path: save('continue') });
    });

    test('far from every place, the list says so and offers to look elsewhere', async ({ page }) => {
      await page.context().setGeolocation({ latitude: 35.6812, longitude: 139.7671 }); // Tokyo
      await page.addInitScript(() => {
        localStorage.setItem('hasAcceptedToS_v1', 'true');
      });
      await page.goto('/MapView');
      await expect(page.getByTestId('far-away-notice')).toContainText('The nearest ones we know are');
      // Settled enough for a picture (the live-updates stream may keep one request open).
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      await page.screenshot({ path: save('far-away') });
    });
  });
}
