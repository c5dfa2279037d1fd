import { AxeBuilder } from '@axe-core/playwright';
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';

for (const path of ['/MapView', '/AboutUs', '/terms']) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await acceptTerms(page);
    await skipLocationPrompt(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
}
