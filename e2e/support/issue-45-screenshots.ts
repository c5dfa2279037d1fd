/**
 * Issue 45's phone screenshots, taken only when SCREENSHOTS_45 names a folder (the README's
 * pictures are refreshed on demand), with the sheet half open as a parent pulls it up to read it.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';

export async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOTS_45;
  if (!folder) return;
  const handle = page.locator('[aria-controls="results-body"][aria-expanded="false"]');
  if ((await handle.count()) > 0) {
    await handle.click();
    await page.waitForTimeout(400);
  }
  await page.screenshot({ path: path.join(folder, `${name}-phone.png`), animations: 'disabled' });
}
