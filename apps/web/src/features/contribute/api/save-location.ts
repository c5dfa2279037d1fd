/** POST /api/locations and PATCH /api/locations/:id: add or change a place. */
import {
  locationWriteResultSchema,
  type CreateLocationInput,
  type LocationWriteResult,
  type UpdateLocationInput,
} from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function createLocation(body: CreateLocationInput): Promise<LocationWriteResult> {
  return apiRequest('/api/locations', { method: 'POST', body, schema: locationWriteResultSchema });
}

export function updateLocation(locationId: string, body: UpdateLocationInput): Promise<LocationWriteResult> {
  return apiRequest(`/api/locations/${encodeURIComponent(locationId)}`, {
    method: 'PATCH',
    body,
    schema: locationWriteResultSchema,
  });
}

/** Adds (no id) or changes (an id) a place; the map, lists and profile refetch afterwards. */
export function useSaveLocation(locationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLocationInput) =>
      locationId === null ? createLocation(body) : updateLocation(locationId, body),
    onSuccess: (result) => {
      queryClient.setQueryData(['locations', 'one', result.location.id], result.location);
      void queryClient.invalidateQueries({ queryKey: ['locations'] });
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
