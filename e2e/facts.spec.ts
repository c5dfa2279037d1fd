/**
 * The facts parents ask first (issue 18): two parents in two browsers answer "Fenced?" on one
 * place until it is disputed; the Facilities filter keeps only fenced places in the list and
 * counts on the badge; and phone and desktop screenshots of a place's facts and the filters.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { acceptTerms, expect, newPageOffTheInternet, skipLocationPrompt, test } from './fixtures.ts';
import { addPlace, signInOn, signInParent, type Parent } from './place-page-fixtures.ts';

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

/** No focus ring in a screenshot: the button tapped last keeps the focus. */
async function blurFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
}

/**
 * A part of the page as it reads, whatever its height: from the page's top, so the header
 * (sticky) is not over it.
 */
async function shootPart(page: Page, part: Locator, file: string): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  const box = await part.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
  });
  const margin = 12;
  await page.screenshot({
    path: file,
    fullPage: true,
    clip: {
      x: Math.max(0, box.x - margin),
      y: Math.max(0, box.y - margin),
      width: box.width + 2 * margin,
      height: box.height + 2 * margin,
    },
  });
}

async function answer(parent: Parent, placeId: string, key: string, value: string): Promise<void> {
  // A baby swing is play equipment (issue 49): its answer is the kind's.
  const kind = key.startsWith('equipment:') ? key.slice('equipment:'.length) : null;
  const response = kind
    ? await parent.api.put(`/api/locations/${placeId}/equipment/${kind}`, {
        data: { present: value === 'yes' },
      })
    : await parent.api.put(`/api/locations/${placeId}/facts/${key}`, { data: { value } });
  if (!response.ok()) throw new Error(`answer failed: ${response.status()} ${await response.text()}`);
}

