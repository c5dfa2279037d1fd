/**
 * Children's faces are blurred before any photo is published (issue 21). A parent adds a
 * photo with a face to their place: before anything is stored they see it as the server would
 * publish it (the face already blurred, "Faces are blurred automatically", "1 face blurred"),
 * tap a spot the detector did not blur (the astronaut's mission patch) to blur it too, and
 * publish. The stored photo has lost the fine detail of the face and of the tapped spot, while
 * a part away from both keeps it. Screenshots of the review at phone and desktop sizes.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { tappedBox, type BlurBox } from '@playspot/core';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { acceptTerms, expect, test } from './fixtures.ts';
import { PLACE_POSITION, signInOn } from './place-page-fixtures.ts';

/** A public-domain portrait (NASA), 512 × 512: see apps/server/test/fixtures/faces/SOURCE.md. */
const ASTRONAUT = path.join(
  import.meta.dirname,
  '..',
  'apps',
  'server',
  'test',
  'fixtures',
  'faces',
  'astronaut.jpg',
);
/** The astronaut's face (fractions of the picture), as SOURCE.md gives it. */
const FACE: BlurBox = { x: 181 / 512, y: 71 / 512, width: 84 / 512, height: 103 / 512 };
/** The middle of the mission patch on her chest: detailed, no face, far from the face. */
const PATCH = { x: 170 / 512, y: 385 / 512 };
/** The model space shuttle on the right: detail away from the face and the tapped box. */
const SHUTTLE: BlurBox = { x: 0.72, y: 0.16, width: 0.16, height: 0.34 };

const fresh = () => Math.random().toString(36).slice(2, 7);

/**
 * How much fine detail an area of a picture holds: the mean absolute Laplacian of its grey
 * levels. Blurring makes it fall far below the original's; an area left alone keeps it.
 */
async function detailIn(image: Buffer, area: BlurBox): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const left = Math.max(1, Math.round(area.x * info.width));
  const top = Math.max(1, Math.round(area.y * info.height));
  const right = Math.min(info.width - 1, Math.round((area.x + area.width) * info.width));
  const bottom = Math.min(info.height - 1, Math.round((area.y + area.height) * info.height));
  const at = (x: number, y: number) => data[y * info.width + x] ?? 0;
  let sum = 0;
  let count = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      sum += Math.abs(4 * at(x, y) - at(x - 1, y) - at(x + 1, y) - at(x, y - 1) - at(x, y + 1));
      count++;
    }
  }
  if (count === 0) throw new RangeError('The area holds no inner pixels');
  return sum / count;
}

/** The inner part of a box (a blurred area's edge blends with what is around it). */
const inner = (box: BlurBox, margin = 0.15): BlurBox => ({
  x: box.x + box.width * margin,
  y: box.y + box.height * margin,
  width: box.width * (1 - 2 * margin),
  height: box.height * (1 - 2 * margin),
});

/** The original photo at `width` px, to compare with what the server made of it. */
const originalAt = async (width: number) =>
  sharp(await readFile(ASTRONAUT))
    .resize(width)
    .png()
    .toBuffer();

async function widthOf(image: Buffer): Promise<number> {
  return (await sharp(image).metadata()).width;
}

/** Taps the review's picture at fractions of it. */
async function tapAt(frame: Locator, at: { x: number; y: number }): Promise<void> {
  const box = await frame.boundingBox();
  if (!box) throw new Error('The picture is not on screen');
  await frame.click({ position: { x: at.x * box.width, y: at.y * box.height } });
}

const screenshotPath = (name: string) =>
  process.env.UPDATE_SCREENSHOTS
    ? path.join('docs', 'screenshots', `${name}.png`)
    : test.info().outputPath(`${name}.png`);

