/**
 * Child safety in the browser (issue 13), on a server of its own with a moderator: Aroha
 * shares a photo of a place; Ben reports it from the photo viewer ("Shows a child's face");
 * Mo deletes it from the moderation page. It is gone from the place page and from storage,
 * and the audit log shows the decision. Then screenshots of the report dialog and the
 * moderation reports at phone and desktop sizes (docs/screenshots with UPDATE_SCREENSHOTS=1).
 */
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { openSession, placeId, type PersonSession } from './support/people.ts';
import { parkSvg, pictureFromSvg, poolSvg } from './support/pictures.ts';
import { startRoleServer, type RoleServer } from './support/role-server.ts';

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let server: RoleServer | undefined;
const serverURL = (): string => {
  if (!server) throw new Error('The role server did not start');
  return server.baseURL;
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startRoleServer([
    { userName: 'aroha_uploader', role: 'basic' },
    { userName: 'ben_reporter', role: 'basic' },
    { userName: 'cat_reporter', role: 'basic' },
    { userName: 'dan_reporter', role: 'basic' },
    { userName: 'mo_moderator', role: 'moderator' },
  ]);
});

test.afterAll(async () => {
  await server?.stop();
});

/** Uploads a picture to a place as `session`, the way the app does (multipart, field "photo"). */
async function sharePhoto(session: PersonSession, locationId: string, svg: string) {
  const response = await session.context.request.post(`/api/locations/${locationId}/photos`, {
    headers: { origin: serverURL() },
    multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer: await pictureFromSvg(svg) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { photo: { url: string; thumbnailUrl: string } }).photo;
}

async function openPhotoViewer(session: PersonSession, placeName: string) {
  await session.page
    .getByRole('button', { name: new RegExp(`open photo of ${placeName} full size`, 'i') })
    .click();
  return session.page.getByRole('dialog', { name: placeName });
}

test("a photo reported as showing a child's face and deleted by a moderator is gone from the page and from storage", async ({
  browser,
}) => {
  const name = 'Cornwall Park Playground';
  const aroha = await openSession(browser, serverURL(), 'aroha_uploader');
  const id = await placeId(aroha, name);
  const photo = await sharePhoto(aroha, id, parkSvg());

  const ben = await openSession(browser, serverURL(), 'ben_reporter', { viewport: PHONE });
  await ben.page.goto(`/locations/${id}`);
  const viewer = await openPhotoViewer(ben, name);
  await expect(viewer.getByText('Shared by aroha_uploader')).toBeVisible();
  // Ben did not share it and did not add the place: he may report it, not delete it.
  await expect(viewer.getByRole('button', { name: 'Delete photo' })).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Report' }).click();
  const dialog = ben.page.getByRole('dialog', { name: 'Report this photo' });
  await dialog.getByRole('radio', { name: "Shows a child's face" }).check();
  await dialog.getByLabel(/Anything the moderators should know/).fill('My son is in this photo.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(ben.page.getByText('Thanks — a moderator will look at it.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const mo = await openSession(browser, serverURL(), 'mo_moderator');
  await mo.page.goto('/moderation');
  const card = mo.page
    .getByRole('list', { name: 'Reported photos, comments and places' })
    .getByRole('article', { name });
  await expect(card.getByText('Reported photo')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Reasons given' })).toHaveText("Shows a child's face");
  await expect(card.getByText('“My son is in this photo.”')).toBeVisible();
  await expect(card.getByRole('img', { name: `Reported photo at ${name}` })).toBeVisible();
  // Reporters are counted, never named.
  await expect(card.getByText('Reported by 1 person')).toBeVisible();
  await expect(mo.page.getByText('ben_reporter')).toHaveCount(0);

  await card.getByLabel('Note for the audit log (optional)').fill('A child is recognisable.');
  await card.getByRole('button', { name: `Delete the photo at ${name}` }).click();
  await mo.page
    .getByRole('dialog', { name: 'Delete this photo?' })
    .getByRole('button', { name: 'Delete photo' })
    .click();
  await expect(mo.page.getByText('No reports waiting.')).toBeVisible();
  const log = mo.page.getByRole('list', { name: 'Decisions, newest first' });
  await expect(log.getByRole('listitem').first()).toContainText(`mo_moderator deleted the photo at ${name}`);
  await expect(log.getByRole('listitem').first()).toContainText('A child is recognisable.');

  // Gone from the place page, once reloaded, and from storage (both renditions).
  await ben.page.reload();
  await expect(ben.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(ben.page.getByText('No photos yet: add one with a comment below.')).toBeVisible();
  for (const url of [photo.url, photo.thumbnailUrl]) {
    expect((await ben.api.get(url)).status(), url).toBe(404);
  }
  for (const session of [aroha, ben, mo]) await session.context.close();
});

/** A photo three people reported (so hidden until reviewed) and a reported comment. */
async function seedReports(browser: Browser, placeName: string): Promise<string> {
  const aroha = await openSession(browser, serverURL(), 'aroha_uploader');
  const id = await placeId(aroha, placeName);
  await sharePhoto(aroha, id, poolSvg());
  const photoId = (
    (await (await aroha.api.get(`/api/locations/${id}`)).json()) as { imageMetaData: { id: string }[] }
  ).imageMetaData[0]?.id;
  const comment = await aroha.api.post(`/api/locations/${id}/comments`, {
    text: 'Cheap sunglasses at sunnyshades dot example, half price today only!!!',
  });
  const commentId = ((await comment.json()) as { comment: { id: string } }).comment.id;
  const reports = [
    ['ben_reporter', 'photo', photoId, 'child-face', 'Our daughter is in the front of this one.'],
    ['cat_reporter', 'photo', photoId, 'child-face', null],
    ['dan_reporter', 'photo', photoId, 'spam-or-abuse', null],
    ['ben_reporter', 'comment', commentId, 'spam-or-abuse', 'Advertising.'],
  ] as const;
  for (const [userName, targetType, targetId, reason, note] of reports) {
    const reporter = await openSession(browser, serverURL(), userName);
    const response = await reporter.api.post('/api/reports', { targetType, targetId, reason, note });
    expect(response.status(), await response.text()).toBe(201);
    await reporter.context.close();
  }
  await aroha.context.close();
  return id;
}

test.describe('screenshots', () => {
  const placeName = 'Myers Park Playground';
  let seededPlaceId = '';

  test.beforeAll(async ({ browser }) => {
    seededPlaceId = await seedReports(browser, placeName);
    // A photo nobody has reported yet, to open the report dialog on.
    const aroha = await openSession(browser, serverURL(), 'aroha_uploader');
    await sharePhoto(aroha, await placeId(aroha, 'Grey Lynn Park Playground'), parkSvg());
    await aroha.context.close();
  });

  for (const size of [
    { name: 'phone', viewport: PHONE },
    { name: 'desktop', viewport: DESKTOP },
  ] as const) {
    const save = (shot: string) =>
      process.env.UPDATE_SCREENSHOTS
        ? path.join('docs', 'screenshots', `${shot}-${size.name}.png`)
        : test.info().outputPath(`${shot}-${size.name}.png`);

    test(`the report dialog on a ${size.name}`, async ({ browser }) => {
      const ben = await openSession(browser, serverURL(), 'ben_reporter', { viewport: size.viewport });
      await ben.page.goto(`/locations/${await placeId(ben, 'Grey Lynn Park Playground')}`);
      const viewer = await openPhotoViewer(ben, 'Grey Lynn Park Playground');
      await viewer.getByRole('button', { name: 'Report' }).click();
      const dialog = ben.page.getByRole('dialog', { name: 'Report this photo' });
      await dialog.getByRole('radio', { name: "Shows a child's face" }).check();
      // seriousViolations also waits for the rise-in animation to end before the picture.
      expect(await seriousViolations(ben.page)).toEqual([]);
      await ben.page.screenshot({ path: save('report') });
      await ben.context.close();
    });

    test(`the moderation reports on a ${size.name}`, async ({ browser }) => {
      const mo = await openSession(browser, serverURL(), 'mo_moderator', { viewport: size.viewport });
      await mo.page.goto('/moderation');
      const reports = mo.page.getByRole('list', { name: 'Reported photos, comments and places' });
      await expect(reports.getByRole('article')).toHaveCount(2);
      await expect(reports.getByText('Hidden until you decide').first()).toBeVisible();
      expect(await seriousViolations(mo.page)).toEqual([]);
      expect(seededPlaceId).not.toBe('');
      // On a phone the section starts below the fold: scroll its heading to just under the
      // sticky header, as a moderator would, and take the screen as seen.
      if (size.name === 'phone') {
        await mo.page.evaluate(() => {
          const heading = document.getElementById('reports-title');
          const header = document.querySelector('header');
          if (!heading) return;
          const top = heading.getBoundingClientRect().top + window.scrollY;
          window.scrollTo(0, top - (header?.getBoundingClientRect().height ?? 0) - 12);
        });
      }
      await mo.page.screenshot({ path: save('moderation-reports') });
      await mo.context.close();
    });
  }
});
