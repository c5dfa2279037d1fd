/**
 * A parent's one-tap answer to a fact (issue 18): tapping an answer sends it, tapping your
 * current answer again takes it back. Not optimistic, but the server's answer (the fact as the
 * page now shows it) goes straight into the cache, so the row changes without a refetch. One
 * request per fact at a time; a failure is kept per fact for the row to show inline.
 */
import type { FactKey, PlaceFacts } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { celebratePoints } from '../../../components/celebrate-points.tsx';
import { answerFact, placeFactsQueryOptions, withdrawFactAnswer, withFact } from '../api/place-facts.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { apiErrorMessage } from '../../../lib/handle-error.ts';

export interface FactAnswerError {
  readonly key: FactKey;
  readonly message: string;
}

export function factErrorMessage(error: unknown): string {
  if (error instanceof ApiError)
    return error.status === 429 ? i18n.t('location-details:factWords.slowDown') : apiErrorMessage(error);
  return i18n.t('location-details:factWords.notSaved');
}

export function useFactAnswer(locationId: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<FactKey>>(new Set());
  const [error, setError] = useState<FactAnswerError | null>(null);
  /** What a screen reader hears after an answer is saved (the row may move as it does). */
  const [status, setStatus] = useState('');
  // A ref, not state: two taps in the same frame must both see the first one in flight.
  const inFlight = useRef(new Set<FactKey>());

  const mark = useCallback((key: FactKey, on: boolean) => {
    if (on) inFlight.current.add(key);
    else inFlight.current.delete(key);
    setPending(new Set(inFlight.current));
  }, []);

  const answer = useCallback(
    async (key: FactKey, value: string, myAnswer: string | null) => {
      if (inFlight.current.has(key)) return;
      mark(key, true);
      setError(null);
      setStatus('');
      try {
        const result =
          myAnswer === value
            ? await withdrawFactAnswer(locationId, key)
            : await answerFact(locationId, key, value);
        queryClient.setQueryData<PlaceFacts>(placeFactsQueryOptions(locationId).queryKey, (facts) =>
          facts ? withFact(facts, key, result.fact) : facts,
        );
        setStatus(
          myAnswer === value
            ? i18n.t('location-details:factWords.takenBack')
            : i18n.t('location-details:factWords.saved'),
        );
        // A first answer earns points (withdrawing takes them back): the toast and the header's count.
        celebratePoints(result, queryClient);
        // The map's list rows and markers show some facts: read them afresh when next shown.
        void queryClient.invalidateQueries({ queryKey: ['locations', 'nearby'], refetchType: 'none' });
        void queryClient.invalidateQueries({ queryKey: ['locations', 'viewport'], refetchType: 'none' });
      } catch (caught) {
        console.error(caught);
        setError({ key, message: factErrorMessage(caught) });
      } finally {
        mark(key, false);
      }
    },
    [locationId, mark, queryClient],
  );

  return { answer, pending, error, status };
}
