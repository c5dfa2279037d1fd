/**
 * Reporting and answering, each after logging the parent's visit with a fresh device reading
 * (the server needs a visit here in the last hour; the reading goes with the visit only). The
 * answer is the place's conditions as they now stand: the page shows it at once, and the
 * map's list refreshes (the place's visit count with it).
 */
import type { ConditionKind, Equipment, LatLng, PlaceConditions } from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { answerCondition, placeConditionsQueryOptions, reportCondition } from './conditions.ts';
import { logVisitHere } from './log-visit-here.ts';

/** A fresh device reading, or null when none could be had (the reader has said why). */
export type ReadPosition = () => Promise<(LatLng & { readonly accuracyM: number | null }) | null>;

/** Thrown when no reading came: the reader already told the person why. */
class NoReading extends Error {}

/** Logs the visit here with a fresh reading; throws NoReading when none came. */
async function visitHere(locationId: string, readPosition: ReadPosition): Promise<void> {
  const reading = await readPosition();
  if (reading === null) throw new NoReading();
  await logVisitHere(locationId, { lat: reading.lat, lng: reading.lng, accuracy: reading.accuracyM ?? 0 });
}

export function useConditionWrites(locationId: string, readPosition: ReadPosition) {
  const { t } = useTranslation('conditions');
  const queryClient = useQueryClient();
  const settle = (conditions: PlaceConditions) => {
    queryClient.setQueryData(placeConditionsQueryOptions(locationId).queryKey, conditions);
    // The list rows and the map card carry conditions in brief.
    void queryClient.invalidateQueries({ queryKey: ['locations'], refetchType: 'active' });
  };
  const onError = (error: unknown) => {
    if (!(error instanceof NoReading)) handleError(error);
  };
  const report = useMutation({
    mutationFn: async ({ kind, equipment }: { kind: ConditionKind; equipment?: Equipment }) => {
      await visitHere(locationId, readPosition);
      return reportCondition(locationId, { kind, ...(equipment === undefined ? {} : { equipment }) });
    },
    onSuccess: (conditions) => {
      settle(conditions);
      notifySuccess(t('thanksReported'));
    },
    onError,
  });
  const answer = useMutation({
    mutationFn: async ({ reportId, still }: { reportId: string; still: boolean }) => {
      await visitHere(locationId, readPosition);
      return answerCondition(locationId, reportId, { answer: still ? 'still' : 'gone' });
    },
    onSuccess: (conditions, { still }) => {
      settle(conditions);
      notifySuccess(still ? t('thanksStill') : t('thanksGone'));
    },
    onError,
  });
  return { report, answer };
}
