/**
 * Events in calendar apps (issue 33): a place's feed, and the person's own "my events" feed
 * behind a secret address (GET status, POST a new address shown once, DELETE to turn it off).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiUrl, checkedBy } from '../../../lib/api-client.ts';

/** An API path as a calendar subscription (webcal:) on this page's or the server's origin. */
export function subscriptionUrl(path: string, base: string): string {
  // Not `url.protocol = 'webcal:'`: URL refuses to switch a special scheme (http) to another
  // scheme and silently keeps http. Calendar apps fetch webcal: over https where it is served.
  return new URL(apiUrl(path), base).toString().replace(/^https?:/u, 'webcal:');
}

export const placeFeedPath = (locationId: string) =>
  `/api/locations/${encodeURIComponent(locationId)}/events.ics`;
export const myFeedPath = (token: string) => `/api/calendar-feeds/${encodeURIComponent(token)}/my-events.ics`;

export function calendarFeedQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: ['events', 'calendar-feed'],
    queryFn: ({ signal }) =>
      apiRequest('/api/me/calendar-feed', { lazySchema: checkedBy('calendarFeedStatusSchema'), signal }),
    enabled: signedIn,
  });
}

export const useCalendarFeed = (signedIn: boolean) => useQuery(calendarFeedQueryOptions(signedIn));

export const newCalendarFeed = () =>
  apiRequest('/api/me/calendar-feed', { method: 'POST', lazySchema: checkedBy('newCalendarFeedSchema') });

export const revokeCalendarFeed = () =>
  apiRequest('/api/me/calendar-feed', {
    method: 'DELETE',
    lazySchema: checkedBy('revokedCalendarFeedSchema'),
  });
