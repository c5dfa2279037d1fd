/**
 * A parent shares a place: signs in, adds a play spot with two photos and three tags, finds
 * it on the map and in the search, sees the points on their profile, then edits it and the
 * tag votes start afresh. The add form and the profile have no serious accessibility issue.
 */
import path from 'node:path';
import { request, type Page } from '@playwright/test';
import sharp from 'sharp';
import { acceptTerms, expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { usePickedPhotos } from './support/photo-review.ts';

/** A suffix that keeps people and places apart when tests rerun against the same server. */
const fresh = () => Math.random().toString(36).slice(2, 7);
const PHOTOS = ['playground-slide.jpg', 'playground-swings.jpg'].map((name) =>
  path.join(import.meta.dirname, 'fixtures', name),
);
/** A few hundred metres from the demo places around the Auckland Domain. */
const HERE = { latitude: -36.8612, longitude: 174.7794 };

test.use({ geolocation: HERE, permissions: ['geolocation'] });

/** `opensItself`: pages that need a signed-in person open the sign-in dialog on arrival. */
async function signIn(page: Page, userName: string, { opensItself = false } = {}): Promise<void> {
  const dialog = page.getByRole('dialog');
  if (opensItself) await expect(dialog).toBeVisible();
  else await page.getByRole('button', { name: 'Sign in' }).first().click();
  await dialog.getByRole('textbox').first().fill(userName);
  await dialog
    .getByRole('button', { name: /sign in|continue/i })
    .last()
    .click();
  await expect(dialog).toBeHidden();
}

interface TagCounts {
  tagVotes: Record<string, { up: number; down: number }>;
  imageUrls: string[];
  tags: string[];
}

test('add a place with photos and tags, find it, see the points, edit it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const run = fresh();
  const placeName = `Sunny Hill Adventure Park ${run}`;
  await acceptTerms(page);
  await page.goto('/MapView');
  await signIn(page, `Sunny_${run}`);

  // The map's button opens the form.
  await page.getByRole('link', { name: 'Add a play spot' }).click();
  await expect(page).toHaveURL(/\/locations\/new$/);
  await expect(page.getByRole('heading', { name: 'Add a play spot', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing typed: the message sits beside the name, which gets the focus.
  await page.getByRole('button', { name: 'Add this place' }).click();
  await expect(page.getByText('Give the place a name.')).toBeVisible();
  await expect(page.getByLabel('Name of the place')).toBeFocused();

  await page.getByLabel('Name of the place').fill(placeName);
  await page.getByRole('button', { name: 'Swings', exact: true }).click();
  await page.getByRole('button', { name: 'Slides', exact: true }).click();
  await page.getByLabel('Another tag').fill('Flying fox');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Remove tag Flying fox' })).toBeVisible();
  await page.getByRole('group', { name: 'Good for ages' }).getByRole('button').nth(1).click();
  await page.getByText('Outdoor', { exact: true }).click();
  await page.getByText('Free', { exact: true }).click();
  await page.getByLabel('Website').fill('sunnyhill.example.nz');
  await page.getByLabel('Description').fill('A big wooden fort with two slides, swings and a flying fox.');
  await page.locator('input[type="file"]').setInputFiles(PHOTOS);
  await usePickedPhotos(page, 2);
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(2);

  const uploads: number[] = [];
  page.on('response', (response) => {
    if (/\/api\/locations\/[^/]+\/photos$/.test(response.url())) uploads.push(response.status());
  });
  await page.getByRole('button', { name: 'Add this place' }).click();

  // 100 for the place, 100 for the description, 100 for each photo: level 3.
  await expect(page).toHaveURL(/\/locations\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByText('Level up! You are now level 3')).toBeVisible();
  expect(uploads).toEqual([201, 201]);
  const locationId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByRole('heading', { name: placeName, level: 1 })).toBeVisible();

  const saved = (await (await page.request.get(`/api/locations/${locationId}`)).json()) as TagCounts;
  expect(saved.imageUrls).toHaveLength(2);
  expect(saved.tags).toEqual(['Swings', 'Slides', 'Flying fox']);

  // On the map (the list of places near the person) and in the search.
  await page.goto('/MapView');
  await expect(page.getByRole('list').getByText(placeName)).toBeVisible();
  await page.getByRole('combobox', { name: 'Search play spots by name' }).fill('sunny hill');
  const result = page.getByRole('option', { name: new RegExp(placeName) });
  await expect(result).toBeVisible();
  await result.click();
  await expect(page.getByRole('heading', { name: placeName })).toBeVisible();

  // The profile shows the points, the level and the place.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: `Sunny_${run}`, level: 1 })).toBeVisible();
  await expect(page.getByText('400 points', { exact: true })).toBeVisible();
  await expect(page.getByText('Level 3', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: /Places added/ }).getByRole('link', { name: placeName }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Someone else votes on the tags, so there is something to reset.
  const origin = new URL(baseURL ?? '').origin;
  const other = await request.newContext({ baseURL, extraHTTPHeaders: { origin } });
  expect(
    (await other.post('/api/auth/development/sign-in', { data: { userName: `Tag_Voter_${run}` } })).ok(),
  ).toBe(true);
  expect(
    (await other.put(`/api/locations/${locationId}/tag-votes`, { data: { tag: 'Swings', vote: 'up' } })).ok(),
  ).toBe(true);
  expect(
    (
      await other.put(`/api/locations/${locationId}/tag-votes`, { data: { tag: 'Slides', vote: 'down' } })
    ).ok(),
  ).toBe(true);
  await other.dispose();
  const voted = (await (await page.request.get(`/api/locations/${locationId}`)).json()) as TagCounts;
  expect(voted.tagVotes['Swings']).toEqual({ up: 2, down: 0 });
  await page.goto(`/locations/${locationId}`);
  await expect(page.getByRole('button', { name: 'Agree with “Swings”, 2 votes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disagree with “Slides”, 1 vote' })).toBeVisible();

  // Editing starts the tag votes afresh: one up vote each, from the editor.
  await page.goto(`/locations/${locationId}/edit`);
  await expect(page.getByLabel('Name of the place')).toHaveValue(placeName);
  await page
    .getByLabel('Description')
    .fill('A big wooden fort with two slides, swings, a flying fox and shade.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/locations/${locationId}$`));
  for (const tag of ['Swings', 'Slides', 'Flying fox']) {
    await expect(page.getByRole('button', { name: `Agree with “${tag}”, 1 vote` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Disagree with “${tag}”, 0 votes` })).toBeVisible();
  }
  const edited = (await (await page.request.get(`/api/locations/${locationId}`)).json()) as TagCounts;
  expect(edited.tagVotes).toEqual({
    Swings: { up: 1, down: 0 },
    Slides: { up: 1, down: 0 },
    'Flying fox': { up: 1, down: 0 },
  });
});

test('a large photo is downscaled to at most 1600 px in the browser before upload', async ({ page }) => {
  // A 3000×2000 phone-sized photo with detail, so it stays large as a JPEG.
  const big = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: { r: 90, g: 170, b: 80 } },
  })
    .composite([{ input: Buffer.from(noiseSvg(3000, 2000)), top: 0, left: 0 }])
    .jpeg({ quality: 92 })
    .toBuffer();
  const sent: { contentType: string; width: number; height: number }[] = [];
  await page.route(/\/api\/locations\/[^/]+\/photos$/, async (route) => {
    const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
    const start = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
    const end = body.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2;
    const header = body.subarray(0, start).toString('latin1');
    const meta = await sharp(body.subarray(start, end)).metadata();
    sent.push({
      contentType: /Content-Type: ([^\r\n]+)/u.exec(header)?.[1] ?? '',
      width: meta.width,
      height: meta.height,
    });
    await route.continue();
  });

  await acceptTerms(page);
  await page.goto('/locations/new');
  await signIn(page, `Big_Photo_${fresh()}`, { opensItself: true });
  await page.getByLabel('Name of the place').fill('Wide Meadow Playground');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: big });
  await usePickedPhotos(page);
  await page.getByRole('button', { name: 'Add this place' }).click();
  await expect(page).toHaveURL(/\/locations\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  expect(sent).toEqual([{ contentType: 'image/jpeg', width: 1600, height: 1067 }]);
});

/** Stripes of colour so the test photo compresses like a real one rather than to nothing. */
function noiseSvg(width: number, height: number): string {
  const stripes = Array.from({ length: 60 }, (_, i) => {
    const hue = (i * 47) % 360;
    return `<rect x="${(i * width) / 60}" y="${(i * 13) % height}" width="${width / 60}" height="${height / 2}" fill="hsl(${hue},70%,55%)"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${stripes}</svg>`;
}

test('a parent asks for their account to be deleted from the profile', async ({ page }) => {
  await acceptTerms(page);
  await page.goto('/profile');
  await signIn(page, `Leaving_${fresh()}`, { opensItself: true });
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Why are you leaving?').fill('We are moving overseas.');
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page.getByText('Your request is sent. Thank you for being part of PlaySpot.')).toBeVisible();
  const mine = (await (await page.request.get('/api/me/removal-requests')).json()) as {
    removalRequests: { type: string; status: string; reason: string }[];
  };
  expect(mine.removalRequests).toEqual([
    expect.objectContaining({ type: 'account', status: 'pending', reason: 'We are moving overseas.' }),
  ]);
});

test('someone signed out is asked to sign in before adding a place', async ({ page }) => {
  await acceptTerms(page);
  await page.goto('/locations/new');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Sign in to add a place')).toBeVisible();
});
