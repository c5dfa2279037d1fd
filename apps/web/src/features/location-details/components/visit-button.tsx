/**
 * 'I was here': logs a visit (spec §7, once an hour per person and place), updates the
 * count at once and records location_visited. A refused or failed visit says why in a toast.
 */
import type { Location } from '@playspot/core';
import { useMutation } from '@tanstack/react-query';
import { Footprints } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { logVisit } from '../api/location-actions.ts';
import { useLocationCache } from '../hooks/use-location-cache.ts';
import { useSignedInAction } from '../hooks/use-signed-in-action.ts';
import { timeAgo } from '../utils/relative-time.ts';

export function VisitSummary({ location }: { readonly location: Location }) {
  const { visitCount, lastVisitedAt } = location;
  return (
    <p className="text-base text-gray-700" data-testid="visit-summary">
      {visitCount === 0 ? (
        'No visits logged yet.'
      ) : (
        <>
          <strong className="text-ink">
            {visitCount} {visitCount === 1 ? 'visit' : 'visits'}
          </strong>
          {lastVisitedAt && <> · last one {timeAgo(lastVisitedAt)}</>}
        </>
      )}
    </p>
  );
}

export function VisitButton({ location }: { readonly location: Location }) {
  const cache = useLocationCache(location.id);
  const { whenSignedIn } = useSignedInAction();
  const visit = useMutation({
    mutationFn: () => logVisit(location.id),
    onSuccess: (result) => {
      cache.update((current) => ({
        ...current,
        visitCount: result.visitCount,
        lastVisitedAt: result.lastVisitedAt,
      }));
      analytics.track('location_visited', { location_id: location.id });
      notifySuccess('Thanks! Your visit is logged.');
    },
    onError: (error) => {
      handleError(error);
    },
  });
  return (
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
      {visit.isPending ? 'Logging your visit…' : 'I was here'}
    </button>
  );
}
