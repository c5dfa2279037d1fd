/**
 * The play-equipment chips in the filters (issue 33) on a phone: a parent asks for a zip line
 * and the list keeps the place that has one; the chip counts on the badge and is kept on the
 * device. English and German.
 */
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';
import { addPlace, signInParent } from './place-page-fixtures.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;

/** Invercargill (New Zealand): no demo place is near. */
const INVERCARGILL = { latitude: -46.4132, longitude: 168.3538 };

for (const lang of ['en', 'de'] as const) {
  const de = lang === 'de';
  test.describe(`equipment filter on a phone, ${lang}`, () => {
    test.use({
      viewport: { width: 390, height: 844 },
      locale: de ? 'de-DE' : 'en-NZ',
      isMobile: true,
      hasTouch: true,
    });

    test('a zip line chip keeps the place that has one', async ({ page, baseURL }) => {
      const suffix = unique(lang);
      const parent = await signInParent(baseURL ?? '', unique(`EqFilter_${lang}_`));
      const withZip = await addPlace(parent, { name: `Zip Park ${suffix}`, tags: ['Fort'], ...INVERCARGILL });
      await addPlace(parent, {
        name: `Swing Park ${suffix}`,
        tags: ['Fort'],
        latitude: INVERCARGILL.latitude + 0.003,
        longitude: INVERCARGILL.longitude,
      });
      const said = await parent.api.put(`/api/locations/${withZip}/equipment/zipline`, {
        data: { present: true },
      });
      expect(said.ok()).toBe(true);
      await parent.api.dispose();

      await acceptTerms(page);
      await skipLocationPrompt(page);
      await page.goto(`/MapView?lat=${INVERCARGILL.latitude}&lng=${INVERCARGILL.longitude}&radius=2`);
      await expect(page.getByText(`Swing Park ${suffix}`).first()).toBeVisible();

      const filtersName = de ? 'Filter' : 'Filters';
      await page.getByRole('button', { name: filtersName, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: filtersName });
      const equipment = dialog.getByRole('group', { name: de ? 'Spielgeräte' : 'Play equipment' });
      await equipment.scrollIntoViewIfNeeded();
      await expect(equipment.getByText(de ? 'Seilbahn' : 'Zip line')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`filters-equipment-${lang}-phone.png`) });
      // By keyboard: on a phone the dialog's sticky buttons may cover the chip.
      const zip = equipment.getByRole('checkbox', { name: de ? 'Seilbahn' : 'Zip line' });
      await zip.focus();
      await page.keyboard.press('Space');
      await expect(zip).toBeChecked();
      await dialog.getByRole('button', { name: de ? 'Fertig' : 'Done' }).click();

      await expect(
        page.getByRole('button', { name: de ? 'Filter, 1 aktiv' : 'Filters, 1 active' }),
      ).toBeVisible();
      await expect(page.getByText(`Zip Park ${suffix}`).first()).toBeVisible();
      await expect(page.getByText(`Swing Park ${suffix}`)).toHaveCount(0);
      const stored = await page.evaluate(() => localStorage.getItem('locationFilters'));
      expect(JSON.parse(stored ?? '{}')).toMatchObject({ equipment: ['zipline'] });
    });
  });
}
