/**
 * The first screen as the server draws it, and as the app draws it once it has taken over
 * (issue 28): the same layout at phone and desktop sizes, so a parent sees no jump. "Before"
 * is the page with JavaScript off (exactly what paints before any script has run); "after"
 * is the same page once the app has replaced the server's HTML. The places of the elements a
 * parent reads first are compared, and both screenshots are kept (UPDATE_SCREENSHOTS=1 puts
 * them in docs/screenshots).
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seedLivelyPlace } from './location-page-fixtures.ts';

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/** What a parent reads first on each page, found by role and name in both drawings. */
const LANDMARKS = {
  map: [
    (page: Page) => page.getByRole('banner'),
    (page: Page) => page.getByRole('dialog', { name: /Discover, Share/ }),
    (page: Page) => page.getByRole('button', { name: /^Explore/ }),
  ],
  place: [
    (page: Page) => page.getByRole('banner'),
    (page: Page) => page.getByRole('heading', { level: 1, name: 'Harbour View Playground' }),
    (page: Page) => page.getByText('A big wooden fort with a flying fox'),
    (page: Page) => page.getByRole('dialog', { name: /Discover, Share/ }),
  ],
} as const;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

async function boxesOf(page: Page, kind: keyof typeof LANDMARKS): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const find of LANDMARKS[kind]) {
    const box = await find(page).first().boundingBox();
    expect(box, `${kind}: landmark ${String(boxes.length + 1)} is drawn`).not.toBeNull();
    if (box) boxes.push(box);
  }
  return boxes;
}

/** The page as drawn with scripts off, and as drawn once the app has taken over. */
async function drawBoth(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  kind: keyof typeof LANDMARKS,
  save: (name: string) => string,
): Promise<{ before: Box[]; after: Box[] }> {
  const still = await browser.newContext({ viewport, javaScriptEnabled: false });
  const stillPage = await still.newPage();
  await stillPage.goto(url);
  const before = await boxesOf(stillPage, kind);
  await stillPage.screenshot({ path: save(`first-screen-${kind}-server`) });
  await still.close();

  const live = await browser.newContext({ viewport });
  const livePage = await live.newPage();
  await livePage.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await livePage.goto(url);
  // The boot script marks the takeover on <html>; the app removes the mark once its screen is in.
  await expect(livePage.locator('html')).not.toHaveAttribute('data-ssr-takeover', { timeout: 15_000 });
  const after = await boxesOf(livePage, kind);
  await livePage.screenshot({ path: save(`first-screen-${kind}-app`) });
  await live.close();
  return { before, after };
}

function expectSameLayout(before: Box[], after: Box[]): void {
  expect(after).toHaveLength(before.length);
  before.forEach((box, index) => {
    const drawn = after[index];
    if (!drawn) return;
    // Two pixels: text may be measured a hair differently once the app has drawn it.
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(drawn[side] - box[side]), `landmark ${String(index + 1)} ${side}`).toBeLessThanOrEqual(
        2,
      );
  });
}

for (const size of sizes) {
  test.describe(`the first screen at ${size.name} size`, () => {
    const save = (name: string) =>
      process.env.UPDATE_SCREENSHOTS
        ? path.join('docs', 'screenshots', `${name}-${size.name}.png`)
        : test.info().outputPath(`${name}-${size.name}.png`);

    test('/MapView on a first visit: the server draws what the app then shows', async ({
      browser,
      baseURL,
    }) => {
      const { before, after } = await drawBoth(browser, `${baseURL}/MapView`, size.viewport, 'map', save);
      expectSameLayout(before, after);
    });

    test("a place's page on a first visit: the server draws what the app then shows", async ({
      browser,
      baseURL,
    }) => {
      const id = await seedLivelyPlace(baseURL ?? '', `ssr${size.name}`);
      const { before, after } = await drawBoth(
        browser,
        `${baseURL}/locations/${id}`,
        size.viewport,
        'place',
        save,
      );
      expectSameLayout(before, after);
    });
  });
}
