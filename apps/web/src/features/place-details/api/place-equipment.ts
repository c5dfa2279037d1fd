/**
 * A place's play equipment (issue 33): GET /api/locations/:id/equipment, and a parent's
 * answer "it's there" / "it's not" (PUT) or its withdrawal (DELETE).
 */
import { type EquipmentAnswerResult, type EquipmentKind, type PlaceEquipmentList } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';
import { usePartReadAllowed } from '../../../lib/place-page-reading.ts';

const equipmentPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/equipment`;

export function placeEquipmentQueryOptions(locationId: string) {
  return queryOptions({
    // Under 'locations': signing in or out refreshes it (the caller's own answers change).
    queryKey: ['locations', 'equipment', locationId],
    queryFn: ({ signal }): Promise<PlaceEquipmentList> =>
      // Drawn with the place page: unchecked, like the page's other first reads (api-client.ts).
      apiRequest<PlaceEquipmentList>(equipmentPath(locationId), { unchecked: true, signal }),
  });
}

export function usePlaceEquipment(locationId: string) {
  return useQuery({ ...placeEquipmentQueryOptions(locationId), enabled: usePartReadAllowed() });
}

export function answerEquipment(
  locationId: string,
  kind: EquipmentKind,
  present: boolean | null,
): Promise<EquipmentAnswerResult> {
  return present === null
    ? apiRequest(`${equipmentPath(locationId)}/${kind}`, {
        method: 'DELETE',
        lazySchema: checkedBy('equipmentAnswerResultSchema'),
      })
    : apiRequest(`${equipmentPath(locationId)}/${kind}`, {
        method: 'PUT',
        body: { present },
        lazySchema: checkedBy('equipmentAnswerResultSchema'),
      });
}
