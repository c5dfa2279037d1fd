/**
 * Every photo a parent picks opens the review (faces blurred, tap to blur more) before it is
 * used. Tests that are about something else accept each picked photo as it is.
 */
import { expect, type Page } from '@playwright/test';

export async function usePickedPhotos(page: Page, count = 1): Promise<void> {
  const review = page.getByRole('dialog', { name: 'Check your photo' });
  for (let index = 1; index <= count; index++) {
    if (count > 1)
      await expect(review.getByText(`Photo ${String(index)} of ${String(count)}`)).toBeVisible({
        timeout: 20_000,
      });
    const use = review.getByRole('button', { name: 'Use this photo' });
    await expect(use).toBeEnabled({ timeout: 20_000 });
    await use.click();
  }
  await expect(review).toBeHidden();
}
