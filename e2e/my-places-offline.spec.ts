/**
 * My places at the park gate (issue 18): a parent who looked at their saved places with a
 * signal finds them again offline, and can open one of them.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addPlace, signInParent } from './place-page-fixtures.ts';

// The other browser tests keep service workers out of the way; here they are the point.
test.use({ serviceWorkers: 'allow' });

const OFFLINE_BANNER = 'You’re offline — showing what this device saved';
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

async function prepare(context: BrowserContext, page: Page, userName: string): Promise<void> {
  // Map tiles and anything else off this machine: not needed for the list.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await context.addInitScript(() => {
    localStorage.setItem('hasAcceptedToS_v1', 'true');
    localStorage.setItem('locationPermissionDenied', 'true');
  });
  const response = await page.request.post('/api/auth/development/sign-in', { data: { userName } });
  expect(response.ok()).toBe(true);
}

test('My places opens offline with the places saved, and a saved place opens from it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const creator = await signInParent(baseURL ?? '', unique('Gate_Creator_'));
  const name = `Offline Saved Slide ${unique('')}`;
  const id = await addPlace(creator, { name, tags: ['Slide'] });
  await creator.api.dispose();

  await prepare(context, page, unique('Gate_Saver_'));
  await page.setViewportSize({ width: 390, height: 844 });

  // Online: the parent saves the place from its page (the service worker takes charge meanwhile),
  // then looks at My places.
  await page.goto(`/locations/${id}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await page.getByRole('button', { name: 'Save to My places' }).click();
  await expect(page.getByRole('button', { name: 'Saved to My places' })).toBeVisible();
  await page.goto('/profile/places');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The signal goes: My places still lists the place, and it opens.
  await context.setOffline(true);
  await page.goto('/profile/places');
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await context.setOffline(false);
});
