/// <reference lib="dom" />
/**
 * Interaction latency on /MapView at a 4× slower CPU (issue 42), as the Event Timing API
 * measures it (what INP is made of): for each interaction, the longest event of it, from the
 * tap to the next paint. Three interactions a parent makes in the first minute: opening the
 * filter sheet, toggling a filter chip in it, and opening a place from the list. Debian's
 * Chromium through Playwright, a phone-sized page, tiles blocked.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS } from './chromium.ts';

export interface InteractionFigures {
  readonly openFilters: number;
  readonly toggleChip: number;
  readonly openPlace: number;
}

export const CPU_SLOWDOWN = 4;

/** Collects each interaction's longest event on the page (Event Timing, 16 ms and up). */
function watchInteractions(): void {
  const longest = new Map<number, number>();
  (window as { interactionLongest?: Map<number, number> }).interactionLongest = longest;
  new PerformanceObserver((list) => {
    // interactionId is in Chromium's Event Timing, not yet in TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
      if (entry.interactionId === 0) continue;
      longest.set(entry.interactionId, Math.max(longest.get(entry.interactionId) ?? 0, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** The longest interaction since `since` interactions were seen, once its entries are in. */
async function latestInteraction(page: Page, since: number): Promise<number> {
  // Event Timing entries arrive after the next paint; give them a moment.
  await page.waitForTimeout(500);
  return page.evaluate((seen) => {
    const longest = (window as { interactionLongest?: Map<number, number> }).interactionLongest;
    const all = [...(longest?.values() ?? [])].slice(seen);
    return all.length === 0 ? 0 : Math.max(...all);
  }, since);
}

const interactionsSeen = (page: Page) =>
  page.evaluate(() => (window as { interactionLongest?: Map<number, number> }).interactionLongest?.size ?? 0);

export async function measureInteractions(baseUrl: string, chromePath: string): Promise<InteractionFigures> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [...CHROMIUM_FLAGS],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.route(/tile\.openstreetmap\.org/u, (route) => route.abort());
    await context.addInitScript(() => {
      localStorage.setItem('hasAcceptedToS_v1', 'true');
      localStorage.setItem('locationPermissionDenied', 'true');
    });
    await context.addInitScript(watchInteractions);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/MapView`);
    const list = page.getByRole('list', { name: 'Play spots, nearest first' });
    await list.getByRole('button').first().waitFor();
    // Everything the first screen loads after it appears (the map, dialogs' code) is in.
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    let seen = await interactionsSeen(page);
    await page.getByRole('button', { name: /^Filters/u }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    const openFilters = await latestInteraction(page, seen);

    seen = await interactionsSeen(page);
    await sheet.getByRole('checkbox').first().click({ force: true });
    const toggleChip = await latestInteraction(page, seen);
    await sheet.getByRole('checkbox').first().click({ force: true });
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await page.waitForTimeout(500);

    seen = await interactionsSeen(page);
    await list.getByRole('button').first().click();
    await page.getByRole('link', { name: 'See details' }).waitFor();
    const openPlace = await latestInteraction(page, seen);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { openFilters, toggleChip, openPlace };
  } finally {
    await browser.close();
  }
}
