/**
 * What kind of device and shell the app runs in: the native app (Capacitor), a phone
 * browser (and which store serves it), or anything else ("desktop"). Only this module reads
 * the user agent.
 */

export type StorePlatform = 'ios' | 'android';

export type AppContext =
  | { readonly kind: 'native' }
  | { readonly kind: 'phone-browser'; readonly store: StorePlatform }
  | { readonly kind: 'desktop' };

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
}

/** True inside the iOS/Android app, where Capacitor injects its bridge. */
export function isNativeApp(): boolean {
  const capacitor = (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}

/**
 * Which store a phone browser belongs to, from its user agent. iPadOS reports a desktop
 * Safari user agent, so a "Macintosh" with a touch screen counts as iOS too.
 */
export function storePlatformForUserAgent(userAgent: string, maxTouchPoints = 0): StorePlatform | null {
  if (/android/iu.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/iu.test(userAgent)) return 'ios';
  if (/macintosh/iu.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}

export function detectAppContext(): AppContext {
  if (isNativeApp()) return { kind: 'native' };
  const store = storePlatformForUserAgent(navigator.userAgent, navigator.maxTouchPoints);
  return store === null ? { kind: 'desktop' } : { kind: 'phone-browser', store };
}

/** The device's time zone (IANA, e.g. 'Pacific/Auckland'): "today" is the person's own day. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The languages the person set on the device or browser, most preferred first ('de-DE', 'en'). */
export function deviceLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}
