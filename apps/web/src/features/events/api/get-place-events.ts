/** GET /api/locations/:id/events: the events at one place (private ones only for who may see them). */
import { type Event, type EventList } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { EVENTS_KEY } from './events-key.ts';
import { usePartReadAllowed } from '../../../lib/place-page-reading.ts';

export async function getPlaceEvents(locationId: string, signal?: AbortSignal): Promise<Event[]> {
  const result = await apiRequest<EventList>(`/api/locations/${encodeURIComponent(locationId)}/events`, {
    // Drawn with the place page: unchecked, like the page's other first reads (api-client.ts).
    unchecked: true,
    signal,
  });
  return result.events;
}

export function placeEventsQueryOptions(locationId: string) {
  return queryOptions({
    queryKey: [...EVENTS_KEY, 'location', locationId],
    queryFn: ({ signal }) => getPlaceEvents(locationId, signal),
  });
}

export function usePlaceEvents(locationId: string) {
  return useQuery({ ...placeEventsQueryOptions(locationId), enabled: usePartReadAllowed() });
}
