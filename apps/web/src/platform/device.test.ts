import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_AGENTS } from '../test/render.tsx';
import { detectAppContext, storePlatformForUserAgent } from './device.ts';

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
});

describe('device detection', () => {
  it('reads the store from a phone user agent', () => {
    expect(storePlatformForUserAgent(USER_AGENTS.iphone)).toBe('ios');
    expect(storePlatformForUserAgent(USER_AGENTS.android)).toBe('android');
    expect(storePlatformForUserAgent(USER_AGENTS.desktop)).toBeNull();
    // iPadOS presents itself as a Mac, but with a touch screen.
    const ipad =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';
    expect(storePlatformForUserAgent(ipad, 5)).toBe('ios');
    expect(storePlatformForUserAgent(ipad, 0)).toBeNull();
  });

  it('knows the native app from the Capacitor bridge, whatever the user agent', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(USER_AGENTS.android);
    expect(detectAppContext()).toEqual({ kind: 'phone-browser', store: 'android' });
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    expect(detectAppContext()).toEqual({ kind: 'native' });
  });
});
