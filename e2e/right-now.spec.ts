/**
 * "Right now" (issue 33) on a phone: one button on the map shows the nearest place open now
 * for the chosen age, the nearest toilets and changing table, each with an estimated walk
 * (straight line at 4.5 km/h); without a position it asks for one; offline it answers from the
 * area the phone saved. English and German.
 */
import type { Page } from '@playwright/test';
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';
import { addPlace, signInParent, type Parent } from './place-page-fixtures.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;
const PHONE = { width: 390, height: 844 };

/**
 * South of Dunedin (New Zealand), where no demo place is: each test's parent stands at its own
 * spot, 8 km from the others (beyond Right now's 3 km), so one test's places never tie with
 * another's. 22 km south of the spots of issue-33-screenshots.spec.ts, whose places (the suite
 * shares one database) were once nearer than this test's own.
 */
const spot = (index: number) => ({ latitude: -46.0741, longitude: 170.5036 + index * 0.1 });
type Spot = ReturnType<typeof spot>;
/** Degrees of latitude per km (core haversine's earth). */
const DEG_PER_KM = 1 / 111.195;
/** A point `km` north (negative: south) of `at`. */
const north = (at: Spot, km: number) => ({
  latitude: at.latitude + km * DEG_PER_KM,
  longitude: at.longitude,
});

async function answer(parent: Parent, placeId: string, key: string, value: string): Promise<void> {
  const response = await parent.api.put(`/api/locations/${placeId}/facts/${key}`, { data: { value } });
  if (!response.ok()) throw new Error(`${key} failed: ${response.status()} ${await response.text()}`);
}

/**
 * Around the parent: a closed yard with everything 200 m away, a place open all day 900 m
 * away (12 min), one for the youngest 1.5 km away (20 min), and a green without hours but
 * with toilets and a changing table 450 m away (6 min).
 */
async function seed(baseURL: string, suffix: string, at: Spot): Promise<void> {
  const parent = await signInParent(baseURL, unique('RN_'));
  const shut = await addPlace(parent, { name: `Shut Yard ${suffix}`, tags: ['Slide'], ...north(at, 0.2) });
  const open = await addPlace(parent, {
    name: `Open Now Park ${suffix}`,
    tags: ['Swings'],
    ...north(at, 0.9),
  });
  const toddlers = await parent.api.post('/api/locations', {
    data: {
      name: `Toddler Corner ${suffix}`,
      tags: ['Sandpit'],
      ageRanges: ['0-2'],
      indoor: false,
      free: true,
      ...north(at, -1.5),
    },
  });
  if (toddlers.status() !== 201) throw new Error(`add failed: ${await toddlers.text()}`);
  const toddlersId = ((await toddlers.json()) as { location: { id: string } }).location.id;
  const green = await parent.api.post('/api/locations', {
    data: {
      name: `Toilet Green ${suffix}`,
      tags: ['Fort'],
      ageRanges: ['0-2', '2-5'],
      indoor: false,
      free: true,
      ...north(at, -0.45),
    },
  });
  if (green.status() !== 201) throw new Error(`add failed: ${await green.text()}`);
  const greenId = ((await green.json()) as { location: { id: string } }).location.id;
  await answer(parent, shut, 'opening_hours', 'off');
  await answer(parent, shut, 'toilets', 'yes');
  await answer(parent, shut, 'changing_table', 'yes');
  await answer(parent, open, 'opening_hours', '24/7');
  await answer(parent, toddlersId, 'opening_hours', '24/7');
  await answer(parent, greenId, 'toilets', 'yes');
  await answer(parent, greenId, 'changing_table', 'yes');
  await parent.api.dispose();
}

const nearbyList = (page: Page) => page.getByRole('list', { name: /^(Play spots|Spielorte), /u });

