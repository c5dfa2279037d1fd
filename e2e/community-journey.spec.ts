/**
 * The whole community journey in one chain, as two parents live it in two browsers:
 * Aroha adds a place with two photos and three tags and finds it on the map and in the
 * search; Sam opens it, votes, tag-votes through every transition, comments with a photo
 * and logs a visit; both profiles show the points and levels core's rules give; Aroha edits
 * the place and the tag votes start afresh; Sam asks for its removal. Every step checks
 * what the person sees, and the photos as served carry no GPS position.
 */
import {
  levelForPoints,
  levelProgress,
  pointsForAction,
  pointsToNextLevel,
  INITIAL_USER_LEVEL,
  type PointsAction,
} from '@playspot/core';
import type { Browser, Locator, Page } from '@playwright/test';
import exifr from 'exifr';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { playgroundJpegWithGps } from './place-page-fixtures.ts';
import { openSession, type PersonSession } from './support/people.ts';
import { dismissToasts } from './support/toasts.ts';
import { usePickedPhotos } from './support/photo-review.ts';

/** A few hundred metres from the demo places around the Auckland Domain. */
const HERE = { latitude: -36.8612, longitude: 174.7794 };
const TAGS = ['Swings', 'Slides', 'Flying fox'] as const;
/** The tag Sam votes on through all of spec §4's transitions. */
const VOTED_TAG = 'Swings';

/** Points for a list of contributions, by core's table (spec §9). */
const pointsFor = (actions: readonly PointsAction[]) =>
  actions.reduce((sum, action) => sum + pointsForAction(action), 0);

/** Aroha's contributions: the place, its description and two photos. */
const CREATOR_POINTS = pointsFor(['addLocation', 'locationDescription', 'locationImage', 'locationImage']);
/**
 * Sam's: the comment, celebrated on its own before its photo uploads, then the photo.
 * Votes and visits earn nothing.
 */
const COMMENT_POINTS = pointsFor(['comment']);
const VISITOR_POINTS = pointsFor(['comment', 'commentImage']);

/** Development sign-in through the dialog, as a person does it. */
async function signInThroughDialog(page: Page, userName: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Choose a user name').fill(userName);
  await dialog.getByRole('button', { name: 'Sign in with this name' }).click();
  await expect(dialog).toBeHidden();
}

async function openPerson(
  browser: Browser,
  baseURL: string,
  userName: string,
  position?: typeof HERE,
): Promise<PersonSession> {
  const person = await openSession(browser, baseURL, null, position ? { position } : {});
  await person.page.goto('/MapView');
  await signInThroughDialog(person.page, userName);
  return person;
}

/**
 * Taps a vote button and waits for the server's answer: the UI changes at once
 * (optimistic) and ignores taps while a vote is on its way, so the next tap waits.
 */
async function voteAndWait(page: Page, button: Locator): Promise<void> {
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      /\/api\/locations\/[^/]+\/(vote|tag-votes)$/.test(response.url()),
  );
  await button.click();
  const response = await answer;
  expect(response.status()).toBe(200);
  await response.finished();
}

const thumb = (page: Page, side: 'up' | 'down') =>
  page
    .getByRole('group', { name: 'Good for kids?' })
    .getByRole('button', { name: side === 'up' ? /^Thumbs up/ : /^Thumbs down/ });

const tagButton = (page: Page, tag: string, side: 'Agree' | 'Disagree') =>
  page.getByRole('button', { name: new RegExp(`^${side} with “${tag}”`) });

const votes = (count: number) => `${count} ${count === 1 ? 'vote' : 'votes'}`;

