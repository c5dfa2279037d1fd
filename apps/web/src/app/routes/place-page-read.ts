/**
 * A place's page in one read (issue 42): GET /api/locations/:id/page brings the place with its
 * comments, facts, equipment, live conditions, events and landmark at one moment. Each part is
 * put into the query its section reads (the sections wait meanwhile: lib/place-page-reading.ts),
 * so the page, the server's HTML (ssr/render.tsx) and the offline copy (ssr/keep-drawn-place.ts)
 * come from one answer and cannot disagree. Later changes (a vote, a live update) still refresh
 * only the part they touch.
 */
import type { PlacePage } from '@playspot/core';
import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { placeConditionsQueryOptions } from '../../features/conditions/api/conditions.ts';
import { placeEventsQueryOptions } from '../../features/events/api/get-place-events.ts';
import { nearestNamedPlaceQueryOptions } from '../../features/place-details/api/get-nearest-named-place.ts';
import { placeEquipmentQueryOptions } from '../../features/place-details/api/place-equipment.ts';
import { placeFactsQueryOptions } from '../../features/place-details/api/place-facts.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { placeQueryOptions } from '../../lib/api/get-place.ts';
import { placePagePath } from '../../lib/place-page-reading.ts';

export { placePagePath };

export function placePageQueryKey(placeId: string | null) {
  return ['locations', 'page', placeId] as const;
}

/** Each part of a page answer, keyed and shaped as its own query caches it. */
export function placePageParts(page: PlacePage): { readonly queryKey: QueryKey; readonly data: unknown }[] {
  const id = page.place.id;
  return [
    { queryKey: placeQueryOptions(id).queryKey, data: page.place },
    { queryKey: placeFactsQueryOptions(id).queryKey, data: page.facts },
    { queryKey: placeEquipmentQueryOptions(id).queryKey, data: { equipment: page.equipment } },
    { queryKey: placeConditionsQueryOptions(id).queryKey, data: { conditions: page.conditions } },
    { queryKey: placeEventsQueryOptions(id).queryKey, data: page.events },
    { queryKey: nearestNamedPlaceQueryOptions(page.place).queryKey, data: page.landmark },
  ];
}

/** The page answer and each of its parts in the cache, as read at `updatedAt`. */
export function seedPlacePage(queryClient: QueryClient, page: PlacePage, updatedAt: number): void {
  for (const part of placePageParts(page)) queryClient.setQueryData(part.queryKey, part.data, { updatedAt });
  queryClient.setQueryData(placePageQueryKey(page.place.id), page, { updatedAt });
}

export function placePageQueryOptions(placeId: string | null) {
  return queryOptions({
    queryKey: placePageQueryKey(placeId),
    queryFn: async ({ client, signal }): Promise<PlacePage> => {
      if (placeId === null) throw new Error('No place chosen');
      // Unchecked, like the page's other first reads (api-client.ts): its parts are the
      // answers the separate reads give, and the server checks them against the contract.
      const page = await apiRequest<PlacePage>(placePagePath(placeId), { unchecked: true, signal });
      const readAt = Date.now();
      for (const part of placePageParts(page))
        client.setQueryData(part.queryKey, part.data, { updatedAt: readAt });
      return page;
    },
    enabled: placeId !== null,
  });
}

/**
 * The parts of a page answer already in the cache (the server's HTML brings the answer alone),
 * put into their queries before the sections draw: they then hydrate with the server's markup
 * and ask for nothing. Parts already there (a later visit) are left as they are.
 */
export function partsFromKeptPage(queryClient: QueryClient, placeId: string | null): void {
  const state = queryClient.getQueryState<PlacePage>(placePageQueryKey(placeId));
  if (state?.data === undefined) return;
  for (const part of placePageParts(state.data)) {
    if (queryClient.getQueryData(part.queryKey) === undefined)
      queryClient.setQueryData(part.queryKey, part.data, { updatedAt: state.dataUpdatedAt });
  }
}
