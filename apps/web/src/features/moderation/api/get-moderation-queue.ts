/** GET /api/moderation/removal-requests?status=…: the queue, with what a moderator needs to decide. */
import { moderationQueueSchema, type ModerationRequest, type RemovalRequestStatus } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const MODERATION_KEY = ['moderation'] as const;

export async function getModerationQueue(
  status: RemovalRequestStatus,
  signal?: AbortSignal,
): Promise<ModerationRequest[]> {
  const result = await apiRequest('/api/moderation/removal-requests', {
    query: { status },
    schema: moderationQueueSchema,
    signal,
  });
  return result.removalRequests;
}

export function moderationQueueQueryOptions(status: RemovalRequestStatus) {
  return queryOptions({
    queryKey: [...MODERATION_KEY, 'queue', status],
    queryFn: ({ signal }) => getModerationQueue(status, signal),
  });
}

export function useModerationQueue(status: RemovalRequestStatus) {
  return useQuery(moderationQueueQueryOptions(status));
}
