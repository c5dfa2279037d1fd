import type { Page } from '@playwright/test';
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';

test('the terms dialog greets a first visit, and Learn more accepts and opens About', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/MapView$/);
  const terms = page.getByRole('dialog', { name: 'Discover, Share & Explore' });
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Learn more' }).click();
  await expect(page).toHaveURL(/\/AboutUs$/);
  expect(await page.evaluate(() => localStorage.getItem('hasAcceptedToS_v1'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Discover, Share & Explore' })).toHaveCount(0);
});

test('the terms page itself shows no terms dialog', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Discover, Share & Explore' })).toHaveCount(0);
});

test.describe('on an iPhone browser', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('the first button is Get the App, pointing at the App Store listing', async ({ page }) => {
    await page.goto('/MapView');
    const terms = page.getByRole('dialog', { name: 'Discover, Share & Explore' });
    const getApp = terms.getByRole('link', { name: 'Get the App' });
    await expect(getApp).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
    await expect(terms.getByRole('button', { name: 'Explore PlaySpots' })).toHaveCount(0);
  });
});

test('location permission: Continue saves the denied flag and is not asked again', async ({ page }) => {
  await acceptTerms(page);
  await page.goto('/MapView');
  const dialog = page.getByRole('dialog', { name: 'Enable Location Services' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('locationPermissionDenied'))).toBe('true');
  await page.reload();
  // The list is drawn only once the page has settled where to look (and so whether to ask):
  // a positive signal before checking that the dialog stays away.
  await expect(page.getByText('Auckland Domain Playground').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Enable Location Services' })).toHaveCount(0);
});

/** Opens the map with location granted and checks it centres on the person, even after a banner. */
async function expectCentredOnPerson(page: Page) {
  await expect(page.getByText('Auckland Domain Playground').first()).toBeVisible();
  // Leaflet draws circles as SVG paths: the accuracy circle and the position dot.
  const accuracy = page.locator('path.playspot-accuracy');
  const me = page.locator('path.playspot-me');
  await expect(accuracy).toHaveCount(1);
  await expect(me).toBeVisible();
  // The map is centred on the person: the dot ends up in the middle of the map (measured
  // until the map's fly-to animation has settled, which takes longer on a busy machine).
  // The map's box is measured with the dot each time: banners that settle late may resize it.
  const mapBox = page.locator('.leaflet-container');
  const dotOffCentre = async () => {
    const [dot, map] = await Promise.all([me.boundingBox(), mapBox.boundingBox()]);
    if (!dot || !map) return Number.POSITIVE_INFINITY;
    return Math.max(
      Math.abs(dot.x + dot.width / 2 - (map.x + map.width / 2)),
      Math.abs(dot.y + dot.height / 2 - (map.y + map.height / 2)),
    );
  };
  await expect.poll(dotOffCentre).toBeLessThan(40);
  const settled = await dotOffCentre();
  // Going offline adds a banner that makes the map shorter: the person stays in the middle.
  const heightOnline = (await mapBox.boundingBox())?.height ?? 0;
  await page.context().setOffline(true);
  await expect.poll(async () => (await mapBox.boundingBox())?.height ?? 0).toBeLessThan(heightOnline - 20);
  await expect.poll(dotOffCentre).toBeLessThan(settled + 3);
  await page.context().setOffline(false);
  // 50 m at this zoom is a few pixels to a few dozen: larger than the 8 px dot, far smaller than the map.
  const [circle, map] = await Promise.all([accuracy.boundingBox(), mapBox.boundingBox()]);
  if (!map) throw new Error('map not drawn');
  expect(circle?.width ?? 0).toBeLessThan(map.width / 4);
}

test.describe('with location granted', () => {
  test.use({ geolocation: { latitude: -36.8597, longitude: 174.7752 }, permissions: ['geolocation'] });

  test('the map centres on the person with a 50 m accuracy circle and lists nearby places', async ({
    page,
  }) => {
    await acceptTerms(page);
    await page.goto('/MapView');
    await expectCentredOnPerson(page);
  });

  test('the map centres on the person when the position comes before the map has loaded', async ({
    page,
  }) => {
    // On a slow network the map's code can arrive after the first position reading.
    await page.route('**/assets/play-map-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await acceptTerms(page);
    await page.goto('/MapView');
    await expectCentredOnPerson(page);
  });
});

test('screen views reach the server', async ({ page }) => {
  await acceptTerms(page);
  await skipLocationPrompt(page);
  const screenViews: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics')) {
      const batch = JSON.parse(request.postData() ?? '{}') as {
        events?: { name: string; params?: { screen_name?: string } }[];
      };
      for (const event of batch.events ?? []) {
        if (event.name === 'screen_view' && event.params?.screen_name)
          screenViews.push(event.params.screen_name);
      }
    }
  });
  const accepted = page.waitForResponse(
    (response) => response.url().endsWith('/api/analytics') && response.status() === 202,
  );
  await page.goto('/MapView');
  await page.getByRole('link', { name: /about/i }).first().click();
  await expect(page).toHaveURL(/\/AboutUs$/);
  await page.evaluate(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  expect((await accepted).status()).toBe(202);
  await expect.poll(() => screenViews).toEqual(expect.arrayContaining(['MapView', 'AboutUs']));
});

test('a person can sign in with the development sign-in', async ({ page }) => {
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.goto('/MapView');
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').first().fill('E2E_Parent');
  await dialog
    .getByRole('button', { name: /sign in|continue/i })
    .last()
    .click();
  await expect(page.getByText('E2E_Parent').first()).toBeVisible();
});

test.describe('filters', () => {
  test.use({ geolocation: { latitude: -36.8597, longitude: 174.7752 }, permissions: ['geolocation'] });

  test('change the results and the badge, and survive a reload without the radius', async ({ page }) => {
    await acceptTerms(page);
    await page.goto('/MapView');
    await expect(page.getByText('Auckland Domain Playground').first()).toBeVisible();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('radio', { name: 'Indoor', exact: true }).check();
    await dialog.getByRole('radio', { name: '5 km', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
    await expect(page.getByText('Newmarket Indoor Play Centre').first()).toBeVisible();
    await expect(page.getByText('Auckland Domain Playground')).toHaveCount(0);

    const stored = await page.evaluate(() => localStorage.getItem('locationFilters'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ indoor: true });
    expect(stored).not.toContain('radius');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
  });
});

test('an error in a page shows the error page with its details', async ({ page }) => {
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.goto('/dev/crash');
  await expect(page.getByText('Something went wrong.')).toBeVisible();
  await expect(page.locator('details')).toHaveCount(1);
});
