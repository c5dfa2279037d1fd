/** GET /api/me/points: points, level and progress to the next level, for the header. */
import { type Points } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../api-client.ts';

export const MY_POINTS_KEY = ['me', 'points'] as const;

export function getMyPoints(signal?: AbortSignal): Promise<Points> {
  return apiRequest('/api/me/points', { lazySchema: checkedBy('pointsSchema'), signal });
}

export function myPointsQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: MY_POINTS_KEY,
    queryFn: ({ signal }) => getMyPoints(signal),
    enabled: signedIn,
  });
}

export function useMyPoints(signedIn: boolean) {
  return useQuery(myPointsQueryOptions(signedIn));
}
