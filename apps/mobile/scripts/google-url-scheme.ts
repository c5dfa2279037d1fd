/**
 * Google Sign-In on iOS returns to the app through a URL scheme: the iOS client id reversed
 * (`1234-abcd.apps.googleusercontent.com` → `com.googleusercontent.apps.1234-abcd`), declared
 * in Info.plist's CFBundleURLTypes. `npm run mobile:sync` writes it from
 * PLAYSPOT_GOOGLE_IOS_CLIENT_ID (app-config.ts), and removes it when that is unset (then the
 * app offers no Google sign-in on iOS), so Info.plist never names a client the build lacks.
 */

const CLIENT_SUFFIX = '.apps.googleusercontent.com';

/** The URL scheme for a Google iOS client id; throws for anything that is not one. */
export function googleUrlScheme(iosClientId: string): string {
  const prefix = iosClientId.endsWith(CLIENT_SUFFIX) ? iosClientId.slice(0, -CLIENT_SUFFIX.length) : '';
  if (!/^[A-Za-z0-9-]+$/u.test(prefix)) {
    throw new Error(
      `PLAYSPOT_GOOGLE_IOS_CLIENT_ID must be a Google iOS client id (…${CLIENT_SUFFIX}), got "${iosClientId}"`,
    );
  }
  return `com.googleusercontent.apps.${prefix}`;
}

/** The block this module writes (and finds again): a tab-indented entry of the top dict. */
const URL_TYPES_BLOCK = /\t<key>CFBundleURLTypes<\/key>\n\t<array>\n[\s\S]*?\n\t<\/array>\n/u;
/** Where a new block goes: before the key that follows it alphabetically, as Xcode orders keys. */
const INSERT_BEFORE = '\t<key>CFBundleVersion</key>\n';

/** Info.plist's text with the Google URL scheme for `iosClientId`, or without any when null. */
export function withGoogleUrlScheme(infoPlist: string, iosClientId: string | null): string {
  const withoutBlock = infoPlist.replace(URL_TYPES_BLOCK, '');
  if (iosClientId === null) return withoutBlock;
  if (!withoutBlock.includes(INSERT_BEFORE)) {
    throw new Error('Info.plist has no CFBundleVersion key to put the URL types before');
  }
  const block =
    '\t<key>CFBundleURLTypes</key>\n' +
    '\t<array>\n' +
    '\t\t<dict>\n' +
    '\t\t\t<key>CFBundleURLName</key>\n' +
    '\t\t\t<string>Google Sign-In</string>\n' +
    '\t\t\t<key>CFBundleURLSchemes</key>\n' +
    '\t\t\t<array>\n' +
    `\t\t\t\t<string>${googleUrlScheme(iosClientId)}</string>\n` +
    '\t\t\t</array>\n' +
    '\t\t</dict>\n' +
    '\t</array>\n';
  return withoutBlock.replace(INSERT_BEFORE, `${block}${INSERT_BEFORE}`);
}
