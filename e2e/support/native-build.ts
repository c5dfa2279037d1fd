/** Where e2e/run.ts builds the web app for the native shell, pointed at the test server. */
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Per test server's port: two runs at once (two checkouts on one machine) build apart. */
export const NATIVE_TEST_BUILD = path.join(
  tmpdir(),
  `playspot-e2e-native-www-${process.env.E2E_PORT ?? '3199'}`,
);
export const NATIVE_GOOGLE_IOS_CLIENT = 'e2e-ios.apps.googleusercontent.com';
export const NATIVE_GOOGLE_WEB_CLIENT = 'e2e-web.apps.googleusercontent.com';
/** Apple's audience for the app's ID tokens: its bundle id. */
export const NATIVE_APPLE_CLIENT = 'app.playspot';
