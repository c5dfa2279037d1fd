/**
 * Analytics (spec §2, §7): the event names the app records, and the screen name of a route.
 */
import { HOME_SCREEN_NAME } from './constants.ts';

/** Every analytics event name: the spec's list plus 'screen_view' (spec §2). */
export const ANALYTICS_EVENT_NAMES = [
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
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export function isAnalyticsEventName(value: string): value is AnalyticsEventName {
  return (ANALYTICS_EVENT_NAMES as readonly string[]).includes(value);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The screen name recorded on each route change: the page's name when it has one, else
 * the last segment of the path ('/MapView' → 'MapView'), else 'Home'. A query string or
 * fragment in `pathname` is ignored.
 */
export function screenNameForPath(pathname: string, pageName?: string | null): string {
  const named = pageName?.trim();
  if (named) return named;
  const path = pathname.split(/[?#]/u)[0] ?? '';
  const segments = path.split('/').filter((segment) => segment.trim() !== '');
  const last = segments.at(-1);
  return last === undefined ? HOME_SCREEN_NAME : decodeSegment(last);
}
