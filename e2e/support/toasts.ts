import { expect, type Page } from '@playwright/test';

/**
 * Closes every toast, including those queued behind the three on screen, which appear as
 * the first ones go. A toast of an unfocused page never times out by itself (toasts pause
 * when the window loses focus), so each is closed with its button until none is left.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const notifications = page.getByRole('region', { name: /Notifications/ });
  await expect(async () => {
    for (const close of await notifications.getByRole('button', { name: 'close' }).all()) {
      // A toast that slid away meanwhile is fine to skip.
      await close.click({ timeout: 1_000, force: true }).catch(() => undefined);
    }
    await expect(notifications.getByRole('alert')).toHaveCount(0, { timeout: 1_500 });
  }).toPass({ timeout: 20_000 });
}
