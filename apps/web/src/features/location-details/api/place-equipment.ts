/**
 * A place's play equipment (issue 33): GET /api/locations/:id/equipment, and a parent's
 * answer "it's there" / "it's not" (PUT) or its withdrawal (DELETE).
 */
import {
  equipmentAnswerResultSchema,
  placeEquipmentListSchema,
  type EquipmentAnswerResult,
  type EquipmentKind,
  type PlaceEquipmentList,
} from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const equipmentPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/equipment`;

export function placeEquipmentQueryOptions(locationId: string) {
  return queryOptions({
    // Under 'locations': signing in or out refreshes it (the caller's own answers change).
    queryKey: ['locations', 'equipment', locationId],
    queryFn: ({ signal }): Promise<PlaceEquipmentList> =>
      apiRequest(equipmentPath(locationId), { schema: placeEquipmentListSchema, signal }),
  });
}

export function usePlaceEquipment(locationId: string) {
  return useQuery(placeEquipmentQueryOptions(locationId));
}

export function answerEquipment(
  locationId: string,
  kind: EquipmentKind,
  present: boolean | null,
): Promise<EquipmentAnswerResult> {
  return present === null
    ? apiRequest(`${equipmentPath(locationId)}/${kind}`, {
        method: 'DELETE',
        schema: equipmentAnswerResultSchema,
      })
    : apiRequest(`${equipmentPath(locationId)}/${kind}`, {
        method: 'PUT',
        body: { present },
        schema: equipmentAnswerResultSchema,
      });
}
