/**
 * The place page reads one place from the query cache (lib/api/get-place.ts, so the
 * map's card and the page share it) and the optimistic writes change it there.
 */
import type { Place } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { placeQueryOptions } from '../../../lib/api/get-place.ts';

export function usePlaceCache(locationId: string) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => placeQueryOptions(locationId).queryKey, [locationId]);

  const read = useCallback(() => queryClient.getQueryData<Place>(queryKey), [queryClient, queryKey]);
  const update = useCallback(
    (change: (place: Place) => Place) => {
      queryClient.setQueryData<Place>(queryKey, (current) => (current ? change(current) : current));
    },
    [queryClient, queryKey],
  );
  /** Stops a refetch in flight from overwriting an optimistic change. */
  const pause = useCallback(() => queryClient.cancelQueries({ queryKey }), [queryClient, queryKey]);
  return { queryClient, read, update, pause };
}
