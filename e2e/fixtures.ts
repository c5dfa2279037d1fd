import { test as base, expect, type Page } from '@playwright/test';

/** A 1×1 light-green PNG: every map tile in tests, so nothing reaches the internet. */
export const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4+vUrAAWwAtYbU3BhAAAAAElFTkSuQmCC',
  'base64',
);

export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
      const url = route.request().url();
      if (/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(url)) {
        await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
      } else {
        await route.abort();
      }
    });
    await use(page);
  },
});

export { expect };

/** Marks the terms as accepted before the app loads. */
export async function acceptTerms(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('hasAcceptedToS_v1', 'true');
  });
}

/** Marks location as already decided (denied) so the permission dialog stays away. */
export async function skipLocationPrompt(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('locationPermissionDenied', 'true');
  });
}
