/**
 * Screenshots at phone and desktop sizes. They land in the run's output folder; with
 * UPDATE_SCREENSHOTS=1 they replace the ones in docs/screenshots (shown in the README).
 */
import path from 'node:path';
import { acceptTerms, expect, test } from './fixtures.ts';
import { seedLivelyPlace, signInOn } from './location-page-fixtures.ts';

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const size of sizes) {
  test.describe(`${size.name} screenshots`, () => {
    test.use({
      viewport: size.viewport,
      geolocation: { latitude: -36.8597, longitude: 174.7752 },
      permissions: ['geolocation'],
    });

    const save = (name: string) =>
      process.env.UPDATE_SCREENSHOTS
        ? path.join('docs', 'screenshots', `${name}-${size.name}.png`)
        : test.info().outputPath(`${name}-${size.name}.png`);

    test('first visit with the terms dialog', async ({ page }) => {
      await page.goto('/MapView');
      await expect(page.getByRole('dialog', { name: 'Discover, Share & Explore' })).toBeVisible();
      await page.screenshot({ path: save('terms') });
    });

    test('the map with nearby play spots', async ({ page }) => {
      await acceptTerms(page);
      await page.goto('/MapView');
      await expect(page.getByText('Auckland Domain Playground').first()).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: save('map') });
    });

    test('a place page, signed in', async ({ page, baseURL }) => {
      const id = await seedLivelyPlace(baseURL ?? '', size.name);
      await acceptTerms(page);
      await signInOn(page.request, baseURL ?? '', `Mia_${size.name}`);
      await page.goto(`/locations/${id}`);
      await expect(page.getByText('km from you').or(page.getByText(' m from you'))).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: save('location'), fullPage: size.name === 'phone' });
    });

    test('the About page', async ({ page }) => {
      await acceptTerms(page);
      await page.goto('/AboutUs');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: save('about') });
    });
  });
}
