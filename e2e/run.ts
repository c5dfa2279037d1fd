/**
 * `npm test`'s browser step: builds the web app (and its build for the native shell) and runs the Playwright suite in Debian's
 * Chromium. Without Chromium (a laptop that never installed it) it says so and stops, except
 * in CI, where a missing browser is a failure.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  NATIVE_GOOGLE_IOS_CLIENT,
  NATIVE_GOOGLE_WEB_CLIENT,
  NATIVE_TEST_BUILD,
} from './support/native-build.ts';

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
// The build for the native shell (apps/mobile), calling the test server, for native.spec.ts.
execFileSync(
  'npx',
  ['vite', 'build', '--mode', 'native', '--outDir', NATIVE_TEST_BUILD, '--emptyOutDir', '--logLevel', 'warn'],
  {
    cwd: 'apps/web',
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_API_ORIGIN: `http://127.0.0.1:${process.env.E2E_PORT ?? '3199'}`,
      VITE_GOOGLE_IOS_CLIENT_ID: NATIVE_GOOGLE_IOS_CLIENT,
      VITE_GOOGLE_WEB_CLIENT_ID: NATIVE_GOOGLE_WEB_CLIENT,
    },
  },
);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
