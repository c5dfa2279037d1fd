/**
 * `npm test`'s browser step: builds the web app and runs the Playwright suite in Debian's
 * Chromium. Without Chromium (a laptop that never installed it) it says so and stops, except
 * in CI, where a missing browser is a failure.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Browser tests need Chromium at ${chromium} (Debian: apt-get install chromium, or set CHROMIUM_PATH).`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`Skipping the browser tests. ${message}`);
  process.exit(0);
}

// The test build includes the page that throws on purpose, to check the error page.
execFileSync('npm', ['run', 'build', '--workspace', '@playspot/web'], {
  stdio: 'inherit',
  env: { ...process.env, VITE_ENABLE_CRASH_ROUTE: 'true' },
});
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
