/**
 * The app in German (issue 19, part 4): a browser set to German gets <html lang="de"> and
 * German text on the map, the filters, a place page and the sign-in dialog (place names and
 * what parents wrote stay as they are); the language can be changed in the header's menu and
 * is remembered. With UPDATE_SCREENSHOTS=1 the German screenshots replace docs/screenshots/de-*.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { acceptTerms, expect, test } from './fixtures.ts';
import { seedLivelyPlace } from './location-page-fixtures.ts';

const AUCKLAND = { latitude: -36.8597, longitude: 174.7752 };

async function openMap(page: Page): Promise<void> {
  await acceptTerms(page);
  await page.goto('/MapView');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Spielplätze in deiner Nähe' })).toBeVisible();
}

test.describe('in German', () => {
  test.use({ locale: 'de-DE', geolocation: AUCKLAND, permissions: ['geolocation'] });

  test('the map, the filters, a place page and the sign-in dialog speak German', async ({
    page,
    baseURL,
  }) => {
    const id = await seedLivelyPlace(baseURL ?? '', 'de');
    await openMap(page);
    await expect(page.getByRole('list', { name: 'Spielorte, die nächsten zuerst' })).toBeVisible();
    await expect(page.getByText(/^[\d.,]+ k?m entfernt$/u).first()).toBeVisible();
    await expect(page.getByText(/^\d+\+? Orte? · die nächsten zuerst$/u)).toBeVisible();

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const filters = page.getByRole('dialog', { name: 'Filter' });
    await expect(filters).toBeVisible();
    await expect(filters.getByText('Drinnen oder draußen')).toBeVisible();
    await expect(filters.getByRole('radio', { name: 'Jedes Alter' })).toBeChecked();
    await filters.getByRole('radio', { name: 'Drinnen', exact: true }).check();
    await filters.getByRole('button', { name: 'Fertig' }).click();
    await expect(filters).toBeHidden();
    await page.getByRole('button', { name: 'Filter, 1 aktiv' }).click();
    await filters.getByRole('button', { name: 'Zurücksetzen' }).click();
    await filters.getByRole('button', { name: 'Fertig' }).click();
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();

    await page.goto(`/locations/${id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Zurück zur Karte' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gut für Kinder?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ich war hier' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Kommentare/u })).toBeVisible();

    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const signIn = page.getByRole('dialog', { name: 'Bei PlaySpot anmelden' });
    await expect(signIn).toBeVisible();
    await expect(signIn.getByText(/Dein Passwort sehen wir nie/u)).toBeVisible();
  });

  test('the language menu switches to English and back, and the choice is remembered', async ({ page }) => {
    await openMap(page);
    await page.getByRole('button', { name: 'Sprache: Deutsch' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Play spots near you' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    // Remembered on this device, over the browser's German.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Play spots near you' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  });
});

test.describe('from English', () => {
  test.use({ locale: 'en-NZ', geolocation: AUCKLAND, permissions: ['geolocation'] });

  test('choosing Deutsch in the menu turns the page German', async ({ page }) => {
    await acceptTerms(page);
    await page.goto('/MapView');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Spielplätze in deiner Nähe' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  });
});

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const size of sizes) {
  test.describe(`German ${size.name} screenshots`, () => {
    test.use({
      locale: 'de-DE',
      viewport: size.viewport,
      geolocation: AUCKLAND,
      permissions: ['geolocation'],
    });

    const save = (name: string) =>
      process.env.UPDATE_SCREENSHOTS
        ? path.join('docs', 'screenshots', `de-${name}-${size.name}.png`)
        : test.info().outputPath(`de-${name}-${size.name}.png`);

    test('map, filters, place page and sign-in', async ({ page, baseURL }) => {
      const id = await seedLivelyPlace(baseURL ?? '', `de_${size.name}`);
      await openMap(page);
      await expect(page.getByText('Auckland Domain Playground').first()).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: save('map') });

      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Filter' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: save('filters') });
      await page.getByRole('button', { name: 'Fertig' }).click();

      await page.goto(`/locations/${id}`);
      await expect(page.getByText(/^[\d.,]+ k?m entfernt$/u)).toBeVisible();
      await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
      await page.screenshot({ path: save('location'), fullPage: size.name === 'phone' });

      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Bei PlaySpot anmelden' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: save('sign-in') });
    });
  });
}
