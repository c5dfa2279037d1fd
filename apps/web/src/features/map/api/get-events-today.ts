/**
 * GET /api/events/today?locationIds=…: today's events (in each place's own time zone) for
 * every place on screen in one request, so a picked place's card shows them at once.
 */
import { MAX_EVENTS_TODAY_PLACES, type Event, type EventsTodayResult } from '@playspot/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type EventsByLocationId = Readonly<Record<string, readonly Event[]>>;

/** Each id once, in a stable order (one cache entry per set of places), at most the server's limit. */
export function eventsTodayIds(locationIds: readonly string[]): string[] {
  return [...new Set(locationIds)].sort().slice(0, MAX_EVENTS_TODAY_PLACES);
}

export async function getEventsToday(
  locationIds: readonly string[],
  signal?: AbortSignal,
): Promise<EventsByLocationId> {
  const result = await apiRequest<EventsTodayResult>('/api/events/today', {
    query: { locationIds: locationIds.join(',') },
    unchecked: true,
    signal,
  });
  return result.eventsByLocationId;
}

export function eventsTodayQueryOptions(locationIds: readonly string[]) {
  const ids = eventsTodayIds(locationIds);
  return queryOptions({
    // Under 'events', so creating or editing an event refreshes the map's too.
    queryKey: ['events', 'today', ids],
    queryFn: ({ signal }) => getEventsToday(ids, signal),
    enabled: ids.length > 0,
    // While panning, the places still on screen keep their events until the new answer.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useEventsToday(locationIds: readonly string[]) {
  return useQuery(eventsTodayQueryOptions(locationIds));
}
