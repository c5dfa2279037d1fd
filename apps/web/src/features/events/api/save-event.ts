/**
 * POST /api/events, PATCH /api/events/:id and DELETE /api/events/:id. Every events list
 * (nearby, per place, invitations, the map's today) is refreshed afterwards.
 */
import { type CreateEventInput, type Event, type UpdateEventInput } from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';
import { EVENTS_KEY } from './events-key.ts';

export async function createEvent(body: CreateEventInput): Promise<Event> {
  const result = await apiRequest('/api/events', {
    method: 'POST',
    body,
    lazySchema: checkedBy('eventResultSchema'),
  });
  return result.event;
}

export async function updateEvent(eventId: string, body: UpdateEventInput): Promise<Event> {
  const result = await apiRequest(`/api/events/${encodeURIComponent(eventId)}`, {
    method: 'PATCH',
    body,
    lazySchema: checkedBy('eventResultSchema'),
  });
  return result.event;
}

export async function deleteEvent(eventId: string): Promise<void> {
  await apiRequest(`/api/events/${encodeURIComponent(eventId)}`, { method: 'DELETE' });
}

function useRefreshEvents() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: EVENTS_KEY });
}

export function useCreateEvent() {
  const refresh = useRefreshEvents();
  return useMutation({ mutationFn: createEvent, onSuccess: refresh });
}

export function useUpdateEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: ({ eventId, body }: { eventId: string; body: UpdateEventInput }) =>
      updateEvent(eventId, body),
    onSuccess: refresh,
  });
}

export function useDeleteEvent() {
  const refresh = useRefreshEvents();
  return useMutation({ mutationFn: deleteEvent, onSuccess: refresh });
}
