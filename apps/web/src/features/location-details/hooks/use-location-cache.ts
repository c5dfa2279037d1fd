/**
 * The place page reads one location from the query cache (lib/api/get-location.ts, so the
 * map's card and the page share it) and the optimistic writes change it there.
 */
import type { Location } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { locationQueryOptions } from '../../../lib/api/get-location.ts';

export function useLocationCache(locationId: string) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => locationQueryOptions(locationId).queryKey, [locationId]);

  const read = useCallback(() => queryClient.getQueryData<Location>(queryKey), [queryClient, queryKey]);
  const update = useCallback(
    (change: (location: Location) => Location) => {
      queryClient.setQueryData<Location>(queryKey, (current) => (current ? change(current) : current));
    },
    [queryClient, queryKey],
  );
  /** Stops a refetch in flight from overwriting an optimistic change. */
  const pause = useCallback(() => queryClient.cancelQueries({ queryKey }), [queryClient, queryKey]);
  return { queryClient, read, update, pause };
}
