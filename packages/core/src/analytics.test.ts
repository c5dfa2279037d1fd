import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENT_NAMES, isAnalyticsEventName, screenNameForPath } from './analytics.ts';

describe('analytics event names', () => {
  it('are the spec list plus screen_view', () => {
    expect([...ANALYTICS_EVENT_NAMES].sort()).toEqual(
      [
        'user_login',
        'user_signup',
        'user_logout',
        'add_location',
        'edit_location',
        'upload_image',
        'add_comment',
        'view_location',
        'search_location',
        'app_store_click',
        'open_auth_modal',
        'removal_request',
        'location_visited',
        'screen_view',
      ].sort(),
    );
  });

  it.each([
    ['add_location', true],
    ['screen_view', true],
    ['page_view', false],
    ['', false],
  ])('isAnalyticsEventName(%j) = %s', (name, expected) => {
    expect(isAnalyticsEventName(name)).toBe(expected);
  });
});

describe('screenNameForPath', () => {
  it.each<[string, string | undefined, string]>([
    ['/MapView', undefined, 'MapView'],
    ['/AboutUs', undefined, 'AboutUs'],
    ['/locations/abc-123', undefined, 'abc-123'],
    ['/locations/abc/', undefined, 'abc'],
    ['/', undefined, 'Home'],
    ['', undefined, 'Home'],
    ['/MapView?lat=1#x', undefined, 'MapView'],
    ['/caf%C3%A9', undefined, 'café'],
    ['/bad%E0%A4%A', undefined, 'bad%E0%A4%A'],
    ['/MapView', 'Map', 'Map'],
    ['/', 'Terms', 'Terms'],
    ['/MapView', '  ', 'MapView'],
  ])('(%j, %j) → %j', (pathname, pageName, expected) => {
    expect(screenNameForPath(pathname, pageName)).toBe(expected);
  });
});
