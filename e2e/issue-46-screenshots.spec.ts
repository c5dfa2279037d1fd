/**
 * Issue 46's phone screenshots (390×844) in Arabic, Japanese and Polish: the map, the filter
 * sheet, a place's page and the add-a-place form, as a parent whose browser speaks the
 * language sees them. Each screen is checked as it is shot (the language, the direction, no
 * raw key, nothing overflowing its button or heading); the pictures go to the test's output
 * folder, or to docs/screenshots/ with UPDATE_SCREENSHOTS=1. And the server's own pages, as
 * the built app draws them before any script runs: /MapView and a place's page answer a browser
 * asking for Arabic in Arabic, right to left, and one asking for French in French.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { acceptTerms, expect, test } from './fixtures.ts';
import { seedLivelyPlace, signInOn } from './place-page-fixtures.ts';
import { englishOnlyLines, localeText as text, screenProblems } from './support/english-lines.ts';

const AUCKLAND = { latitude: -36.8597, longitude: 174.7752 };

/** The screen is in the language, in its direction, with nothing wrong on it. */
async function checkScreen(page: Page, language: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  expect(await screenProblems(page, englishOnlyLines(language))).toEqual([]);
}

for (const language of ['ar', 'ja', 'pl'] as const) {
  test.describe(`phone screenshots in ${language}`, () => {
    test.use({
      locale: language,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      geolocation: AUCKLAND,
      permissions: ['geolocation'],
    });

    const save = (name: string) =>
      process.env.UPDATE_SCREENSHOTS
        ? path.join('docs', 'screenshots', `${language}-${name}-phone.png`)
        : test.info().outputPath(`${language}-${name}-phone.png`);

    test('the map, the filter sheet, a place page and the add-a-place form', async ({ page, baseURL }) => {
      // Seeding and four screens: well over 30 s on a busy two-core machine.
      test.setTimeout(120_000);
      const id = await seedLivelyPlace(baseURL ?? '', `i46_${language}`);
      await acceptTerms(page);
      await page.goto('/MapView');
      await expect(page.getByRole('heading', { name: text(language, 'map', 'title.nearYou') })).toBeVisible();
      await expect(page.getByText('Harbour View Playground').first()).toBeVisible();
      await page.waitForTimeout(500);
      await checkScreen(page, language);
      await page.screenshot({ path: save('map'), animations: 'disabled' });

      await page
        .getByRole('button', { name: text(language, 'common', 'filtersButton.label'), exact: true })
        .click();
      const filters = page.getByRole('dialog', { name: text(language, 'filters', 'title') });
      await expect(filters).toBeVisible();
      await page.waitForTimeout(300);
      await checkScreen(page, language);
      await page.screenshot({ path: save('filters'), animations: 'disabled' });
      await filters.getByRole('button', { name: text(language, 'filters', 'done') }).click();

      await signInOn(page.request, baseURL ?? '', `Noor_${language}`);
      await page.goto(`/locations/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Harbour View Playground' })).toBeVisible();
      await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
      await checkScreen(page, language);
      await page.screenshot({ path: save('location'), animations: 'disabled' });
      // The whole page too, to look at every section (kept in the test's output only).
      await page.screenshot({
        path: test.info().outputPath(`${language}-location-full.png`),
        fullPage: true,
        animations: 'disabled',
      });

      await page.goto('/locations/new');
      await page.getByLabel(text(language, 'contribute', 'form.name')).fill('Harbour View Playground 2');
      await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
      await checkScreen(page, language);
      await page.screenshot({ path: save('add-location'), animations: 'disabled' });
    });
  });
}

test.describe("the server's pages in the browser's language", () => {
  test('/MapView and a place page answer Arabic right to left and French left to right', async ({
    request,
    baseURL,
  }) => {
    const id = await seedLivelyPlace(baseURL ?? '', 'i46_server');
    for (const [language, header] of [
      ['ar', 'ar-AE,ar;q=0.9'],
      ['fr', 'fr-FR,fr;q=0.9,en;q=0.5'],
    ] as const) {
      const dir = language === 'ar' ? 'rtl' : 'ltr';
      const map = await request.get('/MapView', { headers: { 'accept-language': header } });
      expect(map.status()).toBe(200);
      const mapHtml = await map.text();
      expect(mapHtml).toContain(`<html lang="${language}" dir="${dir}">`);
      expect(mapHtml).toContain(text(language, 'map', 'mapLabel'));
      const place = await request.get(`/locations/${id}`, { headers: { 'accept-language': header } });
      expect(place.status()).toBe(200);
      const placeHtml = await place.text();
      expect(placeHtml).toContain(`<html lang="${language}" dir="${dir}">`);
      expect(placeHtml).toContain('Harbour View Playground');
      expect(placeHtml).toContain(text(language, 'location-details', 'visitAndVote'));
    }
  });
});
