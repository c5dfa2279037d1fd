/**
 * One "where am I" (issue 28, part 4): however a parent reaches the map on a phone, the map
 * and the list under it are about the same spot: the device's position, a spot set by hand,
 * or (without either) the map's own centre. And "Show my location" always brings the map
 * back to the person, even when the position has not changed. The native shell's path is in
 * native.spec.ts. The Explore button shows on a phone-sized desktop browser (a phone's
 * browser offers the app instead), so these run at 390×844 with the default user agent.
 */
import { DEFAULT_MAP_CENTER } from '@playspot/core';
import type { Page } from '@playwright/test';
import { acceptTerms, expect, test } from './fixtures.ts';
import { expectMapAndListOn, expectMapCentredOn, kmBetween, mapCentre, type Spot } from './support/where.ts';

/** The parent in the issue: a street in Lübeck, where the demo data has real playgrounds. */
const LUEBECK: Spot = { lat: 53.8655, lng: 10.6866 };
const PHONE = { width: 390, height: 844 } as const;
const TERMS = { en: 'Discover, Share & Explore', de: 'Entdecken, Teilen & Erkunden' } as const;

/** Drags the map's visible top part down-right, as a finger would, and waits for it to rest. */
async function panMap(page: Page, by: { readonly x: number; readonly y: number }): Promise<Spot> {
  const before = await mapCentre(page);
  const map = page.locator('.leaflet-container');
  const box = await map.boundingBox();
  if (!box || !before) throw new Error('map not drawn');
  const start = { x: box.x + box.width / 2, y: box.y + 150 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + by.x, start.y + by.y, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => kmBetween((await mapCentre(page)) ?? before, before)).toBeGreaterThan(0.3);
  return restingCentre(page);
}

/** The centre once the map has stopped gliding (a drag ends with some inertia). */
async function restingCentre(page: Page): Promise<Spot> {
  let last = await mapCentre(page);
  await expect
    .poll(
      async () => {
        const now = await mapCentre(page);
        const still = now !== null && last !== null && kmBetween(now, last) < 0.001;
        last = now;
        return still;
      },
      { intervals: [500] },
    )
    .toBe(true);
  if (!last) throw new Error('map not drawn');
  return last;
}

