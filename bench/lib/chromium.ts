/**
 * Debian's Chromium as the benchmarks and the browser tests (playwright.config.ts) start it: no
 * sandbox (containers), nothing in the background.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
