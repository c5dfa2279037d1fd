/**
 * Clusters whenever pins would overlap (issue 32): zoomed out over Auckland, the demo's places
 * (far fewer than the server's 300 that start its clusters) are drawn as count bubbles where
 * their pins would cover each other, and no two markers on the map overlap; zoomed in, they
 * are pins again.
 */
import type { Page } from '@playwright/test';
import { acceptTerms, expect, test } from './fixtures.ts';

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
      pins: Array.from(document.querySelectorAll('.playspot-marker')).map(box),
      bubbles: Array.from(document.querySelectorAll('.playspot-cluster')).map((element) => ({
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

/** The map around the Auckland Domain (the parent stands there), zoomed out `steps` times. */
async function openMapZoomedOut(page: Page, steps: number): Promise<void> {
  await acceptTerms(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/MapView');
  await expect(page.getByRole('list', { name: 'Play spots, nearest first' })).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  for (let step = 0; step < steps; step++) {
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForTimeout(400);
  }
}

test.use({ geolocation: { latitude: -36.8597, longitude: 174.7752 }, permissions: ['geolocation'] });

test('zoomed out over Auckland, overlapping pins become bubbles with counts, and none overlap', async ({
  page,
}) => {
  await openMapZoomedOut(page, 3);
  await expect(page.locator('.playspot-cluster').first()).toBeVisible();
  // Once the zoom has settled (markers move while it animates, slowly on a busy machine).
  await expect
    .poll(async () => {
      const drawn = await markerBoxes(page);
      return overlapping([...drawn.pins, ...drawn.bubbles.map((bubble) => bubble.box)]);
    })
    .toBeNull();
  const { pins, bubbles } = await markerBoxes(page);
  // The parent's blue dot stays on top of the bubbles and pins around it (issue 49: a bubble
  // over the Domain, where the parent stands, hid it).
  const dot = await page.locator('path.playspot-me').boundingBox();
  if (!dot) throw new Error('no blue dot');
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.classList.contains('playspot-me') ?? false,
    { x: dot.x + dot.width / 2, y: dot.y + dot.height / 2 },
  );
  expect(onTop, 'the blue dot is the topmost thing at its centre').toBe(true);
  // Wherever a bubble lands, the dot's layer is drawn above the markers' (on b756146 it was in
  // Leaflet's overlay pane, z-index 400, under the marker pane's 600).
  const layers = await page.evaluate(() => {
    const zOf = (element: Element | null | undefined) =>
      element ? Number(getComputedStyle(element).zIndex) : Number.NaN;
    const dotPane = document.querySelector('path.playspot-me')?.closest('.leaflet-pane');
    return { dot: zOf(dotPane), markers: zOf(document.querySelector('.leaflet-marker-pane')) };
  });
  expect(
    layers.dot,
    `the dot's layer (${layers.dot}) above the markers' (${layers.markers})`,
  ).toBeGreaterThan(layers.markers);
  expect(bubbles.every((bubble) => Number.isInteger(bubble.count) && bubble.count >= 2)).toBe(true);
  expect(overlapping([...pins, ...bubbles.map((bubble) => bubble.box)])).toBeNull();
  // Far fewer places than the server's own clustering starts at.
  const total = pins.length + bubbles.reduce((sum, bubble) => sum + bubble.count, 0);
  expect(total).toBeGreaterThan(10);
  expect(total).toBeLessThan(300);

  // A bubble opens up into its places: the map zooms to them, so that bubble is gone and
  // at least its count of places is drawn (other places may leave the narrower view).
  const [opened] = bubbles;
  if (!opened) throw new Error('no bubble to open');
  await page.locator('.playspot-cluster').first().click();
  const drawnCount = (drawn: Awaited<ReturnType<typeof markerBoxes>>) =>
    drawn.pins.length + drawn.bubbles.reduce((sum, bubble) => sum + bubble.count, 0);
  await expect
    .poll(async () => {
      const drawn = await markerBoxes(page);
      const same = drawn.bubbles.some(
        (bubble) =>
          bubble.count === opened.count &&
          Math.abs(bubble.box.x - opened.box.x) < 2 &&
          Math.abs(bubble.box.y - opened.box.y) < 2,
      );
      return !same && drawnCount(drawn) >= opened.count;
    })
    .toBe(true);
  const after = await markerBoxes(page);
  expect(overlapping([...after.pins, ...after.bubbles.map((bubble) => bubble.box)])).toBeNull();
});