for (const [index, lang] of (['en', 'de'] as const).entries()) {
  const de = lang === 'de';
  const here = spot(index);
  const text = {
    button: de ? 'Jetzt gleich' : 'Right now',
    openNow: de ? 'Jetzt geöffnet' : 'Open now',
    openForBabies: de ? 'Jetzt geöffnet für 0–2 Jahre' : 'Open now for 0–2 years',
    walk: (minutes: number) =>
      de ? `etwa ${minutes} Min. zu Fuß, geschätzt` : `about ${minutes} min walk, estimated`,
    at: de ? 'Bei' : 'At',
    closerUnknown: de
      ? 'Näher, aber die Öffnungszeiten sind unbekannt:'
      : 'Closer, but its opening hours aren’t known:',
    filters: de ? 'Filter' : 'Filters',
    babies: de ? '0–2 Jahre' : '0–2 years',
    done: de ? 'Fertig' : 'Done',
    open: de ? 'Geöffnet' : 'Open',
  };

  test.describe(`Right now on a phone, ${lang}`, () => {
    test.use({
      viewport: PHONE,
      locale: de ? 'de-DE' : 'en-NZ',
      isMobile: true,
      hasTouch: true,
      geolocation: here,
      permissions: ['geolocation'],
    });

    test('the nearest open place for the age, toilets and changing table, with estimated walks', async ({
      page,
      baseURL,
    }) => {
      const suffix = unique(lang);
      await seed(baseURL ?? '', suffix, here);
      await acceptTerms(page);
      await page.goto('/MapView');
      await expect(nearbyList(page).getByText(`Open Now Park ${suffix}`)).toBeVisible();

      await page.getByRole('button', { name: text.button }).click();
      const panel = page.getByRole('dialog', { name: text.button });
      const open = panel.getByTestId('right-now-open');
      await expect(open.getByRole('heading', { name: text.openNow })).toBeVisible();
      // The closed yard is nearer, but closed; the open park is 900 m away.
      await expect(open.getByRole('button', { name: `Open Now Park ${suffix}` })).toBeVisible();
      await expect(open.getByTestId('opening-status').first()).toHaveText(text.open);
      await expect(open.getByTestId('right-now-walk').first()).toContainText(text.walk(12));
      // Nearer still, a green nobody gave hours for: said so, not called open.
      const unknown = open.getByTestId('right-now-hours-unknown');
      await expect(unknown).toContainText(text.closerUnknown);
      await expect(unknown.getByRole('button', { name: `Toilet Green ${suffix}` })).toBeVisible();
      // Toilets and the changing table: the closed yard's are shut, so the green's.
      for (const section of ['right-now-toilets', 'right-now-changing']) {
        const part = panel.getByTestId(section);
        await expect(part.getByRole('button', { name: `${text.at} Toilet Green ${suffix}` })).toBeVisible();
        await expect(part.getByTestId('right-now-walk')).toContainText(text.walk(6));
      }
      await expect(panel.getByText(`Shut Yard ${suffix}`)).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`right-now-${lang}-phone.png`) });

      // A place in the answer opens on the map.
      await open.getByRole('button', { name: `Open Now Park ${suffix}` }).click();
      await expect(panel).toBeHidden();
      await expect(page.getByRole('heading', { name: `Open Now Park ${suffix}` })).toBeVisible();
      await page.goBack();

      // The age chosen in the filters: the open place for the youngest is further.
      await page.getByRole('button', { name: text.filters, exact: true }).click();
      const filters = page.getByRole('dialog', { name: text.filters });
      await filters.getByRole('radio', { name: text.babies }).check();
      await filters.getByRole('button', { name: text.done }).click();
      await page.getByRole('button', { name: text.button }).click();
      await expect(open.getByRole('heading', { name: text.openForBabies })).toBeVisible();
      await expect(open.getByRole('button', { name: `Toddler Corner ${suffix}` })).toBeVisible();
      await expect(open.getByTestId('right-now-walk').first()).toContainText(text.walk(20));
    });
  });
}

test.describe('Right now without a position, on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('says it needs the position and offers to find it or set it by hand', async ({ page }) => {
    await acceptTerms(page);
    await skipLocationPrompt(page);
    await page.goto(`/MapView?lat=${spot(2).latitude}&lng=${spot(2).longitude}`);
    await page.getByRole('button', { name: 'Right now' }).click();
    const panel = page.getByRole('dialog', { name: 'Right now' });
    await expect(panel.getByText('To say what’s nearest, we need to know where you are.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Use my location' })).toBeVisible();
    await panel.getByRole('button', { name: 'Set it on the map' }).click();
    await expect(panel).toBeHidden();
    // The map's own "set my location" mode is on.
    await expect(page.getByRole('button', { name: /set .*location/iu, pressed: true })).toBeVisible();
  });
});

test.describe('Right now offline, on a phone', () => {
  // The service worker is the point here (as in offline.spec.ts).
  test.use({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
    geolocation: spot(3),
    permissions: ['geolocation'],
  });

  const savedCount = (page: Page, cacheName: string) =>
    page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, cacheName);

  test('answers from the area the phone saved', async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    const suffix = unique('off');
    await seed(baseURL ?? '', suffix, spot(3));
    await acceptTerms(page);
    await page.goto('/MapView');
    await expect(nearbyList(page).getByText(`Open Now Park ${suffix}`)).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Reloaded once the worker is in charge, so the list's answer goes through it and is saved.
    await page.reload();
    await expect(nearbyList(page).getByText(`Open Now Park ${suffix}`)).toBeVisible();
    await expect.poll(() => savedCount(page, 'playspot-areas'), { timeout: 15_000 }).toBeGreaterThan(0);

    await context.setOffline(true);
    await page.reload();
    await expect(nearbyList(page).getByText(`Open Now Park ${suffix}`)).toBeVisible();
    await page.getByRole('button', { name: 'Right now' }).click();
    const panel = page.getByRole('dialog', { name: 'Right now' });
    await expect(
      panel.getByText('You’re offline: this is from the places saved on this device.'),
    ).toBeVisible();
    const open = panel.getByTestId('right-now-open');
    await expect(open.getByRole('button', { name: `Open Now Park ${suffix}` })).toBeVisible();
    await expect(open.getByTestId('right-now-walk').first()).toContainText('about 12 min walk, estimated');
    // Some place with a changing table, from the saved area: earlier tests' places may lie
    // nearer than this test's own (the suite shares one database).
    await expect(panel.getByTestId('right-now-changing').getByRole('button', { name: /^At / })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('right-now-offline-en-phone.png') });
    await context.setOffline(false);
  });
});
