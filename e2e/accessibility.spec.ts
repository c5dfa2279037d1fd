import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';

for (const path of ['/MapView', '/AboutUs', '/terms']) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await acceptTerms(page);
    await skipLocationPrompt(page);
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
