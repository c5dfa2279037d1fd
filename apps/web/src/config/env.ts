/**
 * The web app's build-time configuration, read once. Every VITE_* variable is optional; a
 * value that is set but malformed stops the app at start with a message naming it (house
 * style: config fails fast), rather than surfacing later as a blank map or a dead link.
 * The map's tiles are not here: the server names them at run time (GET /api/config).
 */

export interface WebEnv {
  /** The product's name in copy ('Explore {product}s'). */
  readonly productName: string;
  /** iOS App Store listing. */
  readonly appStoreUrl: string;
  /** Google Play listing. */
  readonly playStoreUrl: string;
  /** Whether /dev/crash exists (always in `vite dev`). */
  readonly crashRouteEnabled: boolean;
  /**
   * The PlaySpot server's origin for the native app, whose page is served from the device
   * (capacitor://localhost); '' on the web, where the API is this page's own origin.
   */
  readonly apiOrigin: string;
  /** Google's client ids for the native sign-in SDK (iOS client; web client for Android). */
  readonly googleIosClientId: string | null;
  readonly googleWebClientId: string | null;
}

export const DEFAULT_ENV: WebEnv = {
  productName: 'PlaySpot',
  appStoreUrl: 'https://apps.apple.com/app/playspot/id6740000000',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=app.playspot',
  crashRouteEnabled: false,
  apiOrigin: '',
  googleIosClientId: null,
  googleWebClientId: null,
};

type RawEnv = Partial<Record<string, string | boolean | undefined>>;

function isHttpsUrl(value: string): boolean {
  return URL.canParse(value) && new URL(value).protocol === 'https:';
}

/** https, or plain http on this machine only (the browser tests' server). */
function isApiOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.origin !== value.replace(/\/$/u, '')) return false;
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname))
  );
}

/** Parses the raw `import.meta.env`; throws one error listing every invalid variable. */
export function parseWebEnv(raw: RawEnv): WebEnv {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = raw[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const url = (name: string, fallback: string, check: (value: string) => boolean, rule: string) => {
    const value = text(name);
    if (value === undefined) return fallback;
    if (!check(value)) problems.push(`${name} must be ${rule}, got "${value}"`);
    return value;
  };

  const env: WebEnv = {
    productName: text('VITE_PRODUCT_NAME') ?? DEFAULT_ENV.productName,
    appStoreUrl: url('VITE_APP_STORE_URL', DEFAULT_ENV.appStoreUrl, isHttpsUrl, 'an https:// URL'),
    playStoreUrl: url('VITE_PLAY_STORE_URL', DEFAULT_ENV.playStoreUrl, isHttpsUrl, 'an https:// URL'),
    crashRouteEnabled: raw.DEV === true || text('VITE_ENABLE_CRASH_ROUTE') === 'true',
    apiOrigin: url(
      'VITE_API_ORIGIN',
      DEFAULT_ENV.apiOrigin,
      isApiOrigin,
      'an https:// origin, like https://playspot.app',
    ).replace(/\/$/u, ''),
    googleIosClientId: text('VITE_GOOGLE_IOS_CLIENT_ID') ?? null,
    googleWebClientId: text('VITE_GOOGLE_WEB_CLIENT_ID') ?? null,
  };
  if (problems.length > 0) throw new Error(`Invalid web app configuration:\n- ${problems.join('\n- ')}`);
  return env;
}

export const env: WebEnv = parseWebEnv(import.meta.env);
