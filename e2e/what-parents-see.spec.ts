/**
 * What a parent sees is true (issue 32, points 3, 6 and 10), on a server of its own whose
 * clock starts at 14:30 in Auckland (02:30 in Berlin, already the same day there):
 * - "near you" means near: in Lübeck with the Free filter, no Auckland place in "nearest
 *   first"; without a position the list says it is centred on the map and lists nothing
 *   from the other side of the world;
 * - a visit to an Auckland place, seen from a browser in Berlin: "You were here today" and
 *   "last one today", never "yesterday";
 * - the edit form shows the place's photos, and deletes one.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openSession, placeId, type PersonSession } from './support/people.ts';
import { startRoleServer, type RoleServer } from './support/role-server.ts';

const CLOCK_START = new Date('2026-11-16T14:30:00+13:00');
const LUEBECK = { latitude: 53.8655, longitude: 10.6866 };
const AUCKLAND_DOMAIN = { latitude: -36.8597, longitude: 174.7752 };
const PHONE = { width: 390, height: 844 };

let server: RoleServer | undefined;
const baseURL = () => {
  if (!server) throw new Error('The server did not start');
  return server.baseURL;
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startRoleServer([{ userName: 'nina_near', role: 'basic' }], { clockStart: CLOCK_START });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The names of the places within `km` of a point, from the API. */
async function namesNear(session: PersonSession, at: { latitude: number; longitude: number }, km: number) {
  const response = await session.api.get(
    `/api/locations/summaries?lat=${at.latitude}&lng=${at.longitude}&radiusKm=${km}&limit=200`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { name: string }[] }).items.map((item) => item.name);
}

async function listedNames(session: PersonSession): Promise<string[]> {
  const rows = session.page.getByRole('list', { name: 'Play spots, nearest first' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  return rows.locator('.font-display').allInnerTexts();
}

test('near you means near: in Lübeck with the Free filter, nothing from Auckland', async ({ browser }) => {
  const nina = await openSession(browser, baseURL(), 'nina_near', { viewport: PHONE, position: LUEBECK });
  await nina.context.addInitScript(() => {
    localStorage.setItem('locationFilters', JSON.stringify({ free: true }));
  });
  const auckland = await namesNear(nina, AUCKLAND_DOMAIN, 100);
  expect(auckland.length).toBeGreaterThan(5);
  await nina.page.goto('/MapView');
  await expect(nina.page.locator('#results-title + p')).toContainText(/within 25 km · nearest first/u);
  const listed = await listedNames(nina);
  expect(listed.filter((name) => auckland.includes(name))).toEqual([]);
  await nina.context.close();
});

test('without a position, the list says it is centred on the map and stays near it', async ({ browser }) => {
  const nina = await openSession(browser, baseURL(), 'nina_near', { viewport: PHONE });
  const luebeck = await namesNear(nina, LUEBECK, 100);
  expect(luebeck.length).toBeGreaterThan(50);
  await nina.page.goto('/MapView');
  await expect(nina.page.locator('#results-title + p')).toContainText(/within 25 km of the map’s centre/u);
  const listed = await listedNames(nina);
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.filter((name) => luebeck.includes(name))).toEqual([]);
  await nina.context.close();
});

test('a visit to an Auckland place, read in Berlin: today on every line', async ({ browser }) => {
  const nina = await openSession(browser, baseURL(), 'nina_near', {
    position: AUCKLAND_DOMAIN,
    timezoneId: 'Europe/Berlin',
    clockAt: CLOCK_START,
  });
  const id = await placeId(nina, 'Auckland Domain Playground');
  await nina.page.goto(`/locations/${id}`);
  await nina.page.getByRole('button', { name: 'I was here' }).click();
  await expect(nina.page.getByTestId('visit-logged')).toHaveText('You were here today');
  await expect(nina.page.getByTestId('visit-summary')).toContainText('last one today');
  // And after a reload, from what the server says.
  await nina.page.reload();
  await expect(nina.page.getByTestId('visit-logged')).toHaveText('You were here today');
  await expect(nina.page.getByTestId('visit-summary')).toContainText('last one today');
  await expect(nina.page.getByTestId('visit-summary')).not.toContainText('yesterday');
  await nina.context.close();
});

test('the edit form shows the place’s photos and deletes one', async ({ browser }) => {
  const nina = await openSession(browser, baseURL(), 'nina_near', { viewport: PHONE });
  const added = await nina.api.post('/api/locations', {
    name: 'Photo Edit Park',
    latitude: -36.85,
    longitude: 174.76,
    tags: ['swings'],
    ageRanges: [],
  });
  expect(added.status()).toBe(201);
  const id = ((await added.json()) as { location: { id: string } }).location.id;
  const photo = await nina.context.request.post(`/api/locations/${id}/photos`, {
    headers: { origin: baseURL() },
    multipart: {
      photo: {
        name: 'slide.jpg',
        mimeType: 'image/jpeg',
        buffer: readFileSync(new URL('./fixtures/playground-slide.jpg', import.meta.url)),
      },
    },
  });
  expect(photo.status(), await photo.text()).toBe(201);

  await nina.page.goto(`/locations/${id}/edit`);
  const shared = nina.page.getByRole('region', { name: 'Photo already shared' });
  await expect(shared.getByRole('img', { name: 'Photo 1 of Photo Edit Park' })).toBeVisible();
  await nina.page.screenshot({ path: test.info().outputPath('edit-photos-phone.png'), fullPage: true });
  await shared.getByRole('button', { name: 'Delete photo 1' }).click();
  await shared.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(nina.page.getByText('Photo deleted.')).toBeVisible();
  await expect(shared).toBeHidden();
  const place = (await (await nina.api.get(`/api/locations/${id}`)).json()) as { imageUrls: string[] };
  expect(place.imageUrls).toEqual([]);
  await nina.context.close();
});
