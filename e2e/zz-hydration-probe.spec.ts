import { acceptTerms, expect, test } from './fixtures.ts';
import { addPlace, signInParent } from './location-page-fixtures.ts';

test.use({ locale: 'en-NZ', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, geolocation: { latitude: -36.8597, longitude: 174.7752 }, permissions: ['geolocation'] });

test('probe', async ({ page, baseURL, request }) => {
  const creator = await signInParent(baseURL ?? '', `Probe_${Date.now().toString(36)}`);
  const place = await addPlace(creator, { name: 'Kōwhai Corner', tags: ['Swings', 'Fenced'] });
  await creator.api.put(`/api/locations/${place}/facts/shade`, { data: { value: 'yes' } });
  await creator.api.dispose();
  const html = await (await request.get(`/locations/${place}`)).text();
  const root = /<div id="root"[^>]*>([\s\S]*)<!--ssr:end-->/u.exec(html)?.[1] ?? '';
  const serverText = root.replace(/<script[\s\S]*?<\/script>/gu, '').replace(/<[^>]+>/gu, '\n').split('\n').map((s) => s.trim()).filter(Boolean);
  await acceptTerms(page);
  page.on('console', (m) => { if (m.text().includes('hydrate')) console.log('CONSOLE', m.text().slice(0, 200)); });
  await page.goto(`/locations/${place}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kōwhai Corner' })).toBeVisible();
  await page.waitForTimeout(1500);
  const clientText = (await page.locator('#root').innerText()).split('\n').map((s) => s.trim()).filter(Boolean);
  console.log('ONLY SERVER', JSON.stringify(serverText.filter((t) => !clientText.includes(t)).slice(0, 30)));
  console.log('ONLY CLIENT', JSON.stringify(clientText.filter((t) => !serverText.includes(t)).slice(0, 30)));
});
