/**
 * The place page as parents use it: one parent adds a place (through the API), a second
 * one opens its shareable URL and votes, tag-votes, comments with a photo, logs a visit and
 * asks for its removal. Each step checks what the person sees.
 */
import type { Page } from '@playwright/test';
import exifr from 'exifr';
import sharp from 'sharp';
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';
import {
  addPlace,
  addPlacePhoto,
  playgroundJpegWithGps,
  signInOn,
  signInParent,
  PLACE_POSITION,
} from './place-page-fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { dismissToasts } from './support/toasts.ts';
import { usePickedPhotos } from './support/photo-review.ts';

let counter = 0;
/** Names unique per run: the database lives as long as the server, across tests. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;

async function newPlace(baseURL: string, name = 'Harbour View Playground'): Promise<string> {
  const creator = await signInParent(baseURL, unique('Creator_'));
  const id = await addPlace(creator, {
    name,
    // Shade, toilets and fenced state facts (issue 32); the other two stay tags to vote on.
    tags: ['Shade', 'Toilets', 'Fenced', 'Picnic tables', 'Bike racks'],
    description: 'Big wooden fort, a flying fox and a fenced toddler corner.',
    officialWebsite: 'https://www.example.org/harbour-view',
  });
  await addPlacePhoto(creator, id, await playgroundJpegWithGps());
  await creator.api.dispose();
  return id;
}

async function openAs(page: Page, baseURL: string, userName: string | null, locationId: string) {
  await acceptTerms(page);
  await skipLocationPrompt(page);
  if (userName !== null) await signInOn(page.request, baseURL, userName);
  await page.goto(`/locations/${locationId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const thumb = (page: Page, side: 'up' | 'down') =>
  page
    .getByRole('group', { name: 'Good for kids?' })
    .getByRole('button', { name: side === 'up' ? /^Thumbs up/ : /^Thumbs down/ });

const tagButton = (page: Page, tag: string, side: 'Agree' | 'Disagree') =>
  page.getByRole('button', { name: new RegExp(`^${side} with “${tag}”`) });

test.describe('the place page', () => {
  test('shows the place: photo with its sharer, badges, facts, directions and website', async ({
    page,
    baseURL,
  }) => {
    const id = await newPlace(baseURL ?? '');
    await openAs(page, baseURL ?? '', null, id);
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour View Playground' })).toBeVisible();
    await expect(page.getByText('Big wooden fort, a flying fox')).toBeVisible();
    await expect(page.getByRole('list', { name: 'About this place', exact: true })).toContainText('Outdoor');
    await expect(page.getByRole('list', { name: 'About this place', exact: true })).toContainText('Free');
    // Where it is, in words, from the nearest named place (the demo places around the Domain).
    await expect(page.getByTestId('where-it-is')).toContainText(
      /^(Next to |[\d.\s]+k?m (north|south|east|west)[a-z-]* of )/u,
    );
    await expect(page.getByRole('link', { name: /Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=-36.8601,174.7765',
    );
    await expect(page.getByRole('link', { name: /example\.org/ })).toHaveAttribute(
      'href',
      'https://www.example.org/harbour-view',
    );
    await expect(page.getByTestId('visit-summary')).toHaveText('No visits logged yet.');

    await page.getByRole('button', { name: /full size/ }).click();
    const viewer = page.getByTestId('photo-viewer');
    await expect(viewer.getByRole('img', { name: 'Photo of Harbour View Playground' })).toBeVisible();
    await expect(viewer).toContainText(/Shared by Creator_/);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test('a signed-out parent gets the sign-in dialog when voting', async ({ page, baseURL }) => {
    const id = await newPlace(baseURL ?? '');
    await openAs(page, baseURL ?? '', null, id);
    await thumb(page, 'up').click();
    await expect(page.getByRole('dialog')).toContainText(/sign in/i);
    await page.keyboard.press('Escape');
    await expect(thumb(page, 'up')).toHaveAttribute('aria-pressed', 'false');
    await expect(thumb(page, 'up')).toHaveAccessibleName('Thumbs up, 0 votes');
    await page.getByRole('button', { name: 'Sign in to comment' }).click();
    await expect(page.getByRole('dialog')).toContainText(/sign in/i);
  });

  test('votes on the place: first vote, repeat does nothing, switch moves the count', async ({
    page,
    baseURL,
  }) => {
    const id = await newPlace(baseURL ?? '');
    await openAs(page, baseURL ?? '', unique('Voter_'), id);

    await thumb(page, 'up').click();
    await expect(thumb(page, 'up')).toHaveAttribute('aria-pressed', 'true');
    await expect(thumb(page, 'up')).toHaveAccessibleName('Thumbs up, 1 vote');

    await thumb(page, 'up').click();
    await expect(thumb(page, 'up')).toHaveAccessibleName('Thumbs up, 1 vote');
    await expect(thumb(page, 'up')).toHaveAttribute('aria-pressed', 'true');

    await thumb(page, 'down').click();
    await expect(thumb(page, 'down')).toHaveAttribute('aria-pressed', 'true');
    await expect(thumb(page, 'down')).toHaveAccessibleName('Thumbs down, 1 vote');
    await expect(thumb(page, 'up')).toHaveAccessibleName('Thumbs up, 0 votes');
    await expect(thumb(page, 'up')).toHaveAttribute('aria-pressed', 'false');

    await page.reload();
    await expect(thumb(page, 'down')).toHaveAttribute('aria-pressed', 'true');
    await expect(thumb(page, 'down')).toHaveAccessibleName('Thumbs down, 1 vote');
  });

  test('votes on tags: first vote, repeat withdraws, a different vote replaces', async ({
    page,
    baseURL,
  }) => {
    const id = await newPlace(baseURL ?? '');
    await openAs(page, baseURL ?? '', unique('Tagger_'), id);
    // Each tag starts with the creator's up vote.
    await expect(tagButton(page, 'Picnic tables', 'Agree')).toHaveAccessibleName(
      'Agree with “Picnic tables”, 1 vote',
    );

    await tagButton(page, 'Picnic tables', 'Agree').click();
    await expect(tagButton(page, 'Picnic tables', 'Agree')).toHaveAccessibleName(
      'Agree with “Picnic tables”, 2 votes',
    );
    await expect(tagButton(page, 'Picnic tables', 'Agree')).toHaveAttribute('aria-pressed', 'true');

    await tagButton(page, 'Picnic tables', 'Agree').click();
    await expect(tagButton(page, 'Picnic tables', 'Agree')).toHaveAccessibleName(
      'Agree with “Picnic tables”, 1 vote',
    );
    await expect(tagButton(page, 'Picnic tables', 'Agree')).toHaveAttribute('aria-pressed', 'false');

    await tagButton(page, 'Picnic tables', 'Disagree').click();
    await expect(tagButton(page, 'Picnic tables', 'Disagree')).toHaveAccessibleName(
      'Disagree with “Picnic tables”, 1 vote',
    );
    await expect(tagButton(page, 'Picnic tables', 'Disagree')).toHaveAttribute('aria-pressed', 'true');

    await tagButton(page, 'Picnic tables', 'Agree').click();
    await expect(tagButton(page, 'Picnic tables', 'Agree')).toHaveAccessibleName(
      'Agree with “Picnic tables”, 2 votes',
    );
    await expect(tagButton(page, 'Picnic tables', 'Disagree')).toHaveAccessibleName(
      'Disagree with “Picnic tables”, 0 votes',
    );
    await expect(tagButton(page, 'Picnic tables', 'Disagree')).toHaveAttribute('aria-pressed', 'false');

    await tagButton(page, 'Bike racks', 'Disagree').click();
    await expect(tagButton(page, 'Bike racks', 'Disagree')).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(tagButton(page, 'Picnic tables', 'Agree')).toHaveAttribute('aria-pressed', 'true');
    await expect(tagButton(page, 'Picnic tables', 'Agree')).toHaveAccessibleName(
      'Agree with “Picnic tables”, 2 votes',
    );
    await expect(tagButton(page, 'Bike racks', 'Disagree')).toHaveAccessibleName(
      'Disagree with “Bike racks”, 1 vote',
    );
  });

  test('comments with a photo (served without GPS), edits it, logs a visit, requests removal', async ({
    page,
    baseURL,
  }) => {
    // A whole visit's worth of steps, on a shared 2-core machine.
    test.setTimeout(90_000);
    const id = await newPlace(baseURL ?? '');
    const visitor = unique('Visitor_');
    await openAs(page, baseURL ?? '', visitor, id);

    // Comment with a photo that carries GPS EXIF.
    const jpeg = await playgroundJpegWithGps('afternoon');
    expect((await exifr.gps(jpeg)).latitude).toBeLessThan(0);
    await page.getByLabel('Share a tip with other parents').fill('Lovely shade in the afternoon.');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'swings.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await usePickedPhotos(page);
    await expect(page.getByText('swings.jpg')).toBeVisible();
    await page.getByRole('button', { name: 'Post comment' }).click();
    const comment = page.getByTestId('comment').first();
    await expect(comment).toContainText('Lovely shade in the afternoon.');
    await expect(comment).toContainText(visitor);
    const photo = comment.getByRole('img', { name: `Photo shared by ${visitor} with the comment` });
    await expect(photo).toBeVisible();
    // Comment and photo: 200 points, level 2, celebrated.
    await expect(page.getByText('Level up! You are now level 2')).toBeVisible();
    await expect(page.getByLabel('Share a tip with other parents')).toHaveValue('');

    const src = await photo.getAttribute('src');
    const served = await page.request.get(src ?? '');
    expect(served.ok()).toBe(true);
    const body = await served.body();
    const metadata = await sharp(body).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(await exifr.gps(body).catch(() => undefined)).toBeUndefined();
    expect(body.includes(Buffer.from('PhoneMaker'))).toBe(false);

    // Edit it.
    await comment.getByRole('button', { name: 'Edit your comment' }).click();
    await comment.getByLabel('Edit your comment').fill('Lovely shade after 3 pm.');
    await comment.getByRole('button', { name: 'Save' }).click();
    await expect(comment).toContainText('Lovely shade after 3 pm.');
    await expect(comment).toContainText('edited');

    await dismissToasts(page);
    // I was here, standing at the place: counted once, then the button says so.
    await page.context().setGeolocation(PLACE_POSITION);
    await page.context().grantPermissions(['geolocation']);
    await page.getByRole('button', { name: 'I was here' }).click();
    await expect(page.getByText('Thanks! Your visit is logged.')).toBeVisible();
    await expect(page.getByTestId('visit-summary')).toContainText('1 visit');
    await expect(page.getByTestId('visit-summary')).toContainText('last one today');
    await expect(page.getByTestId('visit-logged')).toHaveText('You were here today');
    await expect(page.getByRole('button', { name: 'I was here' })).toBeHidden();
    await dismissToasts(page);

    // Request removal with a reason.
    await page.getByRole('button', { name: 'Request removal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request removal' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Tell the moderators why, in a few words.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The council closed this playground for good.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Thank you. A moderator will look at your request.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const mine = await page.request.get('/api/me/removal-requests');
    expect(await mine.json()).toMatchObject({
      removalRequests: [
        {
          locationId: id,
          type: 'location',
          status: 'pending',
          reason: 'The council closed this playground for good.',
        },
      ],
    });

    await dismissToasts(page);
    // Delete the comment: gone, points taken back.
    await comment.getByRole('button', { name: 'Delete your comment' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this comment?' })
      .getByRole('button', { name: 'Delete comment' })
      .click();
    await expect(page.getByText('Comment deleted.')).toBeVisible();
    await expect(page.getByText('−200 points · 0 in total')).toBeVisible();
    await expect(page.getByText('No comments yet. Be the first to share a tip.')).toBeVisible();
  });

  test('has no serious or critical accessibility violation', async ({ page, baseURL }) => {
    // Three scans, each after the page settles: more than the default 30 s on a busy machine.
    test.slow();
    const id = await newPlace(baseURL ?? '');
    const parent = unique('Axe_');
    await openAs(page, baseURL ?? '', parent, id);
    await page.getByLabel('Share a tip with other parents').fill('Great for toddlers.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByTestId('comment')).toHaveCount(1);
    await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
    expect(await seriousViolations(page)).toEqual([]);

    // The full-size photo viewer and the removal dialog too.
    await page.getByRole('button', { name: /full size/ }).click();
    await expect(page.getByTestId('photo-viewer')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Request removal' }).click();
    await expect(page.getByRole('dialog', { name: 'Request removal' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
