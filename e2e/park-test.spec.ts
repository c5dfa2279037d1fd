/**
 * The park test (issue 15): a parent on a phone (390×844) in Lübeck finds a playground, goes
 * there and shares it. First visit, Continue, allow; after a reload the map and list use the
 * position (the browser allows it, though Continue saved locationPermissionDenied); the same
 * place shows the same distance on the list, the card, its page, the search and /events; a
 * photo shared with a comment is in its gallery; Back closes the card before leaving the
 * map; a friend opening the shared link for the first time reaches the place in two taps;
 * the server's HTML names the place in og:title; a visit from far away is refused with a
 * message and one from the place is logged and shown; "Zoë" is a user name.
 */
import { destinationPoint, formatDistance } from '@playspot/core';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addPlace, playgroundJpegWithGps, signInParent } from './place-page-fixtures.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const PHONE = { width: 390, height: 844 } as const;

/** The parent, on a street in Lübeck; the playground 60 m to the north-east. */
const HERE = { lat: 53.87213, lng: 10.69481 };
const PLACE = destinationPoint(HERE, 45, 0.06);
const DISTANCE = `${formatDistance(0.06)} away`;
const AUCKLAND = { latitude: -36.848461, longitude: 174.763336 };

const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4+vUrAAWwAtYbU3BhAAAAAElFTkSuQmCC',
  'base64',
);

/** A phone in Lübeck that has never opened PlaySpot: nothing stored, location not yet allowed. */
async function newPhone(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    userAgent: IPHONE,
    hasTouch: true,
    timezoneId: 'Europe/Berlin',
    geolocation: { latitude: HERE.lat, longitude: HERE.lng, accuracy: 15 },
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
    if (/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(route.request().url())) {
      await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
    } else {
      await route.abort();
    }
  });
  return { context, page: await context.newPage() };
}

/** The place's row in the nearby list (its map marker has the same name). */
const listItem = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Play spots, nearest first' })
    .getByRole('button', { name: new RegExp(name) });

/** Today's English weekday in Lübeck. */
const berlinWeekday = () =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/Berlin' }).format(new Date());

/** A playground near HERE whose only photo came with a comment, with an event today. */
async function seedPlayground(baseURL: string, name: string): Promise<string> {
  const creator = await signInParent(baseURL, `Lena_${Date.now() % 100_000}`);
  const id = await addPlace(creator, {
    name,
    tags: ['Sandpit', 'Shade'],
    latitude: PLACE.lat,
    longitude: PLACE.lng,
    description: 'A sandpit under old lime trees, a wooden ship and a low slide for little ones.',
  });
  const commented = await creator.api.post(`/api/locations/${id}/comments`, {
    data: { text: 'The ship is perfect for two-year-olds. Bring a spade!' },
  });
  const commentId = ((await commented.json()) as { comment: { id: string } }).comment.id;
  const photo = await creator.api.post(`/api/locations/${id}/comments/${commentId}/photo`, {
    multipart: {
      photo: { name: 'ship.jpg', mimeType: 'image/jpeg', buffer: await playgroundJpegWithGps('morning') },
    },
  });
  expect(photo.status()).toBe(201);
  const event = await creator.api.post('/api/events', {
    data: {
      locationId: id,
      title: 'Sandpit meetup',
      dayOfWeek: berlinWeekday(),
      time: '23:30',
      repeatPattern: 'Week',
      isPublic: true,
    },
  });
  expect(event.status()).toBe(201);
  await creator.api.dispose();
  return id;
}

