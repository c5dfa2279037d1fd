/** POST /api/locations and PATCH /api/locations/:id: add or change a place. */
import {
  placeWriteResultSchema,
  type CreatePlaceInput,
  type PlaceWriteResult,
  type UpdatePlaceInput,
} from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function createPlace(body: CreatePlaceInput): Promise<PlaceWriteResult> {
  return apiRequest('/api/locations', { method: 'POST', body, schema: placeWriteResultSchema });
}

export function updatePlace(locationId: string, body: UpdatePlaceInput): Promise<PlaceWriteResult> {
  return apiRequest(`/api/locations/${encodeURIComponent(locationId)}`, {
    method: 'PATCH',
    body,
    schema: placeWriteResultSchema,
  });
}

/** Adds (no id) or changes (an id) a place; the map, lists and profile refetch afterwards. */
export function useSavePlace(locationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlaceInput) =>
      locationId === null ? createPlace(body) : updatePlace(locationId, body),
    onSuccess: (result) => {
      queryClient.setQueryData(['locations', 'one', result.location.id], result.location);
      void queryClient.invalidateQueries({ queryKey: ['locations'] });
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
