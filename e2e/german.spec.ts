/**
 * The app in German (issue 19, part 4): a browser set to German gets <html lang="de"> and
 * German text on the map, the filters, a place page and the sign-in dialog (place names and
 * what parents wrote stay as they are); the language can be changed in the header's menu and
 * is remembered. With UPDATE_SCREENSHOTS=1 the German screenshots replace docs/screenshots/de-*.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { acceptTerms, expect, test } from './fixtures.ts';
import { checkPlainScreens, englishOnlyLines, shownTexts } from './support/english-lines.ts';
import { addPlace, PLACE_POSITION, seedLivelyPlace, signInOn, signInParent } from './place-page-fixtures.ts';

const AUCKLAND = { latitude: -36.8597, longitude: 174.7752 };

async function openMap(page: Page): Promise<void> {
  await acceptTerms(page);
  await page.goto('/MapView');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Spielplätze in deiner Nähe' })).toBeVisible();
}

test.describe('in German', () => {
  test.use({ locale: 'de-DE', geolocation: AUCKLAND, permissions: ['geolocation'] });

  test('the map, the filters, a place page and the sign-in dialog speak German', async ({
    page,
    baseURL,
  }) => {
    // Seeding, four screens and two dialogs: over 25 s on a busy machine.
    test.setTimeout(60_000);
    const id = await seedLivelyPlace(baseURL ?? '', 'de');
    await openMap(page);
    await expect(page.getByRole('list', { name: 'Spielorte, die nächsten zuerst' })).toBeVisible();
    await expect(page.getByText(/^[\d.,]+ k?m entfernt$/u).first()).toBeVisible();
    await expect(page.getByText(/^\d+\+? Orte? bis 25 km · die nächsten zuerst$/u)).toBeVisible();

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const filters = page.getByRole('dialog', { name: 'Filter' });
    await expect(filters).toBeVisible();
    await expect(filters.getByText('Drinnen oder draußen')).toBeVisible();
    await expect(filters.getByRole('radio', { name: 'Jedes Alter' })).toBeChecked();
    await filters.getByRole('radio', { name: 'Drinnen', exact: true }).check();
    await filters.getByRole('button', { name: 'Fertig' }).click();
    await expect(filters).toBeHidden();
    await page.getByRole('button', { name: 'Filter, 1 aktiv' }).click();
    await filters.getByRole('button', { name: 'Zurücksetzen' }).click();
    await filters.getByRole('button', { name: 'Fertig' }).click();
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();

    await page.goto(`/locations/${id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Zurück zur Karte' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gut für Kinder?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ich war hier' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Kommentare/u })).toBeVisible();

    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const signIn = page.getByRole('dialog', { name: 'Bei PlaySpot anmelden' });
    await expect(signIn).toBeVisible();
    await expect(signIn.getByText(/Dein Passwort sehen wir nie/u)).toBeVisible();
  });

  test('the language menu switches to English and back, and the choice is remembered', async ({ page }) => {
    await openMap(page);
    await page.getByRole('button', { name: 'Sprache: Deutsch' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Play spots near you' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    // Remembered on this device, over the browser's German.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Play spots near you' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  });
});

test.describe('from English', () => {
  test.use({ locale: 'en-NZ', geolocation: AUCKLAND, permissions: ['geolocation'] });

  test('choosing Deutsch in the menu turns the page German', async ({ page }) => {
    await acceptTerms(page);
    await page.goto('/MapView');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Spielplätze in deiner Nähe' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  });
});

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const size of sizes) {
  test.describe(`German ${size.name} screenshots`, () => {
    test.use({
      locale: 'de-DE',
      viewport: size.viewport,
      geolocation: AUCKLAND,
      permissions: ['geolocation'],
    });

    const save = (name: string) =>
      process.env.UPDATE_SCREENSHOTS
        ? path.join('docs', 'screenshots', `de-${name}-${size.name}.png`)
        : test.info().outputPath(`de-${name}-${size.name}.png`);

    test('map, filters, place page and sign-in', async ({ page, baseURL }) => {
      const id = await seedLivelyPlace(baseURL ?? '', `de_${size.name}`);
      await openMap(page);
      await expect(page.getByText('Auckland Domain Playground').first()).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: save('map') });

      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Filter' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: save('filters') });
      await page.getByRole('button', { name: 'Fertig' }).click();

      await page.goto(`/locations/${id}`);
      await expect(page.getByText(/^[\d.,]+ k?m entfernt$/u)).toBeVisible();
      await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
      await page.screenshot({ path: save('location'), fullPage: size.name === 'phone' });

      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Bei PlaySpot anmelden' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: save('sign-in') });
    });
  });
}

test.describe('every screen in German', () => {
  test.use({ locale: 'de-DE', geolocation: AUCKLAND, permissions: ['geolocation'] });

  test('shows no English text but names', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const base = baseURL ?? '';
    const patterns = englishOnlyLines('de');
    expect(patterns.length).toBeGreaterThan(200);
    const english = new Map<string, string[]>();
    const check = async (screen: string) => {
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      const found = (await shownTexts(page)).filter((text) => patterns.some((pattern) => pattern.test(text)));
      if (found.length > 0) english.set(screen, [...new Set(found)]);
    };

    // A place with the add form's tags and ages, facts and a condition, and one from OpenStreetMap.
    const creator = await signInParent(base, `Tagger_${Date.now().toString(36)}`);
    const tagged = await addPlace(creator, {
      name: 'Kōwhai Corner',
      tags: ['Swings', 'Fenced', 'Picnic tables'],
    });
    await creator.api.put(`/api/locations/${tagged}/facts/shade`, { data: { value: 'yes' } });
    await creator.api.put(`/api/locations/${tagged}/facts/surface`, { data: { value: 'bark' } });
    // A report rests on a visit logged at the place in the last hour (issue 30).
    const visited = await creator.api.post(`/api/locations/${tagged}/visits`, {
      data: { lat: PLACE_POSITION.latitude, lng: PLACE_POSITION.longitude, accuracy: 10 },
    });
    expect(visited.ok(), await visited.text()).toBe(true);
    const reported = await creator.api.post(`/api/locations/${tagged}/conditions`, {
      data: { kind: 'broken', equipment: 'swing' },
    });
    expect(reported.ok(), await reported.text()).toBe(true);
    await creator.api.dispose();
    const found = await page.request.get('/api/locations/search?q=Hanseplatz&lat=53.8599&lng=10.6633');
    const hanseplatz = ((await found.json()) as { items: { id: string; name: string }[] }).items.find(
      (item) => item.name === 'Hanseplatz',
    );
    if (!hanseplatz) throw new Error('Hanseplatz is not in the demo data');

    await openMap(page);
    await expect(page.getByRole('list', { name: 'Spielorte, die nächsten zuerst' })).toBeVisible();
    await check('map');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Filter' })).toBeVisible();
    await check('filters');
    await page.getByRole('button', { name: 'Fertig' }).click();

    await page.goto(`/locations/${tagged}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kōwhai Corner' })).toBeVisible();
    await expect(page.getByText('Schaukeln', { exact: true })).toBeVisible();
    await check('place page');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Bei PlaySpot anmelden' })).toBeVisible();
    await check('sign-in dialog');
    await page.keyboard.press('Escape');

    await page.goto(`/locations/${hanseplatz.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hanseplatz' })).toBeVisible();
    await check('imported place page');

    await checkPlainScreens(page, check);

    await signInOn(page.request, base, `Deutsch_${Date.now().toString(36)}`);
    for (const [screen, url] of [
      ['add a place', '/locations/new'],
      ['my places', '/profile/places'],
      ['profile', '/profile'],
    ] as const) {
      await page.goto(url);
      await expect(page.locator('main :is(h1, h2)').first()).toBeVisible();
      await check(screen);
    }
    await page.goto('/locations/new');
    await expect(page.getByRole('button', { name: 'Schaukeln' })).toBeVisible();
    await expect(page.getByRole('button', { name: '0–2 Jahre' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('de-add-place-phone.png'), fullPage: true });
    await page.goto(`/locations/${tagged}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kōwhai Corner' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('de-place-tags-phone.png'), fullPage: true });
    await page.goto(`/locations/${hanseplatz.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hanseplatz' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('de-imported-place-phone.png'), fullPage: true });

    expect(Object.fromEntries(english)).toEqual({});
  });
});
