/**
 * The first screen in each of the twelve languages (issue 46), at 390×844: a browser set to
 * the language gets `<html lang dir>` (right to left for Arabic) and the map's own words in
 * that language, no raw key, no button or heading whose text overflows its box (a
 * visually hidden heading, 1 px wide, aside), and no sideways scrolling at 390 or 360 px.
 * Screenshots of ar, ja and pl go to the test's output folder (UPDATE_SCREENSHOTS=1 keeps them
 * in docs/screenshots/).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { acceptTerms, expect, test } from './fixtures.ts';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'tr', 'uk', 'ar', 'ja'] as const;
const AUCKLAND = { latitude: -36.8597, longitude: 174.7752 };
const LOCALES = path.join(import.meta.dirname, '../apps/web/src/locales');

function mapText(language: string): { nearYou: string; listLabel: string } {
  const map = JSON.parse(readFileSync(path.join(LOCALES, language, 'map.json'), 'utf8')) as {
    list: { label: string };
    title: { nearYou: string };
  };
  return { nearYou: map.title.nearYou, listLabel: map.list.label };
}

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.use({
      locale: language === 'en' ? 'en-NZ' : language,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      geolocation: AUCKLAND,
      permissions: ['geolocation'],
    });

    test('the map speaks the language, mirrored for Arabic, and nothing overflows', async ({
      page,
    }, info) => {
      const { nearYou, listLabel } = mapText(language);
      await acceptTerms(page);
      await page.goto('/MapView');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { name: nearYou })).toBeVisible();
      await expect(page.getByRole('list', { name: listLabel })).toBeVisible();
      // No i18next key shown instead of its text (namespace:key or a dotted key alone).
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/\b[a-z-]+:[a-z]+(?:\.[a-zA-Z]+)+\b/u);
      const overflowing = await page
        .locator('button, [role=button], h1, h2, h3')
        .evaluateAll((elements) =>
          elements
            .filter((element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1)
            .map((element) => `${element.tagName} "${element.textContent.slice(0, 40)}"`),
        );
      expect(overflowing).toEqual([]);
      // Nothing wider than the phone: a row too wide for its words (the header's sign-in in
      // Arabic) made the whole page scroll sideways. Also on a 360 px Android phone.
      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: 844 });
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(sideways, `${String(width)} px wide`).toBe(0);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      if (language === 'ar' || language === 'ja' || language === 'pl') {
        await page.screenshot({ path: info.outputPath(`map-${language}-phone.png`) });
      }
    });
  });
}