test('the park test: find, go and share on a phone', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? '';
  const name = `Schiffsspielplatz ${Date.now() % 100_000}`;
  const placeId = await seedPlayground(origin, name);
  const { context, page } = await newPhone(browser, origin);

  await test.step('first visit: Learn more, back to the map, Continue, allow', async () => {
    await page.goto('/MapView');
    const terms = page.getByRole('dialog', { name: 'Discover, Share & Explore' });
    await expect(terms.getByRole('link', { name: 'Get the App' })).toBeVisible();
    await terms.getByRole('button', { name: 'Learn more' }).click();
    await page.getByRole('link', { name: 'Continue to the map' }).click();
    const permission = page.getByRole('dialog', { name: 'Enable Location Services' });
    await expect(permission).toBeVisible();
    // The parent allows location when the browser asks.
    await context.grantPermissions(['geolocation']);
    await permission.getByRole('button', { name: 'Continue' }).click();
    await expect(listItem(page, name)).toContainText(DISTANCE);
  });

  await test.step('reload: the map and the list use the position, without asking again', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Play spots near you' })).toBeVisible();
    await expect(listItem(page, name)).toContainText(DISTANCE);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('locationPermissionDenied'))).toBe('true');
    await expect(page.locator('path.playspot-me')).toHaveCount(1);
  });

  await test.step('the card shows the same distance, and Back closes it before leaving the map', async () => {
    await listItem(page, name).click();
    const card = page.getByRole('article', { name });
    await expect(card).toContainText(DISTANCE);
    expect(new URL(page.url()).searchParams.get('place')).toBe(placeId);
    await page.goBack();
    await expect(card).toHaveCount(0);
    await expect(page).toHaveURL(/\/MapView$/u);
    await expect(listItem(page, name)).toBeVisible();
  });

  await test.step('search shows the same distance', async () => {
    await page.getByRole('combobox', { name: 'Search play spots by name' }).fill('Schiffsspielplatz');
    await expect(page.getByRole('option', { name: new RegExp(name) })).toContainText(formatDistance(0.06));
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await expect(page.getByRole('article', { name })).toContainText(DISTANCE);
  });

  await test.step('its page: the same distance, and the photo shared with a comment in the gallery', async () => {
    await page.getByRole('link', { name: 'See details' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByText(DISTANCE, { exact: true })).toBeVisible();
    await expect(page.getByText(/No photos yet/u)).toHaveCount(0);
    await page.getByRole('button', { name: new RegExp(`Open photo of ${name}`, 'iu') }).click();
    const viewer = page.getByRole('dialog', { name });
    await expect(viewer).toContainText('with a comment');
    await page.keyboard.press('Escape');
    // Back from the place's page finds its card open again.
    await page.goBack();
    await expect(page.getByRole('article', { name })).toBeVisible();
  });

  await test.step('/events shows the same distance', async () => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Events near you' })).toBeVisible();
    // This week's, whatever the hour: a place added by hand keeps its days in the default zone.
    await page.getByRole('button', { name: 'This week', exact: true }).click();
    await expect(page.getByRole('article', { name: 'Sandpit meetup' })).toContainText(DISTANCE);
  });

  await test.step('a visit from far away is refused with a message; one from the place is logged', async () => {
    await page.goto(`/locations/${placeId}`);
    await context.setGeolocation(AUCKLAND);
    await page.getByRole('button', { name: 'I was here' }).click();
    // Signing in on the way: "Zoë" is a user name.
    const signIn = page.getByRole('dialog');
    await signIn.getByLabel('Choose a user name').fill('Zoë');
    await signIn.getByRole('button', { name: 'Sign in with this name' }).click();
    await expect(signIn).toBeHidden();
    await page.getByRole('button', { name: 'I was here' }).click();
    await expect(
      page.getByText(/You need to be at the place to log a visit — you are 17 \d{3} km away\./u),
    ).toBeVisible();
    await expect(page.getByTestId('visit-summary')).toHaveText('No visits logged yet.');
    await context.setGeolocation({ latitude: PLACE.lat, longitude: PLACE.lng, accuracy: 12 });
    await page.getByRole('button', { name: 'I was here' }).click();
    await expect(page.getByText('Thanks! Your visit is logged.')).toBeVisible();
    await expect(page.getByTestId('visit-logged')).toHaveText('You were here today');
    await expect(page.getByTestId('visit-summary')).toContainText('1 visit');
    const me = await page.request.get('/api/me');
    expect(((await me.json()) as { userName: string }).userName).toBe('Zoë');
  });

  await test.step('a friend opens the shared link for the first time: two taps to the place', async () => {
    const friend = await newPhone(browser, origin);
    await friend.page.goto(`/locations/${placeId}`);
    const terms = friend.page.getByRole('dialog', { name: 'Discover, Share & Explore' });
    await terms.getByRole('button', { name: 'Learn more' }).click(); // tap 1
    await friend.page.getByRole('link', { name: `Continue to ${name}` }).click(); // tap 2
    await expect(friend.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(friend.page.getByRole('dialog')).toHaveCount(0);
    await friend.context.close();
  });

  await test.step("the server's HTML for the place names it in og:title", async () => {
    const html = await (await page.request.get(`/locations/${placeId}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${name}" />`);
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/files\/locations\//u,
    );
    expect(html).toContain('"@type":"Playground"');
  });

  await context.close();
});