test('two parents answer "Fenced?" until it is disputed', async ({ page, baseURL, browser }) => {
  const base = baseURL ?? '';
  const creator = await signInParent(base, unique('Facts_Creator_'));
  const id = await addPlace(creator, { name: 'Fence Question Park', tags: ['Swings'] });
  await creator.api.dispose();

  // Parent A, in this browser: nothing is known yet, so "Fenced?" waits under "Add what you know".
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await signInOn(page.request, base, unique('Facts_A_'));
  await page.goto(`/locations/${id}`);
  await expect(
    page.getByText('Nobody has told us yet about toilets, fences or shade here.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: /Add what you know/ }).click();
  await page.getByRole('group', { name: 'Fenced?' }).getByRole('button', { name: 'Yes' }).click();
  const rowA = page.getByTestId('fact-fenced');
  await expect(rowA.getByText('Fenced', { exact: true })).toBeVisible();
  await expect(rowA.getByText('Confirmed by 1 parent · last today')).toBeVisible();
  await expect(rowA.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');

  // Parent B, in another browser, sees A's answer and says otherwise.
  const contextB = await browser.newContext({ baseURL: base, serviceWorkers: 'block' });
  const pageB = await newPageOffTheInternet(contextB);
  await signInOn(pageB.request, base, unique('Facts_B_'));
  await pageB.goto(`/locations/${id}`);
  const rowB = pageB.getByTestId('fact-fenced');
  await expect(rowB.getByText('Fenced', { exact: true })).toBeVisible();
  await expect(rowB.getByText('Confirmed by 1 parent · last today')).toBeVisible();
  await expect(rowB.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'false');
  await rowB.getByRole('button', { name: 'No' }).click();
  await expect(rowB.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rowB.getByText('Disputed: parents disagree')).toBeVisible();
  await expect(rowB.getByText(/1 parent says otherwise/)).toBeVisible();

  // A sees it disputed too, with their own answer still pressed.
  await page.reload();
  await expect(rowA.getByText('Disputed: parents disagree')).toBeVisible();
  await expect(rowA.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  await contextB.close();
});

test('a signed-out parent is asked to sign in instead of answering', async ({ page, baseURL }) => {
  const creator = await signInParent(baseURL ?? '', unique('Facts_Creator2_'));
  const id = await addPlace(creator, { name: 'Signed Out Shade', tags: ['Slide'] });
  await answer(creator, id, 'shade', 'yes');
  await creator.api.dispose();
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.goto(`/locations/${id}`);
  await page.getByTestId('fact-shade').getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('dialog', { name: /sign in/i })).toBeVisible();
});

test('facts imported from OpenStreetMap say so, with the credit', async ({ page }) => {
  // A real Lübeck playground of the demo extract: OSM says wheelchair=yes, surface=grass.
  const found = await page.request.get('/api/locations/search?q=Hanseplatz&lat=53.8599&lng=10.6633');
  expect(found.ok()).toBe(true);
  const { items } = (await found.json()) as { items: { id: string; name: string }[] };
  const hanseplatz = items.find((item) => item.name === 'Hanseplatz');
  if (!hanseplatz) throw new Error('Hanseplatz is not in the demo data');
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.goto(`/locations/${hanseplatz.id}`);
  const wheelchair = page.getByTestId('fact-wheelchair');
  await expect(wheelchair.getByText('Wheelchair accessible')).toBeVisible();
  await expect(wheelchair.getByText('From OpenStreetMap')).toBeVisible();
  await expect(page.getByTestId('fact-surface').getByText('Ground: grass')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Good to know' })
      .getByRole('link', { name: '© OpenStreetMap contributors' }),
  ).toBeVisible();
});

/** Two places side by side in a corner of Wellington no demo place is near: one fenced, one not. */
const WELLINGTON = { latitude: -41.2905, longitude: 174.7795 };

test('the Fenced filter keeps only fenced places, and the badge counts it', async ({ page, baseURL }) => {
  const creator = await signInParent(baseURL ?? '', unique('Facts_Filter_'));
  const fenced = await addPlace(creator, {
    name: 'Gated Garden Playground',
    tags: ['Swings'],
    ...WELLINGTON,
  });
  const open = await addPlace(creator, {
    name: 'Open Field Playground',
    tags: ['Slide'],
    latitude: WELLINGTON.latitude + 0.002,
    longitude: WELLINGTON.longitude,
  });
  await answer(creator, fenced, 'fenced', 'yes');
  await answer(creator, fenced, 'toilets', 'yes');
  await answer(creator, open, 'fenced', 'no');
  await creator.api.dispose();

  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.goto(`/MapView?lat=${WELLINGTON.latitude}&lng=${WELLINGTON.longitude}&radius=2`);
  await expect(page.getByText('Open Field Playground').first()).toBeVisible();
  const gatedRow = page.getByRole('button', { name: /Gated Garden Playground/ }).first();
  await expect(gatedRow).toBeVisible();
  // The row shows what the place is known for.
  await expect(gatedRow.getByRole('list', { name: 'Facilities' })).toHaveText(/Fenced.*Toilets/);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByRole('group', { name: 'Facilities' }).getByRole('checkbox', { name: 'Fenced' }).check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
  await expect(page.getByTestId('active-filter-count')).toHaveText('1');
  await expect(page.getByText('Open Field Playground')).toHaveCount(0);
  await expect(page.getByText('Gated Garden Playground').first()).toBeVisible();

  // Kept on the device like the other filters.
  const stored = await page.evaluate(() => localStorage.getItem('locationFilters'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ has: ['fenced'] });

  // The place's card has the heart too; signed out, it asks to sign in.
  await gatedRow.click();
  await expect(page.getByRole('heading', { name: 'Gated Garden Playground' })).toBeVisible();
  await page.getByRole('button', { name: 'Save to My places' }).click();
  await expect(page.getByRole('dialog', { name: /sign in/i })).toBeVisible();
});

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const size of sizes) {
  test.describe(`${size.name} screenshots of facts`, () => {
    test.use({ viewport: size.viewport });

    const save = (name: string) =>
      process.env.UPDATE_SCREENSHOTS
        ? path.join('docs', 'screenshots', `${name}-${size.name}.png`)
        : test.info().outputPath(`${name}-${size.name}.png`);

    test('a place with facts parents confirmed, one disputed', async ({ page, baseURL }) => {
      const base = baseURL ?? '';
      const parents = await Promise.all(
        ['Aroha', 'Sam', 'Mere', 'Tom'].map((name) => signInParent(base, unique(`${name}_${size.name}_`))),
      );
      const [aroha, sam, mere, tom] = parents;
      if (!aroha || !sam || !mere || !tom) throw new Error('four parents');
      const id = await addPlace(aroha, {
        name: 'Harbour View Playground',
        tags: ['Shade', 'Fort'],
        description: 'A big wooden fort with a flying fox, two slides and a fenced corner for toddlers.',
      });
      for (const parent of [aroha, sam, mere]) await answer(parent, id, 'fenced', 'yes');
      for (const parent of [aroha, sam]) await answer(parent, id, 'toilets', 'yes');
      await answer(aroha, id, 'shade', 'yes');
      await answer(tom, id, 'shade', 'no');
      await answer(sam, id, 'surface', 'bark');
      await answer(mere, id, 'wheelchair', 'limited');
      await answer(aroha, id, 'max_age', '12');
      await Promise.all(parents.map((parent) => parent.api.dispose()));

      await acceptTerms(page);
      await skipLocationPrompt(page);
      await signInOn(page.request, base, unique(`Mia_${size.name}_`));
      await page.goto(`/locations/${id}`);
      const section = page.getByRole('region', { name: 'Good to know' });
      await expect(section.getByTestId('fact-shade').getByText('Disputed: parents disagree')).toBeVisible();
      // The visitor confirms the fence: their answer is pressed.
      await section.getByTestId('fact-fenced').getByRole('button', { name: 'Yes' }).click();
      await expect(section.getByText('Confirmed by 4 parents · last today')).toBeVisible();
      await blurFocus(page);
      // The pressed answer's colour fades in (150 ms).
      await page.waitForTimeout(300);
      await shootPart(page, section, save('facts'));

      await section.getByRole('button', { name: /Add what you know/ }).click();
      await expect(section.getByRole('group', { name: 'Drinking water?' })).toBeVisible();
      await blurFocus(page);
      await shootPart(page, section, save('facts-add'));
    });

    test('the filters with facilities on, and the list rows', async ({ page, baseURL }) => {
      const creator = await signInParent(baseURL ?? '', unique(`Shot_Filter_${size.name}_`));
      // Apart for each size: the places of one do not show in the other's list.
      const centre = { latitude: size.name === 'phone' ? -41.2805 : -41.3105, longitude: 174.7695 };
      const places: { name: string; facts: Record<string, string> }[] = [
        { name: 'Te Aro Park Playground', facts: { fenced: 'yes', toilets: 'yes', shade: 'yes' } },
        { name: 'Waitangi Park Playground', facts: { fenced: 'yes', 'equipment:baby_swing': 'yes' } },
        { name: 'Frank Kitts Park Playground', facts: { toilets: 'yes' } },
      ];
      for (const [index, place] of places.entries()) {
        const id = await addPlace(creator, {
          name: place.name,
          tags: ['Swings'],
          latitude: centre.latitude + index * 0.0015,
          longitude: centre.longitude,
        });
        for (const [key, value] of Object.entries(place.facts)) await answer(creator, id, key, value);
      }
      await creator.api.dispose();
      await acceptTerms(page);
      await skipLocationPrompt(page);
      await page.goto(`/MapView?lat=${centre.latitude}&lng=${centre.longitude}&radius=1`);
      await expect(page.getByText('Te Aro Park Playground').first()).toBeVisible();
      await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
      // On a phone the list is a sheet peeking from the bottom: pull it up.
      if (size.name === 'phone') await page.getByRole('button', { name: 'Show the list' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: save('map-facts') });
      if (size.name === 'phone') await page.getByRole('button', { name: 'Show less of the list' }).click();

      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Filters' });
      const facilities = dialog.getByRole('group', { name: 'Facilities' });
      await facilities.getByRole('checkbox', { name: 'Fenced' }).check();
      await facilities.getByRole('checkbox', { name: 'Toilets' }).check();
      await facilities.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: save('filters') });
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('button', { name: 'Filters, 2 active' })).toBeVisible();
      await expect(page.getByText('Waitangi Park Playground')).toHaveCount(0);
      await expect(page.getByText('Te Aro Park Playground').first()).toBeVisible();

      // The card of a place: its facts, and the heart to save it.
      await page
        .getByRole('button', { name: /Te Aro Park Playground/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: 'Te Aro Park Playground' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save to My places' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: save('map-card-facts') });
    });
  });
}
