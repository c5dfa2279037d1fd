/**
 * Broken equipment reaches the people who fix it (issue 48), on phones (390×844): a parent
 * at a council's playground reports a broken swing, a second parent confirms it, the council
 * gets it — by e-mail (a real SMTP server receives one message with the place and the photo
 * link) or through its Open311 GeoReport v2 server (a real HTTP server gets the request, its
 * id shows on the maintainer's page, and its "closed" status fixes it) — and the first
 * parent then sees "Fixed" on the place.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  GEOREPORT_TEST_API_KEY,
  startGeoReportServer,
  type TestGeoReportServer,
} from '../apps/server/test/georeport-test-server.ts';
import { squareAround } from '../apps/server/test/maintenance-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-test-server.ts';
import { expect, newPageOffTheInternet, test } from './fixtures.ts';
import {
  addPlace,
  addPlacePhoto,
  playgroundJpegWithGps,
  signInOn,
  signInParent,
} from './place-page-fixtures.ts';
import { startRoleServer, type RoleServer } from './support/role-server.ts';

/** Two corners of Christchurch no demo place is near, each in a council area of its own. */
const MAIL_PARK = { latitude: -43.5321, longitude: 172.6362 };
const OPEN311_PARK = { latitude: -43.6321, longitude: 172.6362 };

/** An area's outline around a park. */
const square = (centre: { latitude: number; longitude: number }) =>
  squareAround({ lat: centre.latitude, lng: centre.longitude });

/** Always taken (the flow is checked too); docs/screenshots is replaced only on demand. */
const save = (name: string) =>
  process.env.UPDATE_SCREENSHOTS
    ? path.join('docs', 'screenshots', `${name}-phone.png`)
    : test.info().outputPath(`${name}-phone.png`);

let server: RoleServer;
let smtp: TestSmtpServer;
let georeport: TestGeoReportServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtpServer();
  georeport = await startGeoReportServer();
  server = await startRoleServer(
    [
      { userName: 'council_admin', role: 'admin' },
      { userName: 'park_keeper', role: 'basic' },
    ],
    {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'PlaySpot <noreply@playspot.test>',
        DELIVERY_RETRY_SECONDS: '1',
        OPEN311_POLL_SECONDS: '1',
      },
    },
  );
  const admin = await signInParent(server.baseURL, 'council_admin');
  for (const area of [
    { name: 'Christchurch City Council, Parks', email: 'parks@ccc.test', boundary: square(MAIL_PARK) },
    {
      name: 'Open311 District Council',
      open311: { endpoint: georeport.endpoint, serviceCode: 'playground', apiKey: GEOREPORT_TEST_API_KEY },
      boundary: square(OPEN311_PARK),
    },
  ]) {
    const added = await admin.api.post('/api/admin/areas', { data: area });
    if (added.status() !== 201) throw new Error(`area: ${added.status()} ${await added.text()}`);
    const { id } = (await added.json()) as { id: string };
    const keeper = await admin.api.post(`/api/admin/areas/${id}/maintainers`, {
      data: { userName: 'park_keeper' },
    });
    if (!keeper.ok()) throw new Error(`maintainer: ${keeper.status()} ${await keeper.text()}`);
  }
  await admin.api.dispose();
});

test.afterAll(async () => {
  await server.stop();
  await smtp.close();
  await georeport.close();
});

/** A phone at `where`, signed in as `userName`, kept off the internet. */
async function phoneAt(browser: Browser, where: { latitude: number; longitude: number }, userName: string) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    serviceWorkers: 'block',
    geolocation: { latitude: where.latitude + 0.0002, longitude: where.longitude, accuracy: 12 },
    permissions: ['geolocation'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await newPageOffTheInternet(context);
  await signInOn(page.request, server.baseURL, userName);
  return page;
}

/** The first parent reports the swing broken on the place's page; the second confirms it. */
async function reportAndConfirm(
  browser: Browser,
  placeId: string,
  where: typeof MAIL_PARK,
  suffix: string,
  beforeConfirm: () => Promise<void> = () => Promise.resolve(),
) {
  const first = await phoneAt(browser, where, `first_parent_${suffix}`);
  await first.goto(`/locations/${placeId}`);
  const rightNow = first.getByTestId('live-conditions');
  await rightNow.getByRole('button', { name: 'How is it right now?' }).click();
  const sheet = first.getByRole('dialog', { name: 'How is it right now?' });
  await sheet.getByRole('button', { name: 'Something broken' }).click();
  await first.getByRole('dialog', { name: 'What is broken?' }).getByRole('button', { name: 'swing' }).click();
  await expect(rightNow.getByTestId('live-condition').getByText('Broken: swing')).toBeVisible();

  const second = await phoneAt(browser, where, `second_parent_${suffix}`);
  await beforeConfirm();
  await second.goto(`/locations/${placeId}`);
  await second.getByRole('button', { name: 'Broken: swing: still true' }).click();
  await expect(second.getByText('just now · 2 parents')).toBeVisible();
  return { first, second };
}

