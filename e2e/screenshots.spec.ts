/**
 * Screenshots at phone and desktop sizes. They land in the run's output folder; with
 * UPDATE_SCREENSHOTS=1 they replace the ones in docs/screenshots (shown in the README).
 */
import path from 'node:path';
import { acceptTerms, expect, test } from './fixtures.ts';
import { registerEventsDealsModerationScreenshots } from './support/events-deals-moderation-screens.ts';
import { seedLivelyPlace, signInOn } from './place-page-fixtures.ts';
import { usePickedPhotos } from './support/photo-review.ts';

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
      await expect(page.getByText(/^[\d.\s]+k?m away$/u)).toBeVisible();
      await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
      await page.screenshot({ path: save('location'), fullPage: size.name === 'phone' });
    });

    test('the add-a-place form, part filled', async ({ page, baseURL }) => {
      await acceptTerms(page);
      await signInOn(page.request, baseURL ?? '', `Ava_${size.name}`);
      await page.goto('/locations/new');
      await page.getByLabel('Name of the place').fill('Sunny Hill Adventure Park');
      await page.getByRole('button', { name: 'Swings', exact: true }).click();
      await page.getByRole('button', { name: 'Shade', exact: true }).click();
      await page.getByText('Outdoor', { exact: true }).click();
      await page.getByText('Free', { exact: true }).click();
      await page
        .locator('input[type="file"]')
        .setInputFiles(
          ['playground-slide.jpg', 'playground-swings.jpg'].map((name) =>
            path.join(import.meta.dirname, 'fixtures', name),
          ),
        );
      await usePickedPhotos(page, 2);
      await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(2);
      await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
      // Choosing files scrolled down; the screenshot shows the form from its top.
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
      await page.screenshot({ path: save('add-location') });
    });

    test('the own profile with places, comments and visits', async ({ page, baseURL }) => {
      await acceptTerms(page);
      const userName = `Leo_${size.name}`;
      await signInOn(page.request, baseURL ?? '', userName);
      const origin = { origin: new URL(baseURL ?? '').origin };
      const added = await page.request.post('/api/locations', {
        headers: origin,
        data: {
          name: `Rainbow Reserve (${size.name})`,
          latitude: -36.862,
          longitude: 174.778,
          tags: ['Swings', 'Shade'],
          description: 'Fenced playground with lots of shade.',
        },
      });
      expect(added.status()).toBe(201);
      const place = ((await added.json()) as { location: { id: string } }).location.id;
      await page.request.post(`/api/locations/${place}/comments`, {
        headers: origin,
        data: { text: 'Great for toddlers, and the gate closes properly.' },
      });
      await page.request.post(`/api/locations/${place}/comments`, {
        headers: origin,
        data: { text: 'Bring a hat: the shade sails come down in winter.' },
      });
      await page.request.post(`/api/locations/${place}/visits`, {
        headers: origin,
        data: { lat: -36.862, lng: 174.778, accuracy: 10 },
      });
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: userName, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Visits' })).toBeVisible();
      await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
      await page.screenshot({ path: save('profile'), fullPage: size.name === 'phone' });
    });

    test('the About page', async ({ page }) => {
      await acceptTerms(page);
      await page.goto('/AboutUs');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: save('about') });
    });
  });
}

registerEventsDealsModerationScreenshots();
