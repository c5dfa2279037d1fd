/**
 * My places (issue 18): a parent saves two places from their pages, finds them in My places
 * nearest first, opens one, and takes the other out; a second parent sees none of it.
 */
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';
import { addPlace, signInOn, signInParent } from './place-page-fixtures.ts';

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

test('saves places, lists them nearest first, opens and removes one', async ({ page, baseURL, context }) => {
  const base = baseURL ?? '';
  const creator = await signInParent(base, unique('Saver_Creator_'));
  // The parent stands at the Auckland Domain: the first place is about 1 km away, the second 6 km.
  const near = await addPlace(creator, { name: 'Near Saved Swings', tags: ['Swings'], latitude: -36.8507 });
  const far = await addPlace(creator, { name: 'Far Saved Fort', tags: ['Fort'], latitude: -36.8057 });
  await creator.api.dispose();

  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: -36.8597, longitude: 174.7765 });
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await signInOn(page.request, base, unique('Saver_'));

  for (const id of [far, near]) {
    await page.goto(`/locations/${id}`);
    const save = page.getByRole('button', { name: 'Save to My places' });
    await save.click();
    await expect(page.getByRole('button', { name: 'Saved to My places' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }

  // Reload: the page still knows it is saved.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Saved to My places' })).toBeVisible();

  await page.goto('/profile/places');
  await expect(page.getByRole('heading', { level: 1, name: 'My places' })).toBeVisible();
  const names = page.getByRole('listitem').locator('a span.font-display');
  await expect(names).toHaveText(['Near Saved Swings', 'Far Saved Fort']);
  await expect(page.getByText('2 places · nearest first')).toBeVisible();
  await expect(page.getByText(/1(\.\d)? km away/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Remove Far Saved Fort from My places' }).click();
  await expect(names).toHaveText(['Near Saved Swings']);

  await page.getByRole('link', { name: /Near Saved Swings/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Near Saved Swings' })).toBeVisible();
  await page.getByRole('button', { name: 'Saved to My places' }).click();
  await expect(page.getByRole('button', { name: 'Save to My places' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await page.goto('/profile/places');
  await expect(page.getByText('No saved places yet.', { exact: false })).toBeVisible();
});

test('asks a signed-out parent to sign in instead of saving', async ({ page, baseURL }) => {
  const creator = await signInParent(baseURL ?? '', unique('Saver_Creator2_'));
  const id = await addPlace(creator, { name: 'Signed Out Slide', tags: ['Slide'] });
  await creator.api.dispose();
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.goto(`/locations/${id}`);
  await page.getByRole('button', { name: 'Save to My places' }).click();
  await expect(page.getByRole('dialog', { name: /sign in/i })).toBeVisible();
});

test.describe('screenshots', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('My places on a phone and a desktop, and the save button on a phone', async ({ page, baseURL }) => {
    const base = baseURL ?? '';
    const creator = await signInParent(base, unique('Shot_Creator_'));
    const ids = [
      await addPlace(creator, {
        name: 'Victoria Park Adventure Playground',
        tags: ['Fort'],
        latitude: -36.8487,
      }),
      await addPlace(creator, { name: 'Cornwall Park Playground', tags: ['Swings'], latitude: -36.8957 }),
    ];
    await creator.api.dispose();
    await acceptTerms(page);
    await skipLocationPrompt(page);
    const userName = unique('Shot_Saver_');
    await signInOn(page.request, base, userName);
    for (const id of ids) {
      const saved = await page.request.put(`/api/me/favourites/${id}`, {
        headers: { origin: new URL(base).origin },
      });
      expect(saved.ok()).toBe(true);
    }
    await page.goto('/profile/places');
    await expect(page.getByText('2 places · newest saved first')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('my-places-phone.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByText('2 places · newest saved first')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('my-places-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/locations/${ids[0] ?? ''}`);
    const saved = page.getByRole('button', { name: 'Saved to My places' });
    await saved.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('place-saved-phone.png') });
  });
});
