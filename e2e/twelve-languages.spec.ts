/**
 * Every screen in each of the twelve languages (issue 46), at 390×844, one pass each: the map,
 * the filter sheet, a place's page, the sign-in dialog, events, deals, about, the terms, and
 * signed in the add-a-place form, My places and the profile. A browser set to the language gets
 * `<html lang dir>` (right to left for Arabic), and every screen fails on
 *  - a raw key shown instead of its text,
 *  - English where the language has its own text (the English-only lines of every namespace),
 *  - a button, chip, label or heading whose text overflows its box (`scrollWidth >
 *    clientWidth`; a visually hidden heading, 1 px wide, aside), or sideways scrolling.
 * The map is also checked at 360 px, a small Android phone. Screenshots of the map in ar, ja
 * and pl go to the test's output folder (issue-46-screenshots.spec.ts shoots four screens).
 */
import { acceptTerms, expect, test } from './fixtures.ts';
import {
  checkPlainScreens,
  englishOnlyLines,
  localeText as text,
  screenProblems,
} from './support/english-lines.ts';
import { addPlace, signInOn, signInParent } from './place-page-fixtures.ts';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'tr', 'uk', 'ar', 'ja'] as const;
const AUCKLAND = { latitude: -36.8597, longitude: 174.7752 };
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

    test('every screen speaks the language, mirrored for Arabic, and nothing overflows', async ({
      page,
      baseURL,
    }, info) => {
      test.setTimeout(150_000);
      const base = baseURL ?? '';
      const english = language === 'en' ? [] : englishOnlyLines(language);
      const found: Record<string, string[]> = {};
      const check = async (screen: string) => {
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        const problems = await screenProblems(page, english);
        if (problems.length > 0) found[screen] = problems;
      };
      const creator = await signInParent(base, `Lang_${language}_${Date.now().toString(36)}`);
      const place = await addPlace(creator, { name: 'Kōwhai Corner', tags: ['Swings', 'Fenced'] });
      await creator.api.put(`/api/locations/${place}/facts/shade`, { data: { value: 'yes' } });
      await creator.api.dispose();

      await acceptTerms(page);
      await page.goto('/MapView');
      await expect(page.getByRole('heading', { name: text(language, 'map', 'title.nearYou') })).toBeVisible();
      await expect(page.getByRole('list', { name: text(language, 'map', 'list.label') })).toBeVisible();
      await check('map');
      // Nothing wider than a 360 px Android phone either: a row too wide for its words (the
      // header's sign-in in Arabic) made the whole page scroll sideways.
      await page.setViewportSize({ width: 360, height: 844 });
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (sideways > 0) found['map at 360 px'] = [`scrolls sideways by ${String(sideways)} px`];
      await page.setViewportSize({ width: 390, height: 844 });
      if (language === 'ar' || language === 'ja' || language === 'pl')
        await page.screenshot({ path: info.outputPath(`map-${language}-phone.png`) });

      await page
        .getByRole('button', { name: text(language, 'common', 'filtersButton.label'), exact: true })
        .click();
      const filters = page.getByRole('dialog', { name: text(language, 'filters', 'title') });
      await expect(filters).toBeVisible();
      await check('filters');
      await filters.getByRole('button', { name: text(language, 'filters', 'done') }).click();

      await page.goto(`/locations/${place}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Kōwhai Corner' })).toBeVisible();
      await check('place page');
      await page
        .getByRole('button', { name: text(language, 'auth', 'signIn'), exact: true })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('sign-in dialog');
      await page.keyboard.press('Escape');

      await checkPlainScreens(page, check);

      await signInOn(page.request, base, `Lang_${language}_me_${Date.now().toString(36)}`);
      for (const [screen, url] of [
        ['add a place', '/locations/new'],
        ['my places', '/profile/places'],
        ['profile', '/profile'],
      ] as const) {
        await page.goto(url);
        await expect(page.locator('main :is(h1, h2)').first()).toBeVisible();
        await check(screen);
      }

      expect(found).toEqual({});
    });
  });
}
