/**
 * A place's facts (issue 18): GET /api/locations/:id/facts (every fact anything is known of,
 * with the caller's own answers, and the public amenities nearby), and a parent's one-tap
 * answer (PUT) or its withdrawal (DELETE), each answering with the fact as the page now shows it.
 */
import {
  FACT_KEYS,
  type FactAnswerResult,
  type FactKey,
  type PlaceFact,
  type PlaceFacts,
} from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';
import { usePartReadAllowed } from '../../../lib/place-page-reading.ts';

const factsPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/facts`;

export function placeFactsQueryOptions(locationId: string) {
  return queryOptions({
    // Under 'locations': signing in or out refreshes it (the caller's own answers change).
    queryKey: ['locations', 'facts', locationId],
    queryFn: ({ signal }): Promise<PlaceFacts> =>
      // Drawn with the place page: unchecked, like the page's other first reads (api-client.ts).
      apiRequest<PlaceFacts>(factsPath(locationId), { unchecked: true, signal }),
  });
}

export function usePlaceFacts(locationId: string) {
  return useQuery({ ...placeFactsQueryOptions(locationId), enabled: usePartReadAllowed() });
}

export function answerFact(locationId: string, key: FactKey, value: string): Promise<FactAnswerResult> {
  return apiRequest(`${factsPath(locationId)}/${key}`, {
    method: 'PUT',
    body: { value },
    lazySchema: checkedBy('factAnswerResultSchema'),
  });
}

export function withdrawFactAnswer(locationId: string, key: FactKey): Promise<FactAnswerResult> {
  return apiRequest(`${factsPath(locationId)}/${key}`, {
    method: 'DELETE',
    lazySchema: checkedBy('factAnswerResultSchema'),
  });
}

/** The facts with one replaced by the server's answer (null: nothing known of it any more). */
export function withFact(facts: PlaceFacts, key: FactKey, fact: PlaceFact | null): PlaceFacts {
  const others = facts.facts.filter((item) => item.key !== key);
  const next = fact === null ? others : [...others, fact];
  // The vocabulary's order, as the server lists them.
  next.sort((a, b) => FACT_KEYS.indexOf(a.key) - FACT_KEYS.indexOf(b.key));
  return { ...facts, facts: next };
}