test.describe('on a phone with location allowed', () => {
  test.use({
    viewport: PHONE,
    geolocation: { latitude: LUEBECK.lat, longitude: LUEBECK.lng, accuracy: 15 },
    permissions: ['geolocation'],
  });

  test('first visit through Explore', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('dialog', { name: TERMS.en })
      .getByRole('button', { name: 'Explore PlaySpots' })
      .click();
    await expect(page).toHaveURL(/\/MapView$/u);
    await expectMapAndListOn(page, LUEBECK, { origin: 'you' });
  });

  for (const language of ['en', 'de'] as const) {
    test.describe(`in ${language}`, () => {
      test.use({ locale: language === 'de' ? 'de-DE' : 'en-GB' });

      test('first visit through Learn more, About, Continue to the map', async ({ page }) => {
        await page.goto('/');
        await page
          .getByRole('dialog', { name: TERMS[language] })
          .getByRole('button', { name: language === 'de' ? 'Mehr erfahren' : 'Learn more' })
          .click();
        await expect(page).toHaveURL(/\/AboutUs$/u);
        await page
          .getByRole('link', { name: language === 'de' ? 'Weiter zur Karte' : 'Continue to the map' })
          .click();
        await expect(page).toHaveURL(/\/MapView$/u);
        await expectMapAndListOn(page, LUEBECK, { language, origin: 'you' });
      });
    });
  }

  test('a shared place link, then the map', async ({ page }) => {
    const near = await page.request.get('/api/locations/summaries', {
      params: { lat: LUEBECK.lat, lng: LUEBECK.lng, limit: 1 },
    });
    const [place] = ((await near.json()) as { items: { id: string; name: string }[] }).items;
    if (!place) throw new Error('no playground near Lübeck in the demo data');
    await page.goto(`/locations/${place.id}`);
    const terms = page.getByRole('dialog', { name: TERMS.en });
    await terms.getByRole('button', { name: 'Learn more' }).click();
    await page.getByRole('link', { name: `Continue to ${place.name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the map' }).click();
    await expect(page).toHaveURL(/\/MapView$/u);
    await expectMapAndListOn(page, LUEBECK, { origin: 'you' });
  });

  test('a returning visit: a reload opens where the parent is, not where the map was left', async ({
    page,
  }) => {
    await acceptTerms(page);
    await page.goto('/MapView');
    await expectMapAndListOn(page, LUEBECK, { origin: 'you' });
    // As the first visit of the issue left it: the map's last view far away, in Auckland.
    await page.evaluate(
      (view) => {
        localStorage.setItem('lastMapView', JSON.stringify(view));
      },
      { lat: DEFAULT_MAP_CENTER.lat, lng: DEFAULT_MAP_CENTER.lng, zoom: 13 },
    );
    await page.reload();
    await expectMapAndListOn(page, LUEBECK, { origin: 'you' });
  });

  test('"Show my location" recentres after the map was moved, with the position unchanged', async ({
    page,
  }) => {
    await acceptTerms(page);
    await page.goto('/MapView');
    await expectMapAndListOn(page, LUEBECK, { origin: 'you' });
    await panMap(page, { x: 120, y: 160 });
    await page.getByRole('button', { name: 'Show my location' }).click();
    await expectMapCentredOn(page, LUEBECK);
    // Twice: a second press with nothing new to read still brings the map back.
    await panMap(page, { x: -140, y: 120 });
    await page.getByRole('button', { name: 'Show my location' }).click();
    await expectMapAndListOn(page, LUEBECK, { origin: 'you' });
  });
});

test.describe('on a phone without location', () => {
  test.use({ viewport: PHONE });

  test('permission denied: the map and the list agree on the default centre', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('dialog', { name: TERMS.en })
      .getByRole('button', { name: 'Explore PlaySpots' })
      .click();
    const permission = page.getByRole('dialog', { name: 'Enable Location Services' });
    await permission.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByText('Location permission denied. Please enable location in your browser settings.'),
    ).toBeVisible();
    await expectMapAndListOn(page, DEFAULT_MAP_CENTER, { origin: 'map-centre' });
  });

  test('permission denied after an earlier visit: no distances from the old position', async ({ page }) => {
    await acceptTerms(page);
    // A week ago the parent was in Lübeck and allowed location; now the browser says no.
    await page.addInitScript(
      (position) => {
        if (localStorage.getItem('lastKnownPosition') === null)
          localStorage.setItem('lastKnownPosition', JSON.stringify(position));
      },
      {
        ...LUEBECK,
        source: 'device',
        accuracyM: 15,
        readAt: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      },
    );
    await page.goto('/MapView');
    await page
      .getByRole('dialog', { name: 'Enable Location Services' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(
      page.getByText('Location permission denied. Please enable location in your browser settings.'),
    ).toBeVisible();
    // The old reading is dropped: the map goes to the default city and the list measures from there.
    await expect(page.locator('path.playspot-me')).toHaveCount(0);
    await expectMapAndListOn(page, DEFAULT_MAP_CENTER, { origin: 'map-centre' });
  });

  test('a position set by hand: the map and the list use it, also after a reload', async ({ page }) => {
    await acceptTerms(page);
    await page.addInitScript(() => {
      localStorage.setItem('locationPermissionDenied', 'true');
    });
    await page.goto('/MapView');
    await expectMapAndListOn(page, DEFAULT_MAP_CENTER, { origin: 'map-centre' });
    const chosen = await panMap(page, { x: 100, y: 120 });
    await page.getByRole('button', { name: 'Set my location by hand' }).click();
    await page.getByRole('button', { name: 'Set my location here' }).click();
    await expect(page.locator('path.playspot-me')).toHaveCount(1);
    await expectMapAndListOn(page, chosen, { origin: 'you' });
    // Moved away, the map is remembered there; the next visit still opens on the chosen spot.
    await panMap(page, { x: -150, y: 150 });
    await page.reload();
    await expectMapAndListOn(page, chosen, { origin: 'you' });
  });
});
