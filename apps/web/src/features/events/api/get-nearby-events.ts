/** GET /api/events/nearby: events today or in the next seven days around a centre, soonest first. */
import { type EventRange, type LatLng, type NearbyEvent } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';
import { EVENTS_KEY } from './events-key.ts';

/** How far /events looks around the person (km). */
export const NEARBY_EVENTS_RADIUS_KM = 25;

export async function getNearbyEvents(
  center: LatLng,
  range: EventRange,
  signal?: AbortSignal,
): Promise<NearbyEvent[]> {
  const result = await apiRequest('/api/events/nearby', {
    query: { lat: center.lat, lng: center.lng, radiusKm: NEARBY_EVENTS_RADIUS_KM, range },
    lazySchema: checkedBy('nearbyEventsResultSchema'),
    signal,
  });
  return result.events;
}

export function nearbyEventsQueryOptions(center: LatLng, range: EventRange) {
  return queryOptions({
    queryKey: [...EVENTS_KEY, 'nearby', center.lat, center.lng, range],
    queryFn: ({ signal }) => getNearbyEvents(center, range, signal),
  });
}

export function useNearbyEvents(center: LatLng, range: EventRange) {
  return useQuery(nearbyEventsQueryOptions(center, range));
}
