/**
 * The native side of the Capacitor bridge, simulated in Chromium: the page sees the iOS or
 * Android bridge, and the plugins are registered the way the native app registers them
 * (`Capacitor.PluginHeaders`, whose methods Capacitor's own registerPlugin routes to
 * `Capacitor.nativePromise` / `nativeCallback`). Every call lands in test doubles here and is
 * recorded, so tests can say what the app asked the device for.
 */
import type { Page } from '@playwright/test';

export interface NativeDoubleOptions {
  readonly platform: 'ios' | 'android';
  /** Preferences already on the device (e.g. terms accepted earlier). */
  readonly preferences?: Record<string, string>;
  /** What the location permission check says, and what asking answers. */
  readonly locationPermission?: 'granted' | 'denied' | 'prompt';
  readonly locationPermissionAnswer?: 'granted' | 'denied';
  /** Where the device says it is (default: Karlsruhe). */
  readonly devicePosition?: { readonly latitude: number; readonly longitude: number };
}

export interface NativeCall {
  readonly plugin: string;
  readonly method: string;
  readonly options: unknown;
}

/** The device's stores, as the doubles keep them (sessionStorage survives the page's reloads). */
export interface DeviceStores {
  readonly preferences: Record<string, string>;
  readonly secure: Record<string, string>;
  readonly calls: NativeCall[];
}

declare global {
  interface Window {
    /** Supplied by the test (page.exposeFunction): an ID token from the test identity provider. */
    deviceSignIn?: (provider: string, nonce: string) => Promise<string>;
    nativeDoubles?: {
      stores: () => DeviceStores;
      emit: (plugin: string, event: string, data: unknown) => void;
    };
  }
}

const METHODS: Record<string, string[]> = {
  Preferences: ['get', 'set', 'remove', 'keys', 'clear'],
  SecureStorage: [
    'internalGetItem',
    'internalSetItem',
    'internalRemoveItem',
    'internalClearItemsWithPrefix',
    'internalGetPrefixedKeys',
    'setSynchronizeKeychain',
  ],
  Geolocation: ['checkPermissions', 'requestPermissions', 'getCurrentPosition'],
  SocialLogin: ['initialize', 'login', 'logout', 'isLoggedIn'],
  App: ['exitApp', 'getLaunchUrl', 'removeAllListeners'],
  StatusBar: ['setStyle', 'setBackgroundColor', 'setOverlaysWebView'],
  SplashScreen: ['hide', 'show'],
  Browser: ['open', 'close'],
  AppLauncher: ['openUrl', 'canOpenUrl'],
  Share: ['share', 'canShare'],
  Camera: ['takePhoto', 'chooseFromGallery', 'checkPermissions', 'requestPermissions'],
};

