import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical violations on the page as it stands, each with the
 * elements at fault (so a failure says where to look). Waits for the network to settle and
 * for transitions to end first: a dialog fading in has half-transparent text, which axe
 * would measure as too little contrast.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Settled, as far as the network goes; a page that keeps one request open (the place page's
  // small map) must not hang the check, which then looks at what is drawn.
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}
