/**
 * Towns in the search box (issue 33) on a phone: "Christchurch" typed in Auckland offers the
 * New Zealand town first; choosing it moves the map there (its places are listed).
 */
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a town chosen in the search moves the map there', async ({ page }) => {
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.goto('/MapView?lat=-36.8597&lng=174.7752');
  const search = page.getByRole('combobox', { name: 'Search play spots by name' });
  await search.fill('Christchurch');
  const town = page.getByRole('option', { name: /Christchurch.*New Zealand/ });
  // The first search of a fresh server waits for the gazetteer to load (a few seconds).
  await expect(town).toBeVisible({ timeout: 20_000 });
  // The New Zealand town (363 926 people) before the English one.
  await expect(page.getByRole('option').first()).toHaveText(/Christchurch.*New Zealand/);
  await page.screenshot({ path: test.info().outputPath('towns-search-en-phone.png') });
  // The map asks for the places in its new view: around Christchurch (172.6° E, 43.5° S).
  const movedThere = page.waitForRequest((request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('/api/locations/viewport')) return false;
    const west = Number(url.searchParams.get('west'));
    const south = Number(url.searchParams.get('south'));
    return west > 172 && west < 172.7 && south > -43.7 && south < -43.4;
  });
  await town.click();
  await movedThere;
  await page.screenshot({ path: test.info().outputPath('towns-chosen-en-phone.png') });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });
  test('"Zurich" without its accent finds Zürich, Schweiz', async ({ page }) => {
    await acceptTerms(page);
    await skipLocationPrompt(page);
    await page.goto('/MapView?lat=53.8655&lng=10.6866');
    await page.getByRole('combobox').fill('Zurich');
    await expect(page.getByRole('option').first()).toHaveText(/Zürich.*Schweiz/);
    await page.screenshot({ path: test.info().outputPath('towns-search-de-phone.png') });
  });
});
