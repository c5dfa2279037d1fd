/**
 * The native apps' build configuration, read from the environment when the web app is built
 * for the shell and when Capacitor syncs the native projects (both read this one file). Every
 * value has a default, so `npm run mobile:sync` works on a clean checkout; a release build
 * sets them (docs/native-apps.md).
 */

function httpsOrigin(name: string, fallback: string): string {
  const value = process.env[name]?.trim() || fallback;
  if (!URL.canParse(value) || new URL(value).protocol !== 'https:') {
    throw new Error(`${name} must be an https:// URL (the server the app talks to), got "${value}"`);
  }
  return new URL(value).origin;
}

export const mobileAppConfig = {
  /** The store identity (bundle id and application id): fixed once published. */
  appId: 'app.playspot',
  appName: 'PlaySpot',
  /** The PlaySpot server the app calls, and whose shared place links open in the app. */
  apiUrl: httpsOrigin('PLAYSPOT_API_URL', 'https://playspot.app'),
  /** The web build for the shell (`npm run mobile:sync` writes it; not committed). */
  webDir: 'www',
  /**
   * Google's OAuth client ids for the native sign-in SDK: the iOS client, and the web client
   * that Android's Credential Manager names as the token's audience. Unset: no Google button.
   */
  googleIosClientId: process.env.PLAYSPOT_GOOGLE_IOS_CLIENT_ID?.trim() || null,
  googleWebClientId: process.env.PLAYSPOT_GOOGLE_WEB_CLIENT_ID?.trim() || null,
  /** The splash screen and the web view behind the page, the app's warm background. */
  backgroundColor: '#fff7ed',
} as const;
