/**
 * 'I was here': logs a visit (spec §7, once an hour per person and place) with a fresh
 * device reading, which the server checks is at the place; updates the count at once and
 * records location_visited. Says 'You were here today' after the person's own visit. A
 * refused or failed visit says why in a toast (e.g. how far away the device is).
 */
import { ownVisitState, type LatLng, type Place } from '@playspot/core';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Footprints } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { deviceTimeZone } from '../../../platform/device.ts';
import { logVisit } from '../api/place-actions.ts';
import { usePlaceCache } from '../hooks/use-place-cache.ts';
import { useSignedInAction } from '../hooks/use-signed-in-action.ts';
import { daysAgo } from '../utils/relative-time.ts';
import { useTranslation } from 'react-i18next';
import { localNumber } from '../../../lib/i18n/format.ts';

export function VisitSummary({ place }: { readonly place: Place }) {
  const { t, i18n } = useTranslation('location-details');
  const { visitCount, lastVisitedAt } = place;
  // Visit days are the place's days, on every line (issue 32).
  const timeZone = place.timeZone ?? deviceTimeZone();
  return (
    <p className="text-base text-gray-700" data-testid="visit-summary">
      {visitCount === 0 ? (
        t('visits.none')
      ) : (
        <>
          <strong className="text-ink">
            {t('visits.count', { count: visitCount, shown: localNumber(visitCount, i18n.language) })}
          </strong>
          {lastVisitedAt && (
            <> · {t('visits.last', { when: daysAgo(lastVisitedAt, new Date(), i18n.language, timeZone) })}</>
          )}
        </>
      )}
    </p>
  );
}

/** A fresh device reading, or null when none could be had (the reader has said why). */
export type ReadPosition = () => Promise<(LatLng & { readonly accuracyM: number | null }) | null>;

/** Thrown when no reading came: the reader already told the person why. */
class NoReading extends Error {}

export function VisitButton({
  place,
  readPosition,
}: {
  readonly place: Place;
  readonly readPosition: ReadPosition;
}) {
  const { t } = useTranslation('location-details');
  const cache = usePlaceCache(place.id);
  const { whenSignedIn } = useSignedInAction();
  const now = useMinute();
  const state = ownVisitState(
    place.myLastVisitAt === null ? null : new Date(place.myLastVisitAt),
    now,
    place.timeZone ?? deviceTimeZone(),
  );
  const visit = useMutation({
    mutationFn: async () => {
      // The server checks the device is at the place; the reading is not kept.
      const reading = await readPosition();
      if (reading === null) throw new NoReading();
      return logVisit(place.id, { lat: reading.lat, lng: reading.lng, accuracy: reading.accuracyM ?? 0 });
    },
    onSuccess: (result) => {
      cache.update((current) => ({
        ...current,
        visitCount: result.visitCount,
        lastVisitedAt: result.lastVisitedAt,
        myLastVisitAt: result.lastVisitedAt,
      }));
      analytics.track('location_visited', { location_id: place.id });
      notifySuccess(t('visits.logged'));
    },
    onError: (error) => {
      if (!(error instanceof NoReading)) handleError(error);
    },
  });
  if (state === 'logged') {
    return (
      <p
        className="flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-park-100 px-5 py-2.5 text-base font-bold text-park-800"
        data-testid="visit-logged"
      >
        <CircleCheck aria-hidden="true" className="h-5 w-5" />
        {t('visits.today')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      {state === 'today' && (
        <p className="flex items-center gap-1.5 text-base font-bold text-park-800">
          <CircleCheck aria-hidden="true" className="h-5 w-5" />
          {t('visits.today')}
        </p>
      )}
      <button
        type="button"
        className={buttonClassName('primary', 'w-full')}
        disabled={visit.isPending}
        onClick={() => {
          whenSignedIn('location_visit', () => {
            visit.mutate();
          });
        }}
      >
        <Footprints aria-hidden="true" className="h-5 w-5" />
        {visit.isPending ? t('visits.checking') : state === 'today' ? t('visits.again') : t('visits.button')}
      </button>
    </div>
  );
}

/** The time, refreshed each minute, so "You were here today" gives way when the hour turns. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(new Date());
    }, 60_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}
