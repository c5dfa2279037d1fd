/**
 * Clusters whenever pins would overlap (issue 32): zoomed out over Auckland, the demo's places
 * (far fewer than the server's 300 that start its clusters) are drawn as count bubbles where
 * their pins would cover each other, and no two markers on the map overlap; zoomed in, they
 * are pins again.
 */
import type { Page } from '@playwright/test';
import { acceptTerms, expect, skipLocationPrompt, test } from './fixtures.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function markerBoxes(page: Page): Promise<{ pins: Box[]; bubbles: { box: Box; count: number }[] }> {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    };
    return {
      pins: [...document.querySelectorAll('.playspot-marker')].map(box),
      bubbles: [...document.querySelectorAll('.playspot-cluster')].map((element) => ({
        box: box(element),
        count: Number(element.querySelector('[aria-hidden="true"]')?.textContent ?? 'NaN'),
      })),
    };
  });
}

function overlapping(boxes: Box[]): [Box, Box] | null {
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {
        return [a, b];
      }
    }
  }
  return null;
}

async function openMapAt(page: Page, zoom: number): Promise<void> {
  await acceptTerms(page);
  await skipLocationPrompt(page);
  await page.addInitScript(
    (view) => {
      localStorage.setItem('lastMapView', JSON.stringify(view));
    },
    { lat: -36.8597, lng: 174.7752, zoom },
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/MapView');
}

test('zoomed out over Auckland, overlapping pins become bubbles with counts, and none overlap', async ({
  page,
}) => {
  await openMapAt(page, 10);
  await expect(page.locator('.playspot-cluster').first()).toBeVisible();
  const { pins, bubbles } = await markerBoxes(page);
  expect(bubbles.every((bubble) => Number.isInteger(bubble.count) && bubble.count >= 2)).toBe(true);
  expect(overlapping([...pins, ...bubbles.map((bubble) => bubble.box)])).toBeNull();
  // Far fewer places than the server's own clustering starts at.
  const total = pins.length + bubbles.reduce((sum, bubble) => sum + bubble.count, 0);
  expect(total).toBeGreaterThan(10);
  expect(total).toBeLessThan(300);

  // A bubble opens up into its places.
  await page.locator('.playspot-cluster').first().click();
  await expect.poll(async () => (await markerBoxes(page)).pins.length).toBeGreaterThan(pins.length);
  const after = await markerBoxes(page);
  expect(overlapping([...after.pins, ...after.bubbles.map((bubble) => bubble.box)])).toBeNull();
});
