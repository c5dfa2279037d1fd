import { describe, expect, it } from 'vitest';
import { DEFAULT_ENV, parseWebEnv } from './env.ts';

describe('parseWebEnv', () => {
  it('defaults to the two store listings, and leaves the tiles to the server', () => {
    const env = parseWebEnv({ VITE_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' });
    expect(env).toEqual(DEFAULT_ENV);
    expect(Object.keys(env).some((key) => key.startsWith('tile'))).toBe(false);
  });

  it('takes values from VITE_* variables', () => {
    const env = parseWebEnv({
      VITE_APP_STORE_URL: 'https://apps.apple.com/app/id1',
      VITE_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=x',
      VITE_PRODUCT_NAME: 'KidMap',
      VITE_ENABLE_CRASH_ROUTE: 'true',
    });
    expect(env).toMatchObject({
      appStoreUrl: 'https://apps.apple.com/app/id1',
      productName: 'KidMap',
    });
    expect(env.crashRouteEnabled).toBe(true);
  });

  it('turns the crash route on in development only by default', () => {
    expect(parseWebEnv({ DEV: true }).crashRouteEnabled).toBe(true);
    expect(parseWebEnv({ DEV: false }).crashRouteEnabled).toBe(false);
  });

  it('names every malformed variable at once', () => {
    expect(() =>
      parseWebEnv({ VITE_APP_STORE_URL: 'http://insecure.example', VITE_API_ORIGIN: 'ftp://api' }),
    ).toThrow(/VITE_APP_STORE_URL[\s\S]*VITE_API_ORIGIN/u);
  });
});