async function openEditForm(page: Page, baseURL: string, run: string): Promise<string> {
  await acceptTerms(page);
  await signInOn(page.request, baseURL, `Eileen_${run}`);
  const response = await page.request.post('/api/locations', {
    headers: { origin: new URL(baseURL).origin },
    data: {
      ...PLACE_POSITION,
      name: `Space Camp Playground ${run}`,
      tags: ['Slides'],
      ageRanges: ['2-5', '5-12'],
      indoor: false,
      free: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = ((await response.json()) as { location: { id: string } }).location.id;
  await page.goto(`/locations/${id}/edit`);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  // The review's code and texts load while the form is open; offline they must be here
  // already. (Not 'networkidle': the live-updates stream keeps a request open.)
  await expect
    .poll(() =>
      page.evaluate(() => {
        const names = performance.getEntriesByType('resource').map((entry) => entry.name);
        const dialog = names.some((name) => /\/photo-review-dialog-[\w-]+\.js$/u.test(name));
        const texts = names.some(
          (name) => /\/photo-review-[\w-]+\.js$/u.test(name) && !name.includes('dialog'),
        );
        return dialog && texts;
      }),
    )
    .toBe(true);
  return id;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('a photo is shown blurred before it is shared, a tapped spot is blurred too, and the stored photo keeps both blurred', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const run = fresh();
  const id = await openEditForm(page, baseURL ?? '', run);

  const previewAnswer = page.waitForResponse(
    (response) => response.url().endsWith('/api/photos/preview') && response.request().method() === 'POST',
  );
  await page.locator('input[type="file"]').first().setInputFiles(ASTRONAUT);
  const review = page.getByRole('dialog', { name: 'Check your photo' });
  await expect(review).toBeVisible();
  await expect(review.getByText('Faces are blurred automatically')).toBeVisible();
  expect((await previewAnswer).status()).toBe(200);
  await expect(review.getByText('1 face blurred')).toBeVisible({ timeout: 20_000 });

  // The picture shown is the server's, with the face already blurred.
  const picture = review.getByRole('img', { name: 'Your photo as it will be shared, faces blurred' });
  const src = (await picture.getAttribute('src')) ?? '';
  expect(src).toMatch(/^data:image\/jpeg;base64,/);
  const preview = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
  const previewOriginal = await originalAt(await widthOf(preview));
  const faceBefore = await detailIn(previewOriginal, FACE);
  expect(await detailIn(preview, FACE)).toBeLessThan(faceBefore * 0.25);
  expect(await detailIn(preview, SHUTTLE)).toBeGreaterThan((await detailIn(previewOriginal, SHUTTLE)) * 0.6);

  // A tap on the patch blurs it at once.
  const frame = review.getByRole('button', { name: 'Tap a face to blur it' });
  await tapAt(frame, PATCH);
  await expect(review.getByText('1 blur added')).toBeVisible();
  await expect(review.locator('[data-blur-box]')).toHaveCount(1);
  // Nothing offers to take a blur away.
  await expect(review.getByRole('button', { name: /remove|undo|unblur/i })).toHaveCount(0);

  await page.waitForTimeout(300);
  await page.screenshot({ path: screenshotPath('face-blur-review-desktop') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: screenshotPath('face-blur-review-phone') });
  await page.setViewportSize({ width: 1440, height: 900 });

  await review.getByRole('button', { name: 'Use this photo' }).click();
  await expect(review).toBeHidden();
  // The thumbnail is the blurred preview, not the photo as picked.
  await expect(page.getByRole('img', { name: 'Photo 1 to upload' })).toHaveAttribute('src', src);

  const uploaded = page.waitForResponse(
    (response) =>
      /\/api\/locations\/[^/]+\/photos$/.test(response.url()) && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  const upload = await uploaded;
  expect(upload.status()).toBe(201);
  const sent = upload.request().postDataBuffer()?.toString('latin1') ?? '';
  // The tapped box went along, before the photo.
  expect(sent.indexOf('name="blurBoxes"')).toBeGreaterThan(-1);
  expect(sent.indexOf('name="blurBoxes"')).toBeLessThan(sent.indexOf('name="photo"'));
  expect(((await upload.json()) as { facesBlurred: number }).facesBlurred).toBe(1);
  await expect(page).toHaveURL(new RegExp(`/locations/${id}$`), { timeout: 20_000 });

  // The photo as stored: the face and the tapped spot blurred, the shuttle as it was.
  const place = (await (await page.request.get(`/api/locations/${id}`)).json()) as { imageUrls: string[] };
  expect(place.imageUrls).toHaveLength(1);
  const stored = await (await page.request.get(place.imageUrls[0] ?? '')).body();
  const original = await originalAt(await widthOf(stored));
  const tapped = inner(tappedBox(PATCH, 1));
  const [faceNow, faceThen, tappedNow, tappedThen, shuttleNow, shuttleThen] = await Promise.all([
    detailIn(stored, FACE),
    detailIn(original, FACE),
    detailIn(stored, tapped),
    detailIn(original, tapped),
    detailIn(stored, SHUTTLE),
    detailIn(original, SHUTTLE),
  ]);
  test.info().annotations.push({
    type: 'detail (mean |Laplacian|, stored vs original)',
    description: JSON.stringify({ faceNow, faceThen, tappedNow, tappedThen, shuttleNow, shuttleThen }),
  });
  expect(faceNow).toBeLessThan(faceThen * 0.25);
  expect(tappedNow).toBeLessThan(tappedThen * 0.25);
  expect(shuttleNow).toBeGreaterThan(shuttleThen * 0.6);
});

test('offline, the review shows the photo with word that faces are blurred when it is sent', async ({
  page,
  baseURL,
  context,
}) => {
  const run = fresh();
  await openEditForm(page, baseURL ?? '', run);
  await context.setOffline(true);
  await page.locator('input[type="file"]').first().setInputFiles(ASTRONAUT);
  const review = page.getByRole('dialog', { name: 'Check your photo' });
  await expect(
    review.getByText('You’re offline: faces will be blurred automatically when the photo is sent'),
  ).toBeVisible();
  await tapAt(review.getByRole('button', { name: 'Tap a face to blur it' }), { x: 0.43, y: 0.24 });
  await expect(review.getByText('1 blur added')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Use this photo' })).toBeEnabled();
  // Back online, the review asks the server after all.
  await context.setOffline(false);
  await expect(review.getByText('1 face blurred')).toBeVisible({ timeout: 20_000 });
  await expect(review.getByText('1 blur added')).toBeVisible();
});
