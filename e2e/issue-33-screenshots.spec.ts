/**
 * Screenshots of issue 33 to look at, phone (390×844) and desktop (1440×900), English and
 * German: "Right now", the play equipment on a place page, the filters with equipment, a town
 * in the search box and the opening status on a card. Written to SHOTS_DIR when set, else to
 * the test's output folder (never committed).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { acceptTerms, expect, test } from './fixtures.ts';
import { addPlace, signInOn, signInParent, type Parent } from './place-page-fixtures.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;

/** Dunedin's Octagon: the parent stands here (no demo place is near). */
let DUNEDIN = { latitude: -45.8741, longitude: 170.5036 };
const north = (km: number) => ({ latitude: DUNEDIN.latitude + km / 111.195, longitude: DUNEDIN.longitude });
/** Each test's own spot, 8 km apart, so their places never tie. */
const spotOf = (index: number) => ({ latitude: -45.8741, longitude: 170.8036 + index * 0.1 });
/** Friday 27 Nov 2026, 10:00 in New Zealand (NZDT). */
const FRIDAY_MORNING_NZ = new Date('2026-11-26T21:00:00Z');

const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1440, height: 900 } },
} as const;

async function answer(parent: Parent, id: string, key: string, value: string): Promise<void> {
  const response = await parent.api.put(`/api/locations/${id}/facts/${key}`, { data: { value } });
  if (!response.ok()) throw new Error(`${key}: ${response.status()} ${await response.text()}`);
}

async function seed(baseURL: string, suffix: string): Promise<string> {
  const parent = await signInParent(baseURL, unique('Shots_'));
  const shut = await addPlace(parent, { name: `Leith Yard`, tags: ['Slide'], ...north(0.2) });
  const park = await addPlace(parent, {
    name: `Octagon Adventure Park ${suffix}`,
    tags: ['Picnic tables'],
    description: 'Big wooden fort, two swings and a long slide.',
    ...north(0.9),
  });
  const green = await parent.api.post('/api/locations', {
    data: {
      name: `Moray Green ${suffix}`,
      tags: ['Shade trees'],
      ageRanges: ['0-2', '2-5'],
      indoor: false,
      free: true,
      ...north(-0.45),
    },
  });
  const greenId = ((await green.json()) as { location: { id: string } }).location.id;
  await answer(parent, shut, 'opening_hours', 'off');
  await answer(parent, park, 'opening_hours', 'Mo-Su 08:00-19:00');
  await answer(parent, park, 'toilets', 'yes');
  await answer(parent, greenId, 'toilets', 'yes');
  await answer(parent, greenId, 'changing_table', 'yes');
  for (const kind of ['swing', 'slide', 'sandpit', 'climbing_frame', 'zipline', 'seesaw']) {
    await parent.api.put(`/api/locations/${park}/equipment/${kind}`, { data: { present: true } });
  }
  await parent.api.dispose();
  return park;
}

function shotPath(name: string): string {
  const dir = process.env.SHOTS_DIR;
  return dir ? path.join(dir, `${name}.png`) : test.info().outputPath(`${name}.png`);
}

let tests = 0;
for (const lang of ['en', 'de'] as const) {
  const de = lang === 'de';
  for (const [size, options] of Object.entries(VIEWPORTS)) {
    const here = spotOf(tests++);
    test.describe(`issue 33 screenshots, ${lang}, ${size}`, () => {
      test.use({
        ...options,
        locale: de ? 'de-DE' : 'en-NZ',
        geolocation: here,
        permissions: ['geolocation'],
      });

      test('right now, equipment, filters, towns, opening status', async ({ page, baseURL }) => {
        test.setTimeout(120_000);
        const suffix = unique('').slice(-4);
        DUNEDIN = here;
        const park = await seed(baseURL ?? '', suffix);
        await page.clock.setFixedTime(FRIDAY_MORNING_NZ);
        await acceptTerms(page);
        await page.goto('/MapView');
        const list = page.getByRole('list', { name: /^(Play spots|Spielorte), /u });
        await expect(list.getByText(`Octagon Adventure Park ${suffix}`)).toBeVisible();
        await page.waitForTimeout(800);

        // Right now.
        await page.getByRole('button', { name: de ? 'Jetzt gleich' : 'Right now' }).click();
        const panel = page.getByTestId('right-now');
        await expect(panel.getByTestId('right-now-answer')).toBeVisible();
        await expect(panel.getByTestId('opening-status').first()).toBeVisible();
        await shot(page, `right-now-${lang}-${size}`);
        await page.keyboard.press('Escape');

        // The opening status on the card.
        await list.getByRole('button', { name: new RegExp(`Octagon Adventure Park ${suffix}`) }).click();
        await expect(page.getByRole('heading', { name: `Octagon Adventure Park ${suffix}` })).toBeVisible();
        await expect(page.getByTestId('opening-status').first()).toBeVisible();
        await page.waitForTimeout(600);
        await shot(page, `opening-status-${lang}-${size}`);

        // The filters with play equipment.
        await page.goto('/MapView?sheet=filters');
        const filters = page.getByRole('dialog', { name: de ? 'Filter' : 'Filters' });
        const equipment = filters.getByRole('group', { name: de ? 'Spielgeräte' : 'Play equipment' });
        // By keyboard: on a phone the dialog's sticky buttons may cover the chip.
        await equipment.getByRole('checkbox', { name: de ? 'Seilbahn' : 'Zip line' }).focus();
        await page.keyboard.press('Space');
        await equipment.scrollIntoViewIfNeeded();
        await shot(page, `filters-equipment-${lang}-${size}`);
        await filters.getByRole('button', { name: de ? 'Zurücksetzen' : 'Clear all' }).click();
        await filters.getByRole('button', { name: de ? 'Fertig' : 'Done' }).click();

        // A town in the search box.
        const search = page.getByRole('combobox').first();
        await search.fill('Christchurch');
        await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
        await shot(page, `town-search-${lang}-${size}`);

        // The play equipment on the place page (signed in, so the answers show).
        await signInOn(page.request, baseURL ?? '', unique('Shots_Viewer_'));
        await page.goto(`/locations/${park}`);
        const section = page.getByTestId('equipment-section');
        await section.scrollIntoViewIfNeeded();
        await expect(section.getByTestId('equipment-zipline')).toBeVisible();
        await page.waitForTimeout(400);
        await shot(page, `place-equipment-${lang}-${size}`);
      });
    });
  }
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: shotPath(name) });
}
