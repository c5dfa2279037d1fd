/** GET /api/me/removal-requests: the signed-in person's own requests and where each one stands. */
import { type RemovalRequest } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';

export async function getMyRemovalRequests(signal?: AbortSignal): Promise<RemovalRequest[]> {
  return (
    await apiRequest('/api/me/removal-requests', {
      lazySchema: checkedBy('ownRemovalRequestsSchema'),
      signal,
    })
  ).removalRequests;
}

export function myRemovalRequestsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['me', 'removal-requests'],
    queryFn: ({ signal }) => getMyRemovalRequests(signal),
    enabled,
  });
}

export function useMyRemovalRequests(enabled: boolean) {
  return useQuery(myRemovalRequestsQueryOptions(enabled));
}
