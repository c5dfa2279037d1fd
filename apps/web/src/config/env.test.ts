import { describe, expect, it } from 'vitest';
import { DEFAULT_ENV, parseWebEnv } from './env.ts';

describe('parseWebEnv', () => {
  it('defaults to OpenStreetMap tiles, its attribution and the two store listings', () => {
    const env = parseWebEnv({});
    expect(env).toEqual(DEFAULT_ENV);
    expect(env.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(env.tileAttribution).toContain('OpenStreetMap');
    expect(env.tileAttribution).toContain('contributors');
  });

  it('takes values from VITE_* variables', () => {
    const env = parseWebEnv({
      VITE_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
      VITE_TILE_ATTRIBUTION: '© Example',
      VITE_APP_STORE_URL: 'https://apps.apple.com/app/id1',
      VITE_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=x',
      VITE_PRODUCT_NAME: 'KidMap',
      VITE_ENABLE_CRASH_ROUTE: 'true',
    });
    expect(env).toMatchObject({
      tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
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
      parseWebEnv({ VITE_TILE_URL: 'ftp://tiles', VITE_APP_STORE_URL: 'http://insecure.example' }),
    ).toThrow(/VITE_TILE_URL[\s\S]*VITE_APP_STORE_URL/u);
  });
});