async function expectFixedFor(page: Page, placeId: string, areaName: string): Promise<void> {
  await expect(async () => {
    await page.goto(`/locations/${placeId}`);
    await expect(page.getByTestId('place-maintenance').getByText(/^Fixed on .+ \(swing\)$/u)).toContainText(
      areaName,
      { timeout: 2000 },
    );
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('live-conditions').getByText('Broken: swing')).toHaveCount(0);
}

test('by e-mail: reported, confirmed, one e-mail with the place and the photo, fixed, the parent sees it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const creator = await signInParent(server.baseURL, 'mail_creator');
  const placeId = await addPlace(creator, { name: 'Hagley Swings', tags: ['Swings'], ...MAIL_PARK });
  await creator.api.dispose();
  // The second parent photographs the swing (through the API the app's photo upload uses).
  const { first } = await reportAndConfirm(browser, placeId, MAIL_PARK, 'mail', async () => {
    const photographer = await signInParent(server.baseURL, 'second_parent_mail');
    await addPlacePhoto(photographer, placeId, await playgroundJpegWithGps());
    await photographer.api.dispose();
  });
  await expect(first.getByTestId('place-maintenance')).toContainText(
    'Looked after by Christchurch City Council, Parks',
  );

  const [mail] = await smtp.waitForAccepted(1, 30_000);
  expect(mail?.subject).toBe('Broken swing at Hagley Swings (PlaySpot)');
  expect(mail?.text).toContain('Place: Hagley Swings');
  expect(mail?.text).toMatch(
    new RegExp(`${server.baseURL.replaceAll('.', '\\.')}/api/files/locations/\\S+\\.webp`, 'u'),
  );
  expect(mail?.text).not.toMatch(/first_parent_mail|second_parent_mail/u);

  const keeper = await phoneAt(browser, MAIL_PARK, 'park_keeper');
  const defect = keeper.getByTestId('defect').filter({ hasText: 'Hagley Swings' });
  await expect(async () => {
    await keeper.goto('/maintenance');
    await expect(defect.getByText('Sent to you')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(defect.getByRole('img', { name: 'Photo of the broken swing at Hagley Swings' })).toBeVisible();
  await keeper.screenshot({ path: save('maintenance'), animations: 'disabled' });
  await defect.getByRole('button', { name: 'Fixed: the swing at Hagley Swings' }).click();
  await expect(keeper.getByText('Marked fixed.', { exact: false })).toBeVisible();

  await expectFixedFor(first, placeId, 'Christchurch City Council, Parks');
  await first.getByTestId('place-maintenance').scrollIntoViewIfNeeded();
  await first.screenshot({ path: save('fixed'), animations: 'disabled' });
  await first.goto('/profile');
  await expect(first.getByRole('region', { name: 'Fixed after your reports' })).toContainText(
    'Hagley Swings',
  );
  expect(smtp.accepted).toHaveLength(1);
});

test('by Open311: the GeoReport v2 server gets the request, its id shows, its closed status fixes it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const creator = await signInParent(server.baseURL, 'open311_creator');
  const placeId = await addPlace(creator, { name: 'Halswell Swings', tags: ['Swings'], ...OPEN311_PARK });
  await creator.api.dispose();
  const { first } = await reportAndConfirm(browser, placeId, OPEN311_PARK, 'open311');

  await expect.poll(() => georeport.filed.length, { timeout: 30_000 }).toBe(1);
  const [filed] = georeport.filed;
  expect(filed?.fields).toMatchObject({ service_code: 'playground' });
  expect(filed?.fields.description).toContain('Halswell Swings');

  const keeper = await phoneAt(browser, OPEN311_PARK, 'park_keeper');
  await expect(async () => {
    await keeper.goto('/maintenance');
    await expect(keeper.getByText(`Open311 request ${filed?.id ?? ''}`)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });

  georeport.closeRequest(filed?.id ?? '');
  await expectFixedFor(first, placeId, 'Open311 District Council');
});