/** The profile card: level, points and what is left to the next level, from core's formula. */
async function expectPointsAndLevel(page: Page, points: number): Promise<void> {
  const level = levelForPoints(points);
  await expect(page.getByText(`Level ${level}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${points} points`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${pointsToNextLevel(points)} points to level ${level + 1}`)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `Progress to level ${level + 1}` })).toHaveAttribute(
    'aria-valuenow',
    String(Math.round(levelProgress(points) * 100)),
  );
}

/** Fetches a photo as the page shows it and checks nothing of the camera's EXIF is left. */
async function expectNoGps(page: Page, src: string | null): Promise<void> {
  expect(src).toBeTruthy();
  const served = await page.request.get(src ?? '');
  expect(served.ok()).toBe(true);
  const body = await served.body();
  const metadata = await sharp(body).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(await exifr.gps(body).catch(() => undefined)).toBeUndefined();
  expect(body.includes(Buffer.from('PhoneMaker'))).toBe(false);
}

test('two parents: add, find, vote, tag-vote, comment, visit, profiles, edit, removal request', async ({
  browser,
  baseURL,
}) => {
  // One long chain of steps in two browsers, on a shared 2-core machine.
  test.setTimeout(90_000);
  const run = Math.random().toString(36).slice(2, 7);
  const creatorName = `Aroha_${run}`;
  const visitorName = `Sam_${run}`;
  const placeName = `Kauri Glen Playground ${run}`;
  const comment = 'The flying fox is the best in town. Bring a hat, there is little shade.';
  const origin = baseURL ?? '';
  const creator = await openPerson(browser, origin, creatorName, HERE);
  // Sam is at the playground too: logging a visit needs the phone there.
  const visitor = await openPerson(browser, origin, visitorName, HERE);
  const a = creator.page;
  const b = visitor.page;
  let placePath = '';

  try {
    await test.step('Aroha adds the place with two photos and three tags', async () => {
      await a.getByRole('link', { name: 'Add a play spot' }).click();
      await expect(a).toHaveURL(/\/locations\/new$/);
      await a.getByLabel('Name of the place').fill(placeName);
      await a.getByRole('button', { name: 'Swings', exact: true }).click();
      await a.getByRole('button', { name: 'Slides', exact: true }).click();
      await a.getByLabel('Another tag').fill('Flying fox');
      await a.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(a.getByRole('button', { name: 'Remove tag Flying fox' })).toBeVisible();
      await a.getByText('Outdoor', { exact: true }).click();
      await a.getByText('Free', { exact: true }).click();
      await a
        .getByLabel('Description')
        .fill('A wooden fort under kauri trees, two slides and a long flying fox.');
      // Photos as phones take them: with the camera's GPS position in the EXIF.
      await a.locator('input[type="file"]').setInputFiles([
        { name: 'fort.jpg', mimeType: 'image/jpeg', buffer: await playgroundJpegWithGps('morning') },
        { name: 'flying-fox.jpg', mimeType: 'image/jpeg', buffer: await playgroundJpegWithGps('afternoon') },
      ]);
      await usePickedPhotos(a, 2);
      await expect(a.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(2);
      await a.getByRole('button', { name: 'Add this place' }).click();

      await expect(a).toHaveURL(/\/locations\/[0-9a-f-]{36}$/, { timeout: 20_000 });
      placePath = new URL(a.url()).pathname;
      await expect(a.getByRole('heading', { name: placeName, level: 1 })).toBeVisible();
      // One toast for the place and its photos together; from level 1 that total is a level-up.
      const level = levelForPoints(CREATOR_POINTS);
      expect(level).toBeGreaterThan(INITIAL_USER_LEVEL);
      const toast = a.getByRole('alert').filter({ hasText: `Level up! You are now level ${level}` });
      await expect(toast).toContainText(`${CREATOR_POINTS} points`);
      const thumbnails = a.getByRole('list', { name: 'All photos' }).getByRole('img');
      await expect(thumbnails).toHaveCount(2);
      for (const thumbnail of await thumbnails.all()) await expect(thumbnail).toBeVisible();
    });

    await test.step('the place is on Aroha’s map and in the search', async () => {
      await a.goto('/MapView');
      await expect(
        a.getByRole('list', { name: 'Play spots, nearest first' }).getByText(placeName),
      ).toBeVisible();
      await expect(a.locator('.leaflet-marker-icon', { hasText: placeName })).toBeVisible();
      await a.getByRole('combobox', { name: 'Search play spots by name' }).fill('kauri glen');
      const result = a
        .getByRole('listbox', { name: 'Search results' })
        .getByRole('option', { name: new RegExp(placeName) });
      await expect(result).toBeVisible();
      await result.click();
      // Picking a result opens its card on the map, which leads to the place page.
      const card = a.getByRole('article', { name: placeName });
      await expect(card.getByRole('heading', { name: placeName, level: 2 })).toBeFocused();
      await expect(card.getByRole('list', { name: 'Tags' })).toContainText('#Flying fox');
      await card.getByRole('link', { name: 'See details' }).click();
      await expect(a).toHaveURL(new RegExp(`${placePath}$`));
      await expect(a.getByRole('heading', { name: placeName, level: 1 })).toBeVisible();
    });

    await test.step('Sam votes on the place: up, up again does nothing, down moves the vote', async () => {
      await b.goto(placePath);
      await expect(b.getByRole('heading', { name: placeName, level: 1 })).toBeVisible();
      await expect(thumb(b, 'up')).toHaveAccessibleName(`Thumbs up, ${votes(0)}`);

      await voteAndWait(b, thumb(b, 'up'));
      await expect(thumb(b, 'up')).toHaveAccessibleName(`Thumbs up, ${votes(1)}`);
      await expect(thumb(b, 'up')).toHaveAttribute('aria-pressed', 'true');

      // Spec §4: the same vote again changes nothing, and nothing is sent.
      const sent: string[] = [];
      const listen = (request: { url: () => string; method: () => string }) => {
        if (request.method() === 'PUT' && request.url().endsWith('/vote')) sent.push(request.url());
      };
      b.on('request', listen);
      await thumb(b, 'up').click();
      await expect(thumb(b, 'up')).toHaveAccessibleName(`Thumbs up, ${votes(1)}`);
      await expect(thumb(b, 'up')).toHaveAttribute('aria-pressed', 'true');
      b.off('request', listen);
      expect(sent).toEqual([]);

      await voteAndWait(b, thumb(b, 'down'));
      await expect(thumb(b, 'up')).toHaveAccessibleName(`Thumbs up, ${votes(0)}`);
      await expect(thumb(b, 'up')).toHaveAttribute('aria-pressed', 'false');
      await expect(thumb(b, 'down')).toHaveAccessibleName(`Thumbs down, ${votes(1)}`);
      await expect(thumb(b, 'down')).toHaveAttribute('aria-pressed', 'true');
    });

    await test.step('Sam tag-votes: agree, agree again withdraws, disagree replaces', async () => {
      const agree = () => tagButton(b, VOTED_TAG, 'Agree');
      const disagree = () => tagButton(b, VOTED_TAG, 'Disagree');
      // Every tag starts with its adder's agreement.
      await expect(agree()).toHaveAccessibleName(`Agree with “${VOTED_TAG}”, ${votes(1)}`);
      await expect(agree()).toHaveAttribute('aria-pressed', 'false');

      await voteAndWait(b, agree());
      await expect(agree()).toHaveAccessibleName(`Agree with “${VOTED_TAG}”, ${votes(2)}`);
      await expect(agree()).toHaveAttribute('aria-pressed', 'true');

      await voteAndWait(b, agree());
      await expect(agree()).toHaveAccessibleName(`Agree with “${VOTED_TAG}”, ${votes(1)}`);
      await expect(agree()).toHaveAttribute('aria-pressed', 'false');

      await voteAndWait(b, agree());
      await expect(agree()).toHaveAccessibleName(`Agree with “${VOTED_TAG}”, ${votes(2)}`);
      await voteAndWait(b, disagree());
      await expect(agree()).toHaveAccessibleName(`Agree with “${VOTED_TAG}”, ${votes(1)}`);
      await expect(agree()).toHaveAttribute('aria-pressed', 'false');
      await expect(disagree()).toHaveAccessibleName(`Disagree with “${VOTED_TAG}”, ${votes(1)}`);
      await expect(disagree()).toHaveAttribute('aria-pressed', 'true');

      // The server kept it: a fresh page shows the same.
      await b.reload();
      await expect(disagree()).toHaveAttribute('aria-pressed', 'true');
      await expect(disagree()).toHaveAccessibleName(`Disagree with “${VOTED_TAG}”, ${votes(1)}`);
    });

    await test.step('Sam comments with a photo and logs a visit', async () => {
      await b.getByLabel('Share a tip with other parents').fill(comment);
      await b.locator('input[type="file"]').setInputFiles({
        name: 'flying-fox.jpg',
        mimeType: 'image/jpeg',
        buffer: await playgroundJpegWithGps('afternoon'),
      });
      await usePickedPhotos(b);
      await expect(b.getByText('flying-fox.jpg')).toBeVisible();
      await b.getByRole('button', { name: 'Post comment' }).click();
      const posted = b.getByTestId('comment').first();
      await expect(posted).toContainText(comment);
      await expect(posted).toContainText(visitorName);
      await expect(
        posted.getByRole('img', { name: `Photo shared by ${visitorName} with the comment` }),
      ).toBeVisible();
      // The comment lifts Sam a level; with its photo that is one award, told once (issue 45).
      const toast = b
        .getByRole('alert')
        .filter({ hasText: `Level up! You are now level ${levelForPoints(COMMENT_POINTS)}` });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(`+${VISITOR_POINTS} points`);
      await expect(toast).toContainText(`· ${VISITOR_POINTS} in total`);
      await expect(b.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

      await dismissToasts(b);
      await b.getByRole('button', { name: 'I was here' }).click();
      await expect(b.getByText('Thanks! Your visit is logged.')).toBeVisible();
      await expect(b.getByTestId('visit-summary')).toContainText('1 visit');
    });

    await test.step('the photos as served carry no GPS position', async () => {
      const commentPhoto = b
        .getByTestId('comment')
        .first()
        .getByRole('img', { name: `Photo shared by ${visitorName} with the comment` });
      await expectNoGps(b, await commentPhoto.getAttribute('src'));
      const galleryImages = b.getByRole('region', { name: 'Photos' }).getByRole('img');
      const sources = await galleryImages.evaluateAll((images) =>
        images.map((image) => image.getAttribute('src')),
      );
      expect(new Set(sources).size).toBeGreaterThanOrEqual(2);
      for (const src of new Set(sources)) await expectNoGps(b, src);
      // Full size too (the second place photo shows full size only in the viewer): the
      // place's two photos and the comment's.
      const place = (await (await b.request.get(`/api${placePath}`)).json()) as { imageUrls: string[] };
      expect(place.imageUrls).toHaveLength(3);
      for (const src of place.imageUrls) await expectNoGps(b, src);
    });

    await test.step('Aroha sees Sam’s vote, visit and comment counted on the place page', async () => {
      await a.goto(placePath);
      await expect(thumb(a, 'up')).toHaveAccessibleName(`Thumbs up, ${votes(0)}`);
      await expect(thumb(a, 'down')).toHaveAccessibleName(`Thumbs down, ${votes(1)}`);
      await expect(a.getByTestId('visit-summary')).toContainText('1 visit');
      await expect(a.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
      await expect(a.getByTestId('comment')).toHaveCount(1);
      await expect(tagButton(a, VOTED_TAG, 'Disagree')).toHaveAccessibleName(
        `Disagree with “${VOTED_TAG}”, ${votes(1)}`,
      );
    });

    await test.step('both profiles show the points and levels core’s rules give', async () => {
      await a.goto('/profile');
      await expect(a.getByRole('heading', { name: creatorName, level: 1 })).toBeVisible();
      await expectPointsAndLevel(a, CREATOR_POINTS);
      await expect(
        a.getByRole('region', { name: /Places added/ }).getByRole('link', { name: placeName }),
      ).toBeVisible();

      await b.goto('/profile');
      await expect(b.getByRole('heading', { name: visitorName, level: 1 })).toBeVisible();
      await expectPointsAndLevel(b, VISITOR_POINTS);
      await expect(b.getByRole('region', { name: /Comments/ })).toContainText(comment);
      await expect(
        b.getByRole('region', { name: /Visits/ }).getByRole('link', { name: placeName }),
      ).toBeVisible();
      await expect(b.getByRole('region', { name: /Places added/ })).toContainText(
        'You have not added a place yet.',
      );

      // Each one's public page, as the other sees it.
      await b.goto(`/users/${creatorName}`);
      await expect(b.getByRole('heading', { name: creatorName, level: 1 })).toBeVisible();
      await expectPointsAndLevel(b, CREATOR_POINTS);
      await expect(
        b.getByRole('region', { name: /Places added/ }).getByRole('link', { name: placeName }),
      ).toBeVisible();

      await a.goto(`/users/${visitorName}`);
      await expect(a.getByRole('heading', { name: visitorName, level: 1 })).toBeVisible();
      await expectPointsAndLevel(a, VISITOR_POINTS);
      const comments = a.getByRole('region', { name: /Comments/ });
      await expect(comments).toContainText(comment);
      await expect(comments.getByRole('link', { name: placeName })).toBeVisible();
      // Visits are private.
      await expect(a.getByRole('region', { name: /Visits/ })).toHaveCount(0);
    });

    await test.step('Aroha edits the place and the tag votes start afresh', async () => {
      await a.goto(placePath);
      await a.getByRole('link', { name: 'Edit this place' }).click();
      await expect(a.getByLabel('Name of the place')).toHaveValue(placeName);
      await a
        .getByLabel('Description')
        .fill('A wooden fort under kauri trees, two slides, a long flying fox and new shade sails.');
      await a.getByRole('button', { name: 'Save changes' }).click();
      await expect(a).toHaveURL(new RegExp(`${placePath}$`));
      await expect(a.getByText('new shade sails')).toBeVisible();
      for (const tag of TAGS) {
        await expect(tagButton(a, tag, 'Agree')).toHaveAccessibleName(`Agree with “${tag}”, ${votes(1)}`);
        await expect(tagButton(a, tag, 'Disagree')).toHaveAccessibleName(
          `Disagree with “${tag}”, ${votes(0)}`,
        );
      }

      // Sam's disagreement is gone; the place vote and the visit stay.
      await b.goto(placePath);
      await expect(tagButton(b, VOTED_TAG, 'Disagree')).toHaveAccessibleName(
        `Disagree with “${VOTED_TAG}”, ${votes(0)}`,
      );
      await expect(tagButton(b, VOTED_TAG, 'Disagree')).toHaveAttribute('aria-pressed', 'false');
      await expect(tagButton(b, VOTED_TAG, 'Agree')).toHaveAttribute('aria-pressed', 'false');
      await expect(thumb(b, 'down')).toHaveAccessibleName(`Thumbs down, ${votes(1)}`);
      await expect(b.getByTestId('visit-summary')).toContainText('1 visit');

      // Changing a description that was there earns nothing more.
      await a.goto('/profile');
      await expectPointsAndLevel(a, CREATOR_POINTS);
    });

    await test.step('Sam asks for the place’s removal and follows the request', async () => {
      const reason = 'The council fenced it off for good last week.';
      await b.getByRole('button', { name: 'Request removal' }).click();
      const dialog = b.getByRole('dialog', { name: 'Request removal' });
      await dialog.getByLabel('Reason').fill(reason);
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await expect(b.getByText('Thank you. A moderator will look at your request.')).toBeVisible();
      await expect(dialog).toBeHidden();

      await b.goto('/moderation');
      const request = b.getByRole('list', { name: 'Your removal requests' }).getByRole('listitem');
      await expect(request).toHaveCount(1);
      await expect(request).toContainText('Waiting for a moderator');
      await expect(request).toContainText(reason);
      await expect(request.getByRole('link', { name: `Remove ${placeName}` })).toHaveAttribute(
        'href',
        placePath,
      );
    });
  } finally {
    await Promise.all([creator.context.close(), visitor.context.close()]);
  }
});
