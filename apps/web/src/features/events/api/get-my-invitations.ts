/** GET /api/me/invitations: private events the signed-in person is invited to. */
import { type Event } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';
import { EVENTS_KEY } from './events-key.ts';

export async function getMyInvitations(signal?: AbortSignal): Promise<Event[]> {
  const result = await apiRequest('/api/me/invitations', {
    lazySchema: checkedBy('eventListSchema'),
    signal,
  });
  return result.events;
}

export function myInvitationsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: [...EVENTS_KEY, 'invitations'],
    queryFn: ({ signal }) => getMyInvitations(signal),
    enabled,
  });
}

export function useMyInvitations(enabled: boolean) {
  return useQuery(myInvitationsQueryOptions(enabled));
}
