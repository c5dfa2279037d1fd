/**
 * Open now (issue 33) on a phone: parents give opening hours through the facts; the card says
 * "Open · closes 7:00 pm" (English's 12-hour clock, issue 46), "Closed" or "Hours unknown" (in the place's zone, at the phone's
 * clock); the Open now filter keeps only the open place and counts on the badge. Screenshots
 * of the card in English and German.
 */
import type { Page } from '@playwright/test';
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';
import { addPlace, signInParent, type Parent } from './place-page-fixtures.ts';

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

/** A corner of Christchurch (Pacific/Auckland zone) no demo place is near. */
const CHRISTCHURCH = { latitude: -43.5321, longitude: 172.6362 };

async function giveHours(parent: Parent, placeId: string, value: string): Promise<void> {
  const response = await parent.api.put(`/api/locations/${placeId}/facts/opening_hours`, { data: { value } });
  if (!response.ok()) throw new Error(`hours failed: ${response.status()} ${await response.text()}`);
}

/** Friday 27 Nov 2026, 10:00 in New Zealand (NZDT, UTC+13). */
const FRIDAY_MORNING_NZ = new Date('2026-11-26T21:00:00Z');

async function seed(baseURL: string, suffix: string) {
  const parent = await signInParent(baseURL, unique(`Hours_${suffix}_`));
  const always = await addPlace(parent, {
    name: `Always Open Park ${suffix}`,
    tags: ['Swings'],
    ...CHRISTCHURCH,
  });
  const never = await addPlace(parent, {
    name: `Shut Yard ${suffix}`,
    tags: ['Slide'],
    latitude: CHRISTCHURCH.latitude + 0.002,
    longitude: CHRISTCHURCH.longitude,
  });
  const weekdays = await addPlace(parent, {
    name: `Weekday Playcentre ${suffix}`,
    tags: ['Sandpit'],
    latitude: CHRISTCHURCH.latitude - 0.002,
    longitude: CHRISTCHURCH.longitude,
  });
  const odd = await addPlace(parent, {
    name: `Odd Hours Green ${suffix}`,
    tags: ['Fort'],
    latitude: CHRISTCHURCH.latitude,
    longitude: CHRISTCHURCH.longitude + 0.002,
  });
  await giveHours(parent, always, '24/7');
  await giveHours(parent, never, 'off');
  await giveHours(parent, weekdays, 'Mo-Fr 09:00-19:00');
  await giveHours(parent, odd, 'whenever the gate is open');
  await parent.api.dispose();
}

async function openMap(page: Page): Promise<void> {
  await page.clock.setFixedTime(FRIDAY_MORNING_NZ);
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.goto(`/MapView?lat=${CHRISTCHURCH.latitude}&lng=${CHRISTCHURCH.longitude}&radius=2`);
}

test.describe('open now on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cards say open, closed or unknown, and the Open now filter keeps the open place', async ({
    page,
    baseURL,
  }) => {
    const suffix = unique('en');
    await seed(baseURL ?? '', suffix);
    await openMap(page);
    const row = (name: string) => page.getByRole('button', { name: new RegExp(`${name} ${suffix}`) }).first();
    await expect(row('Always Open Park')).toBeVisible();
    await expect(row('Always Open Park').getByTestId('opening-status')).toHaveText('Open');
    await expect(row('Shut Yard').getByTestId('opening-status')).toHaveText('Closed');
    await expect(row('Weekday Playcentre').getByTestId('opening-status')).toHaveText('Open · closes 7:00 pm');
    // A list row says nothing of unknown hours; the card does.
    await expect(row('Odd Hours Green').getByTestId('opening-status')).toHaveCount(0);
    await row('Odd Hours Green').click();
    await expect(page.getByRole('heading', { name: `Odd Hours Green ${suffix}` })).toBeVisible();
    await expect(page.getByRole('article').getByTestId('opening-status')).toHaveText('Hours unknown');
    await page.getByRole('button', { name: 'All play spots' }).click();

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByText('Open now', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
    // The server filters by its own clock: 24/7 is open whenever the test runs, "off" never.
    await expect(row('Always Open Park')).toBeVisible();
    await expect(page.getByText(`Shut Yard ${suffix}`)).toHaveCount(0);
    await expect(page.getByText(`Odd Hours Green ${suffix}`)).toHaveCount(0);
    const stored = await page.evaluate(() => localStorage.getItem('locationFilters'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ openNow: true });

    await row('Weekday Playcentre').or(row('Always Open Park')).first().click();
    await page.screenshot({ path: test.info().outputPath('open-now-card-en-phone.png') });
  });

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' });

    test('the card says "Geöffnet · schließt um 19:00"', async ({ page, baseURL }) => {
      const suffix = unique('de');
      await seed(baseURL ?? '', suffix);
      await openMap(page);
      const row = page.getByRole('button', { name: new RegExp(`Weekday Playcentre ${suffix}`) }).first();
      await expect(row.getByTestId('opening-status')).toHaveText('Geöffnet · schließt um 19:00');
      await expect(
        page
          .getByRole('button', { name: new RegExp(`Shut Yard ${suffix}`) })
          .first()
          .getByTestId('opening-status'),
      ).toHaveText('Geschlossen');
      await row.click();
      await expect(page.getByRole('article').getByTestId('opening-status')).toHaveText(
        'Geöffnet · schließt um 19:00',
      );
      await page.screenshot({ path: test.info().outputPath('open-now-card-de-phone.png') });
    });
  });
});
