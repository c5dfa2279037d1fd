import { acceptTerms, test } from './fixtures.ts';
import { signInOn } from './location-page-fixtures.ts';

test.use({ locale: 'en-NZ', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('probe', async ({ page, baseURL }) => {
  await acceptTerms(page);
  await signInOn(page.request, baseURL ?? '', `Probe_${Date.now().toString(36)}`);
  for (const url of ['/locations/new', '/profile/places']) {
    await page.goto(url);
    await page.locator('main :is(h1, h2)').first().waitFor();
  }
  await page.goto('/profile');
  await page.locator('main :is(h1, h2)').first().waitFor();
  await page.waitForTimeout(1500);
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > width + 1 || e.getBoundingClientRect().left < -1)
      .slice(0, 12)
      .map((e) => `${e.tagName}.${String(e.getAttribute('class')).slice(0, 80)} right=${Math.round(e.getBoundingClientRect().right)} "${(e.textContent ?? '').slice(0, 40)}"`);
  });
  console.log('WIDE', JSON.stringify(wide, null, 1), await page.evaluate(() => document.documentElement.scrollWidth));
  await page.screenshot({ path: '/tmp/wt46tmp/profile-en.png' });
});
