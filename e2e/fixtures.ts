import { test as base, expect, type BrowserContext, type Page, type Route } from '@playwright/test';

/** A 1×1 light-green PNG: every map tile in tests, so nothing reaches the internet. */
export const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4+vUrAAWwAtYbU3BhAAAAAElFTkSuQmCC',
  'base64',
);

/** Anything not on the test server: map tiles from the stub, the rest refused. */
const OFF_SITE = /^https?:\/\/(?!127\.0\.0\.1)/;
async function stubOffSite(route: Route): Promise<void> {
  if (/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(route.request().url())) {
    await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  } else {
    await route.abort();
  }
}

/** What main.tsx logs when React's first render differed from the server's HTML. */
const HYDRATION_ERROR = 'React could not hydrate part of the page';

export const test = base.extend<{ page: Page; context: BrowserContext }>({
  page: async ({ page }, use) => {
    await page.route(OFF_SITE, stubOffSite);
    await use(page);
  },
  // Every page of every test: the app's first render matches the server's HTML (issue 42).
  context: async ({ context }, use) => {
    const mismatches: string[] = [];
    context.on('console', (message) => {
      if (message.text().startsWith(HYDRATION_ERROR))
        mismatches.push(`${message.page()?.url()}: ${message.text()}`);
    });
    await use(context);
    expect(mismatches, 'React reported a hydration mismatch').toEqual([]);
  },
});

/**
 * A page in another browser context (a second parent), kept off the internet like the
 * fixtures' page, with the terms accepted and the location prompt out of the way.
 */
export async function newPageOffTheInternet(context: BrowserContext): Promise<Page> {
  await context.route(OFF_SITE, stubOffSite);
  const page = await context.newPage();
  await acceptTerms(page);
  await skipLocationPrompt(page);
  return page;
}

export { expect };

/** Marks the terms as accepted before the app loads. */
export async function acceptTerms(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('hasAcceptedToS_v1', 'true');
  });
}

/** Marks location as already decided (denied) so the permission dialog stays away. */
export async function skipLocationPrompt(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('locationPermissionDenied', 'true');
  });
}