export async function installNativeDoubles(page: Page, options: NativeDoubleOptions): Promise<void> {
  await page.addInitScript(
    ({ options: settings, methods }) => {
      const KEY = 'e2e-native-device';
      type Stores = {
        preferences: Record<string, string>;
        secure: Record<string, string>;
        calls: NativeCall[];
      };
      const load = (): Stores => {
        const saved = sessionStorage.getItem(KEY);
        if (saved) return JSON.parse(saved) as Stores;
        return { preferences: { ...(settings.preferences ?? {}) }, secure: {}, calls: [] };
      };
      const stores = load();
      // Keys come from the app under test; a Map-like delete keeps the records plain JSON.
      const forget = (record: Record<string, string>, key: string) => {
        Reflect.deleteProperty(record, key);
      };
      const save = () => {
        sessionStorage.setItem(KEY, JSON.stringify(stores));
      };
      save();
      const listeners = new Map<string, ((data: unknown) => void)[]>();
      let locationPermission = settings.locationPermission ?? 'prompt';

      const failure = (message: string, code: string) => Object.assign(new Error(message), { code });
      const handlers: Record<string, (options: Record<string, unknown>) => unknown> = {
        'Preferences.get': ({ key }) => ({ value: stores.preferences[String(key)] ?? null }),
        'Preferences.set': ({ key, value }) => {
          stores.preferences[String(key)] = String(value);
        },
        'Preferences.remove': ({ key }) => {
          forget(stores.preferences, String(key));
        },
        'Preferences.keys': () => ({ keys: Object.keys(stores.preferences) }),
        'SecureStorage.internalGetItem': ({ prefixedKey }) => ({
          data: stores.secure[String(prefixedKey)] ?? null,
        }),
        'SecureStorage.internalSetItem': ({ prefixedKey, data }) => {
          stores.secure[String(prefixedKey)] = String(data);
        },
        'SecureStorage.internalRemoveItem': ({ prefixedKey }) => {
          const had = String(prefixedKey) in stores.secure;
          forget(stores.secure, String(prefixedKey));
          return { success: had };
        },
        'Geolocation.checkPermissions': () => ({
          location: locationPermission,
          coarseLocation: locationPermission,
        }),
        'Geolocation.requestPermissions': () => {
          locationPermission = settings.locationPermissionAnswer ?? 'granted';
          return { location: locationPermission, coarseLocation: locationPermission };
        },
        'Geolocation.getCurrentPosition': () => {
          if (locationPermission !== 'granted')
            throw failure('Location permission request was denied.', 'OS-PLUG-GLOC-0003');
          const { latitude, longitude } = settings.devicePosition ?? { latitude: 49.0069, longitude: 8.4037 };
          return { timestamp: Date.now(), coords: { latitude, longitude, accuracy: 12 } };
        },
        'SocialLogin.login': async ({ provider, options: loginOptions }) => {
          const nonce = (loginOptions as { nonce?: string } | undefined)?.nonce ?? '';
          if (!window.deviceSignIn) throw failure('No test sign-in', 'UNAVAILABLE');
          const idToken = await window.deviceSignIn(String(provider), nonce);
          const profile =
            provider === 'apple'
              ? { user: 'apple-e2e', email: null, givenName: 'Ada', familyName: 'Native' }
              : { email: 'gus@example.com', name: 'Gus Native' };
          return { provider, result: { idToken, responseType: 'online', profile, accessToken: null } };
        },
        'AppLauncher.openUrl': () => ({ completed: true }),
        'Share.share': () => ({ activityType: 'test' }),
      };

      const call = async (plugin: string, method: string, callOptions: unknown) => {
        stores.calls.push({ plugin, method, options: callOptions ?? null });
        save();
        const handler = handlers[`${plugin}.${method}`];
        const result = handler ? await handler((callOptions ?? {}) as Record<string, unknown>) : undefined;
        save();
        return result;
      };

      if (settings.platform === 'android') {
        (window as unknown as { androidBridge: object }).androidBridge = { postMessage: () => undefined };
      } else {
        (window as unknown as { webkit: object }).webkit = {
          messageHandlers: { bridge: { postMessage: () => undefined } },
        };
      }
      (window as unknown as { Capacitor: object }).Capacitor = {
        isNativePlatform: () => true,
        getPlatform: () => settings.platform,
        PluginHeaders: Object.entries(methods).map(([name, names]) => ({
          name,
          methods: [
            ...names.map((method) => ({ name: method, rtype: 'promise' })),
            { name: 'addListener', rtype: 'callback' },
            { name: 'removeListener', rtype: 'callback' },
          ],
        })),
        nativePromise: (plugin: string, method: string, callOptions: unknown) =>
          call(plugin, method, callOptions),
        nativeCallback: (
          plugin: string,
          method: string,
          callOptions: { eventName?: string } | undefined,
          callback: (data: unknown) => void,
        ) => {
          stores.calls.push({ plugin, method, options: callOptions ?? null });
          save();
          if (method === 'addListener' && callOptions?.eventName) {
            const key = `${plugin}.${callOptions.eventName}`;
            listeners.set(key, [...(listeners.get(key) ?? []), callback]);
          }
          return String(Math.random());
        },
      };
      window.nativeDoubles = {
        stores: () => JSON.parse(JSON.stringify(stores)) as DeviceStores,
        emit: (plugin, event, data) => {
          for (const listener of listeners.get(`${plugin}.${event}`) ?? []) listener(data);
        },
      };
    },
    { options, methods: METHODS },
  );
}

export function deviceStores(page: Page): Promise<DeviceStores> {
  return page.evaluate(() => {
    if (!window.nativeDoubles) throw new Error('The native doubles are not installed');
    return window.nativeDoubles.stores();
  });
}
