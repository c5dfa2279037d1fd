/**
 * Issue 45 where a parent sees it, on a phone (390×844):
 * - finding 9: an event with an end, from the form to the place page and the calendar file
 *   (named after the event, DTEND at its end), on a German phone;
 * - finding 5: the toast that says the event is on the calendar, in German (b756146 said it
 *   in English);
 * - finding 4: a comment with a photo is one toast, "+200 points · 200 in total" with the
 *   level-up above it (b756146 showed the level-up with 100 points and "+100 points · 200").
 * With SCREENSHOTS_45=<folder> each step is also saved there as a phone screenshot.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';
import { addPlace, playgroundJpegWithGps, signInOn, signInParent } from './place-page-fixtures.ts';
import { usePickedPhotos } from './support/photo-review.ts';

const PHONE = { width: 390, height: 844 };
let counter = 0;
/** Names unique per run: the database lives as long as the server, across tests. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;

async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOTS_45;
  // Toasts slide in: the picture waits for the animations to end.
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`), animations: 'disabled' });
}

async function openPlace(page: Page, baseURL: string, userName: string, id: string): Promise<void> {
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await signInOn(page.request, baseURL, userName);
  await page.goto(`/locations/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('on a German phone', () => {
  test.use({ locale: 'de-DE', viewport: PHONE, timezoneId: 'Pacific/Auckland' });

  test('an event with an end: the form, the place page, a German toast and a calendar file named after it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const creator = await signInParent(baseURL ?? '', unique('Ort_'));
    const id = await addPlace(creator, { name: unique('Bauhof-Spielplatz '), tags: ['Sandpit'] });
    const parent = unique('Mia_');
    await openPlace(page, baseURL ?? '', parent, id);

    const events = page.getByRole('region', { name: 'Veranstaltungen', exact: true });
    await events.getByRole('button', { name: 'Veranstaltung hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Veranstaltung hinzufügen' });
    await dialog.getByLabel('Titel').fill('Krabbeltreff im Bauhof');
    await dialog.getByLabel('Tag').selectOption('Tuesday');
    await dialog.getByLabel('Beginn').fill('10:00');
    // The end moves with the start (an hour by default), then the parent sets it.
    await expect(dialog.getByLabel('Ende')).toHaveValue('11:00');
    await dialog.getByLabel('Ende').fill('09:30');
    await dialog.getByRole('button', { name: 'Veranstaltung hinzufügen' }).click();
    await expect(dialog.getByText('Wähl ein Ende nach dem Beginn, am selben Tag.')).toBeVisible();
    await dialog.getByLabel('Ende').fill('11:30');
    await dialog.getByLabel('Ende').scrollIntoViewIfNeeded();
    await shoot(page, 'de-event-form');
    await dialog.getByRole('button', { name: 'Veranstaltung hinzufügen' }).click();
    await expect(dialog).toBeHidden();

    // Finding 5: b756146 toasted "“Krabbeltreff im Bauhof” is on the calendar." here.
    await expect(
      page.getByRole('alert').filter({ hasText: '„Krabbeltreff im Bauhof“ steht im Kalender.' }),
    ).toBeVisible();
    await expect(page.getByText(/is on the calendar/u)).toHaveCount(0);
    await shoot(page, 'de-event-toast');

    const card = events.getByRole('article', { name: 'Krabbeltreff im Bauhof' });
    await expect(card).toContainText('Jeden Dienstag, 10:00–11:30 Uhr');
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'de-event-card');

    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: '„Krabbeltreff im Bauhof“ zum Kalender hinzufügen' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('krabbeltreff-im-bauhof.ics');
    const file = readFileSync(await download.path(), 'utf8');
    expect(file).toMatch(/DTSTART;TZID=[\w/]+:\d{8}T100000\r\n/u);
    expect(file).toMatch(/DTEND;TZID=[\w/]+:\d{8}T113000\r\n/u);
    expect(file).not.toContain('DURATION:PT60M');
    expect(file).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU');
  });
});

test.describe('on an English phone', () => {
  test.use({ viewport: PHONE });

  test('a comment with a photo is one toast that adds up, with the level-up and the same total', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const creator = await signInParent(baseURL ?? '', unique('Creator_'));
    const id = await addPlace(creator, { name: unique('Harbour Swings '), tags: ['Swings'] });
    await openPlace(page, baseURL ?? '', unique('Lena_'), id);

    await page.getByLabel('Share a tip with other parents').fill('Shady swings after lunch.');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'swings.jpg', mimeType: 'image/jpeg', buffer: await playgroundJpegWithGps() });
    await usePickedPhotos(page);
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(
      page
        .getByTestId('comment')
        .first()
        .getByRole('img', { name: /^Photo shared by Lena_/u }),
    ).toBeVisible();

    // 0 points before: the comment (+100) and its photo (+100) make 200, level 2.
    const toast = page.getByRole('alert').filter({ hasText: 'Level up! You are now level 2' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('+200 points');
    await expect(toast).toContainText('· 200 in total');
    await expect(page.getByRole('alert').filter({ hasText: /points/u })).toHaveCount(1);
    await expect(page.getByText(/\b100 points\b/u)).toHaveCount(0);
    await shoot(page, 'en-points-toast');
  });
});
