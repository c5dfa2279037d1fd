/**
 * What a page load asks the server (issue 42): every answer once, nothing for a centre the map
 * is about to leave, and nothing again that the server's HTML already brought.
 */
import type { Page } from '@playwright/test';
import { acceptTerms, expect, test } from './fixtures.ts';
import { seedLivelyPlace } from './place-page-fixtures.ts';

/** The map's default centre (core DEFAULT_MAP_CENTER): Auckland. */
const DEFAULT_CENTRE = { lat: -36.848461, lng: 174.763336 };
const LUEBECK = { latitude: 53.8655, longitude: 10.6866 };
/** Long enough for the reads that once came a second time, 3-4 s after the load. */
const SETTLE_MS = 6_000;
/** Streams and counters, not reads of data. */
const NOT_READS = /^\/api\/(?:live|analytics)\b/u;

function recordReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/') && !NOT_READS.test(url.pathname))
      reads.push(`${url.pathname}${url.search}`);
  });
  return reads;
}

const duplicates = (reads: readonly string[]) => reads.filter((read, index) => reads.indexOf(read) !== index);

test.describe('a first visit with location allowed', () => {
  test.use({ geolocation: LUEBECK, permissions: ['geolocation'], viewport: { width: 390, height: 844 } });

  test('reads each answer once and nothing for the default centre', async ({ page }) => {
    await acceptTerms(page);
    const reads = recordReads(page);
    await page.goto('/MapView');
    await expect(
      page.getByRole('list', { name: 'Play spots, nearest first' }).or(page.getByRole('status')).first(),
    ).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    const lists = reads.filter((read) => read.startsWith('/api/locations/summaries'));
    expect(lists.length, 'the list is read').toBeGreaterThan(0);
    for (const read of reads.filter((r) => /\/api\/locations\/(?:summaries|viewport)/u.test(r))) {
      const query = new URL(read, 'http://x').searchParams;
      const lat = Number(query.get('lat') ?? query.get('south'));
      expect(Math.abs(lat - DEFAULT_CENTRE.lat), `${read} is not about Auckland`).toBeGreaterThan(1);
    }
    expect(duplicates(reads), 'reads made twice').toEqual([]);
  });
});

test("a place's page drawn by the server reads none of its answers again", async ({ page, baseURL }) => {
  const id = await seedLivelyPlace(baseURL ?? '', `reads${Date.now().toString(36)}`);
  await acceptTerms(page);
  const reads = recordReads(page);
  await page.goto(`/locations/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour View Playground' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-ssr-takeover', { timeout: 15_000 });
  await page.waitForTimeout(SETTLE_MS);
  const pageData = reads.filter(
    (read) => read.startsWith(`/api/locations/${id}`) || read.startsWith('/api/locations/summaries'),
  );
  expect(pageData, "the page's own answers, read again").toEqual([]);
  expect(duplicates(reads), 'reads made twice').toEqual([]);
});

test('a place opened inside the app is read in one request, its parts not again', async ({
  page,
  baseURL,
}) => {
  const id = await seedLivelyPlace(baseURL ?? '', `nav${Date.now().toString(36)}`);
  await acceptTerms(page);
  await page.goto('/MapView');
  await expect(page.locator('html')).not.toHaveAttribute('data-ssr-takeover', { timeout: 15_000 });
  const reads = recordReads(page);
  // A navigation inside the app (React Router follows the history), as a tap on a link does.
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/locations/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour View Playground' })).toBeVisible();
  await expect(page.getByText('Our two-year-old loved the toddler corner.', { exact: false })).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  const placeReads = reads.filter((read) => read.startsWith(`/api/locations/${id}`));
  expect(placeReads, 'one read for the whole page').toEqual([`/api/locations/${id}/page`]);
  // The place's data, once each (the map's settings, /api/config, were seen read twice once
  // while the map and the page's small map both started: a separate question).
  const dataReads = reads.filter((read) => read.startsWith('/api/locations'));
  expect(duplicates(dataReads), 'reads made twice').toEqual([]);
});
