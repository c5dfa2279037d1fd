/** GET /api/me/removal-requests: the signed-in person's own requests and where each one stands. */
import { removalRequestSchema, type RemovalRequest } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseSchema } from '../../../lib/api-client.ts';

const removalRequestsSchema = removalRequestSchema.array();

/** `{ removalRequests }` (core has no list schema for this answer; the item schema is shared). */
export const myRemovalRequestsSchema: ResponseSchema<{ removalRequests: RemovalRequest[] }> = {
  parse: (data) => {
    const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    return { removalRequests: removalRequestsSchema.parse(body.removalRequests) };
  },
};

export async function getMyRemovalRequests(signal?: AbortSignal): Promise<RemovalRequest[]> {
  return (await apiRequest('/api/me/removal-requests', { schema: myRemovalRequestsSchema, signal }))
    .removalRequests;
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
