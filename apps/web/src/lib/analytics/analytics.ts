/**
 * The app's analytics: one queue posting to /api/analytics, and a helper per event of
 * spec §7 (and screen_view, spec §2) so features record events by name, not by string.
 */
import { APP_STORE_CLICK_DEFAULT_SOURCE } from '@playspot/core';
import { onPageHidden, sendBeacon } from '../../platform/page-lifecycle.ts';
import { apiRequest, apiUrl } from '../api-client.ts';
import { AnalyticsQueue, type AnalyticsTransport } from './analytics-queue.ts';

const ANALYTICS_PATH = '/api/analytics';

const httpTransport: AnalyticsTransport = {
  send: async (batch) => {
    await apiRequest(ANALYTICS_PATH, { method: 'POST', body: batch, keepalive: true });
  },
  sendOnExit: (batch) => sendBeacon(apiUrl(ANALYTICS_PATH), JSON.stringify(batch)),
};

export const analytics = new AnalyticsQueue({ transport: httpTransport });

/** Sends what is queued when the page is hidden or closed. Call once at start. */
export function installAnalyticsExitFlush(): () => void {
  return onPageHidden(() => {
    analytics.flushOnExit();
  });
}

export function trackScreenView(screenName: string, path: string): void {
  analytics.track('screen_view', { screen_name: screenName, path });
}

/** Where an app-store link was tapped ('terms_modal', …) and which store it opens. */
export function trackAppStoreClick(event: { source?: string; platform: string }): void {
  analytics.track('app_store_click', {
    source: event.source ?? APP_STORE_CLICK_DEFAULT_SOURCE,
    platform: event.platform,
  });
}

/** What made the sign-in dialog open ('header', …). */
export function trackOpenAuthModal(source: string): void {
  analytics.track('open_auth_modal', { source });
}

/** A sign-in finished; `method` is the provider or 'development'. New accounts count as sign-ups. */
export function trackSignIn(method: string, isNewUser: boolean): void {
  analytics.track(isNewUser ? 'user_signup' : 'user_login', { method });
}

/** A place was opened: its card on the map ('map_marker', 'list') or its own page ('page'). */
export function trackViewPlace(locationId: string, source: string): void {
  analytics.track('view_location', { location_id: locationId, source });
}

export function trackSignOut(): void {
  analytics.track('user_logout');
}
