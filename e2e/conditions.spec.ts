/**
 * Live conditions (issue 19): parent A, at a place, reports "wet" on its page; parent B, in
 * another browser at the same place, sees "Wet or muddy · just now · 1 parent" on the map's
 * card and confirms it; after the lifetime (B's clock moved on 13 hours) it is gone. Phone
 * and desktop screenshots of the report sheet and the place's "Right now".
 */
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, newPageOffTheInternet, test } from './fixtures.ts';
import { addPlace, signInOn, signInParent } from './place-page-fixtures.ts';

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;
/** A corner of Christchurch no demo place is near: the place is the list's first. */
const PARK = { latitude: -43.5321, longitude: 172.6362 };
const AT_THE_PARK = { latitude: PARK.latitude + 0.0002, longitude: PARK.longitude, accuracy: 12 };

/** A browser at the park, kept off the internet (map tiles from the stub). */
async function parentAtThePark(context: BrowserContext, base: string, name: string): Promise<Page> {
  const page = await newPageOffTheInternet(context);
  await signInOn(page.request, base, unique(name));
  return page;
}

const contextAtThePark = (browser: import('@playwright/test').Browser, base: string, phone = false) =>
  browser.newContext({
    baseURL: base,
    serviceWorkers: 'block',
    geolocation: AT_THE_PARK,
    permissions: ['geolocation'],
    ...(phone
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
      : {}),
  });

