import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  analytics,
  installAnalyticsExitFlush,
  trackAppStoreClick,
  trackOpenAuthModal,
  trackScreenView,
  trackSignIn,
  trackSignOut,
  trackViewPlace,
} from './analytics.ts';

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('event helpers (spec §7)', () => {
  it('name each event and its params', () => {
    const track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
    trackScreenView('MapView', '/MapView');
    trackAppStoreClick({ platform: 'ios' });
    trackAppStoreClick({ source: 'terms_modal', platform: 'android' });
    trackOpenAuthModal('header');
    trackSignIn('google', false);
    trackSignIn('development', true);
    trackSignOut();
    trackViewPlace('loc-1', 'map_marker');
    expect(track.mock.calls).toEqual([
      ['screen_view', { screen_name: 'MapView', path: '/MapView' }],
      ['app_store_click', { source: 'unknown', platform: 'ios' }],
      ['app_store_click', { source: 'terms_modal', platform: 'android' }],
      ['open_auth_modal', { source: 'header' }],
      ['user_login', { method: 'google' }],
      ['user_signup', { method: 'development' }],
      ['user_logout'],
      ['view_location', { location_id: 'loc-1', source: 'map_marker' }],
    ]);
  });
});

describe('installAnalyticsExitFlush', () => {
  it('beacons queued events to /api/analytics when the page hides', () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    const uninstall = installAnalyticsExitFlush();
    trackScreenView('AboutUs', '/AboutUs');
    window.dispatchEvent(new Event('pagehide'));
    uninstall();
    expect(sendBeacon).toHaveBeenCalledOnce();
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/analytics');
    expect(JSON.parse(body)).toMatchObject({
      events: [{ name: 'screen_view', params: { screen_name: 'AboutUs' } }],
    });
  });
});
