/**
 * A place's live conditions (issue 19): GET /api/locations/:id/conditions, a parent's report
 * (POST) and a "still true" / "not any more" answer (PUT), each taken only after a visit
 * logged at the place in the last hour (log-visit-here.ts).
 */
import {
  type ConditionAnswerRequest,
  type ConditionReportRequest,
  type PlaceConditions,
} from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';
import { usePartReadAllowed } from '../../../lib/place-page-reading.ts';

const conditionsPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/conditions`;

export function placeConditionsQueryOptions(locationId: string) {
  return queryOptions({
    // Under 'locations': signing in or out refreshes it (the caller's own answers change),
    // and so does anything that refreshes the map's list.
    queryKey: ['locations', 'conditions', locationId],
    queryFn: ({ signal }): Promise<PlaceConditions> =>
      // Drawn with the place page: unchecked, like the page's other first reads (api-client.ts).
      apiRequest<PlaceConditions>(conditionsPath(locationId), { unchecked: true, signal }),
    // "Right now" goes stale fast: refreshed whenever the page is looked at again.
    staleTime: 30_000,
  });
}

export function usePlaceConditions(locationId: string) {
  return useQuery({ ...placeConditionsQueryOptions(locationId), enabled: usePartReadAllowed() });
}

export function reportCondition(
  locationId: string,
  report: ConditionReportRequest,
): Promise<PlaceConditions> {
  return apiRequest(conditionsPath(locationId), {
    method: 'POST',
    body: report,
    lazySchema: checkedBy('placeConditionsSchema'),
  });
}

export function answerCondition(
  locationId: string,
  reportId: string,
  answer: ConditionAnswerRequest,
): Promise<PlaceConditions> {
  return apiRequest(`${conditionsPath(locationId)}/${encodeURIComponent(reportId)}`, {
    method: 'PUT',
    body: answer,
    lazySchema: checkedBy('placeConditionsSchema'),
  });
}