test('a parent reports wet, another sees it on the card and confirms it, and it ends on time', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const creator = await signInParent(base, unique('Cond_Creator_'));
  const id = await addPlace(creator, { name: 'Puddle Park', tags: ['Swings'], ...PARK });
  await creator.api.dispose();

  // Parent A, at the park, on its page.
  const contextA = await contextAtThePark(browser, base);
  const pageA = await parentAtThePark(contextA, base, 'Cond_A_');
  await pageA.goto(`/locations/${id}`);
  const rightNowA = pageA.getByTestId('live-conditions');
  await expect(rightNowA.getByText('Nothing reported in the last hours.', { exact: false })).toBeVisible();
  await rightNowA.getByRole('button', { name: 'How is it right now?' }).click();
  const sheet = pageA.getByRole('dialog', { name: 'How is it right now?' });
  await sheet.getByRole('button', { name: 'Wet or muddy' }).click();
  await expect(sheet).toHaveCount(0);
  const wetA = rightNowA.getByTestId('live-condition');
  await expect(wetA.getByText('Wet or muddy')).toBeVisible();
  await expect(wetA.getByText('just now · 1 parent')).toBeVisible();
  await expect(wetA.getByRole('button', { name: 'Wet or muddy: still true' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Parent B, in another browser at the park, with a clock that can be moved on.
  const contextB = await contextAtThePark(browser, base);
  const pageB = await parentAtThePark(contextB, base, 'Cond_B_');
  await pageB.clock.install({ time: new Date() });
  await pageB.goto(`/MapView?lat=${PARK.latitude}&lng=${PARK.longitude}`);
  const row = pageB.getByRole('button', { name: /Puddle Park/ }).first();
  await expect(row.getByText('Wet or muddy · just now · 1 parent')).toBeVisible();
  await row.click();
  const card = pageB.getByRole('article', { name: 'Puddle Park' });
  await expect(card.getByTestId('live-condition').getByText('Wet or muddy')).toBeVisible();
  await expect(card.getByText('just now · 1 parent')).toBeVisible();
  await card.getByRole('button', { name: 'Wet or muddy: still true' }).click();
  await expect(card.getByText('just now · 2 parents')).toBeVisible();

  // A sees two parents now.
  await pageA.reload();
  await expect(wetA.getByText('just now · 2 parents')).toBeVisible();

  // Thirteen hours on (wet lasts twelve after the last confirmation), it is gone for B.
  await pageB.clock.fastForward('13:00:00');
  await expect(card.getByText('Wet or muddy')).toHaveCount(0);
  await expect(card.getByText('Nothing reported in the last hours.', { exact: false })).toBeVisible();
  await expect(row.getByText(/Wet or muddy/)).toHaveCount(0);
  await contextA.close();
  await contextB.close();
});

test('someone far from the place is told so, and nothing is reported', async ({ browser, baseURL }) => {
  const base = baseURL ?? '';
  const creator = await signInParent(base, unique('Cond_Creator2_'));
  const id = await addPlace(creator, {
    name: 'Faraway Park',
    tags: ['Slide'],
    ...PARK,
    latitude: PARK.latitude + 0.05,
  });
  await creator.api.dispose();
  const context = await contextAtThePark(browser, base);
  const page = await parentAtThePark(context, base, 'Cond_Far_');
  await page.goto(`/locations/${id}`);
  const rightNow = page.getByTestId('live-conditions');
  await rightNow.getByRole('button', { name: 'How is it right now?' }).click();
  await page
    .getByRole('dialog', { name: 'How is it right now?' })
    .getByRole('button', { name: 'Icy' })
    .click();
  await expect(
    // The visit the report rests on is what checks the position (issue 30).
    page.getByText(/You need to be at the place to log a visit — you are 5\.\d km away/),
  ).toBeVisible();
  await expect(rightNow.getByTestId('live-condition')).toHaveCount(0);
  await context.close();
});

for (const size of ['phone', 'desktop'] as const) {
  test(`screenshots of "Right now" and the report sheet (${size})`, async ({ browser, baseURL }) => {
    const base = baseURL ?? '';
    const creator = await signInParent(base, unique('Cond_Shots_'));
    const id = await addPlace(creator, { name: 'Riverside Playground', tags: ['Swings'], ...PARK });
    // Reports rest on a visit logged at the place in the last hour (issue 30).
    const visited = await creator.api.post(`/api/locations/${id}/visits`, {
      data: { lat: AT_THE_PARK.latitude, lng: AT_THE_PARK.longitude, accuracy: 10 },
    });
    if (!visited.ok()) throw new Error(`visit failed: ${visited.status()} ${await visited.text()}`);
    for (const kind of ['wet', 'busy']) {
      const reported = await creator.api.post(`/api/locations/${id}/conditions`, { data: { kind } });
      if (!reported.ok()) throw new Error(`report failed: ${reported.status()} ${await reported.text()}`);
    }
    await creator.api.dispose();
    const context =
      size === 'phone'
        ? await contextAtThePark(browser, base, true)
        : await browser.newContext({
            baseURL: base,
            serviceWorkers: 'block',
            geolocation: AT_THE_PARK,
            permissions: ['geolocation'],
            viewport: { width: 1440, height: 900 },
          });
    const page = await parentAtThePark(context, base, 'Cond_Viewer_');
    // Always taken (the flow is checked too); docs/screenshots is replaced only on demand.
    const save = (name: string) =>
      process.env.UPDATE_SCREENSHOTS
        ? path.join('docs', 'screenshots', `${name}-${size}.png`)
        : test.info().outputPath(`${name}-${size}.png`);
    await page.goto(`/locations/${id}`);
    const rightNow = page.getByTestId('live-conditions');
    await expect(rightNow.getByTestId('live-condition')).toHaveCount(2);
    await rightNow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: save('conditions-place') });
    await rightNow.getByRole('button', { name: 'How is it right now?' }).click();
    await expect(page.getByRole('dialog', { name: 'How is it right now?' })).toBeVisible();
    await page.screenshot({ path: save('conditions-report') });
    await page.keyboard.press('Escape');
    await page.goto(`/MapView?lat=${PARK.latitude}&lng=${PARK.longitude}`);
    await page
      .getByRole('button', { name: /Riverside Playground/ })
      .first()
      .click();
    await expect(
      page
        .getByRole('article', { name: 'Riverside Playground' })
        .getByText(/Wet or muddy/)
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: save('conditions-card') });
    await context.close();
  });
}
