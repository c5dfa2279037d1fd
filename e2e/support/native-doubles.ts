/**
 * The native side of the Capacitor bridge, simulated in Chromium: the page sees the iOS or
 * Android bridge, and the plugins are registered the way the native app registers them
 * (`Capacitor.PluginHeaders`, whose methods Capacitor's own registerPlugin routes to
 * `Capacitor.nativePromise` / `nativeCallback`). Every call lands in test doubles here and is
 * recorded, so tests can say what the app asked the device for.
 *
 * The doubles fail where the real plugins fail, with the plugins' own messages and codes
 * (their Java and Swift sources): social login refuses `login` before `initialize`, Android's
 * Google sign-in needs the web client id and iOS's the iOS client id, and Google's side
 * refuses a client id that is not registered for the app. Sheets the person closes reject as
 * the plugins reject a cancel.
 */
import type { Page } from '@playwright/test';
import { NATIVE_APPLE_CLIENT, NATIVE_GOOGLE_IOS_CLIENT, NATIVE_GOOGLE_WEB_CLIENT } from './native-build.ts';

export interface NativeDoubleOptions {
  readonly platform: 'ios' | 'android';
  /** Preferences already on the device (e.g. terms accepted earlier). */
  readonly preferences?: Record<string, string>;
  /** A session already in the secure store (signed in earlier): its bearer token. */
  readonly sessionToken?: string;
  /** What the location permission check says, and what asking answers. */
  readonly locationPermission?: 'granted' | 'denied' | 'prompt';
  readonly locationPermissionAnswer?: 'granted' | 'denied';
  /** Where the device says it is (default: Karlsruhe). */
  readonly devicePosition?: { readonly latitude: number; readonly longitude: number };
  /** What the share sheet does: the person shares (default), or closes it. */
  readonly share?: 'shared' | 'cancelled';
  /** Whether an app on the device takes a URL handed to the app launcher (default: yes). */
  readonly appLauncher?: 'opens' | 'no-app';
  /** The camera's photo: a file under the web view's `/_capacitor_file_/` (default: none taken). */
  readonly cameraPhoto?: string;
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

/** Where the device keeps the session (the secure-storage plugin's key prefix + the app's key). */
export const SESSION_KEY = 'capacitor-storage_sessionToken';

declare global {
  interface Window {
    /**
     * Supplied by the test (page.exposeFunction): an ID token from the test identity provider
     * for the audience the provider's SDK names (the client id it was initialized with).
     */
    deviceSignIn?: (provider: string, nonce: string, audience: string) => Promise<string>;
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
    ({ options: settings, methods, googleClients, appleClient, sessionKey }) => {
      const KEY = 'e2e-native-device';
      type Stores = {
        preferences: Record<string, string>;
        secure: Record<string, string>;
        calls: NativeCall[];
      };
      const load = (): Stores => {
        const saved = sessionStorage.getItem(KEY);
        if (saved) return JSON.parse(saved) as Stores;
        return {
          preferences: { ...(settings.preferences ?? {}) },
          // getItem/setItem (what the app uses) keep the string as it is.
          secure: settings.sessionToken ? { [sessionKey]: settings.sessionToken } : {},
          calls: [],
        };
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
      const android = settings.platform === 'android';

      /** A rejected plugin call as Capacitor hands it to JavaScript: message, code, data. */
      const failure = (message: string, code?: string) =>
        Object.assign(new Error(message), code === undefined ? {} : { code }, { data: {} });

      /** What SocialLogin.initialize set up, per provider (nothing until it is called). */
      const socialLogin: { google?: { audience: string }; apple?: Record<string, never> } = {};

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
        // SocialLoginPlugin.java / SocialLoginPlugin.swift, initialize.
        'SocialLogin.initialize': ({ google, apple }) => {
          const googleSettings = google as { webClientId?: string; iOSClientId?: string } | undefined;
          if (apple !== undefined) {
            // Android's Apple sign-in is a web page that needs a Services id and a redirect.
            if (android) throw failure('apple.android.clientId is null or empty');
            socialLogin.apple = {};
          }
          if (googleSettings !== undefined) {
            if (android) {
              if (!googleSettings.webClientId) throw failure('google.clientId is null or empty');
              // Credential Manager names the web client as the ID token's audience.
              socialLogin.google = { audience: googleSettings.webClientId };
            } else if (googleSettings.iOSClientId) {
              socialLogin.google = { audience: googleSettings.iOSClientId };
            }
          }
          if (!android && !socialLogin.google && !socialLogin.apple)
            throw failure('No provider was initialized');
        },
        'SocialLogin.login': async ({ provider, options: loginOptions }) => {
          const name = String(provider);
          const nonce = (loginOptions as { nonce?: string } | undefined)?.nonce ?? '';
          if (name === 'google') {
            if (!socialLogin.google) {
              throw android
                ? failure("Cannot find provider 'google'. Provider was not initialized.")
                : failure('No active configuration. Make sure GIDClientID is set in Info.plist.');
            }
            // Google's side: only the OAuth clients registered for app.playspot sign it in.
            const registered = android ? googleClients.web : googleClients.ios;
            if (socialLogin.google.audience !== registered) {
              throw android
                ? failure('[28444] Developer console is not set up correctly.')
                : failure('invalid_client: The OAuth client was not found.');
            }
          } else if (name === 'apple') {
            if (!socialLogin.apple) {
              throw android
                ? failure("Cannot find provider 'apple'. Provider was not initialized.")
                : failure('Apple Sign-In not initialized');
            }
          } else {
            throw failure('Invalid provider');
          }
          if (!window.deviceSignIn) throw failure('No test sign-in');
          // Apple and Google put the nonce they are given into the token unchanged.
          const audience = name === 'apple' ? appleClient : (socialLogin.google?.audience ?? '');
          const idToken = await window.deviceSignIn(name, nonce, audience);
          const profile =
            name === 'apple'
              ? { user: 'apple-e2e', email: null, givenName: 'Ada', familyName: 'Native' }
              : { email: 'gus@example.com', name: 'Gus Native' };
          return { provider: name, result: { idToken, responseType: 'online', profile, accessToken: null } };
        },
        'App.exitApp': () => undefined,
        // AppLauncherPlugin.java: { completed: false } when no app takes the URL.
        'AppLauncher.openUrl': ({ url }) => {
          if (!url) throw failure('Must provide a url to open');
          return { completed: settings.appLauncher !== 'no-app' };
        },
        'Browser.open': ({ url }) => {
          if (!url) throw failure('Must provide a URL to open');
        },
        // SharePlugin.java rejects "Share canceled" when the sheet is closed.
        'Share.share': () => {
          if (settings.share === 'cancelled') throw failure('Share canceled');
          return { activityType: android ? 'com.example.messenger' : 'com.apple.UIKit.activity.Message' };
        },
        // The camera hands back a file the web view serves (Capacitor's /_capacitor_file_/ path).
        'Camera.takePhoto': () => {
          if (!settings.cameraPhoto) throw failure('User cancelled photos app', 'OS-PLUG-CAMR-0006');
          return {
            type: 0,
            webPath: `${window.location.origin}/_capacitor_file_/${settings.cameraPhoto}`,
            saved: false,
            metadata: {
              format: 'jpeg',
              resolution: '512x512',
              size: 0,
              creationDate: new Date().toISOString(),
            },
          };
        },
      };

      const call = async (plugin: string, method: string, callOptions: unknown) => {
        stores.calls.push({ plugin, method, options: callOptions ?? null });
        save();
        const handler = handlers[`${plugin}.${method}`];
        const result = handler ? await handler((callOptions ?? {}) as Record<string, unknown>) : undefined;
        save();
        return result;
      };

      if (android) {
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
    {
      options,
      methods: METHODS,
      googleClients: { ios: NATIVE_GOOGLE_IOS_CLIENT, web: NATIVE_GOOGLE_WEB_CLIENT },
      appleClient: NATIVE_APPLE_CLIENT,
      sessionKey: SESSION_KEY,
    },
  );
}

export function deviceStores(page: Page): Promise<DeviceStores> {
  return page.evaluate(() => {
    if (!window.nativeDoubles) throw new Error('The native doubles are not installed');
    return window.nativeDoubles.stores();
  });
}

/** The calls the app made to one plugin's method, in order. */
export async function callsTo(page: Page, plugin: string, method: string): Promise<NativeCall[]> {
  return (await deviceStores(page)).calls.filter((call) => call.plugin === plugin && call.method === method);
}

/** The system hands the app an event (a universal/App Link, the back button). */
export async function emitNative(page: Page, plugin: string, event: string, data: unknown): Promise<void> {
  await page.evaluate(
    ({ plugin: name, event: eventName, data: payload }) => {
      if (!window.nativeDoubles) throw new Error('The native doubles are not installed');
      window.nativeDoubles.emit(name, eventName, payload);
    },
    { plugin, event, data },
  );
}

/**
 * Android's back button: Capacitor's App plugin sends `backButton` with the web view's
 * canGoBack(), which is the page's own session history (the Navigation API says the same).
 */
export async function pressAndroidBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (!window.nativeDoubles) throw new Error('The native doubles are not installed');
    const navigation = (window as unknown as { navigation: { canGoBack: boolean } }).navigation;
    window.nativeDoubles.emit('App', 'backButton', { canGoBack: navigation.canGoBack });
  });
}
