/**
 * The card of the place open on /MapView (?place=…): the listed summary at once, the full
 * place (description, tags) when it has loaded; a skeleton until either is known.
 */
import { distanceKm, type LatLng } from '@playspot/core';
import { lazy, useMemo, type ReactNode } from 'react';
import { usePlaceDetails } from '../../../lib/api/get-place.ts';
import type { NearbyEntry } from '../types.ts';
import type { DistanceOrigin } from '../utils/format-distance.ts';
import { summaryOfPlace } from '../utils/summary-of-place.ts';
import { PlaceCardSkeleton } from './place-card-skeleton.tsx';
import { SuspenseAfterHydration } from '../../../components/suspense-after-hydration.tsx';

/** The picked place's card: only after a tap, so not before the list. */
const PlaceCard = lazy(async () => ({ default: (await import('./place-card.tsx')).PlaceCard }));

interface OpenPlaceCardProps {
  readonly id: string;
  /** The place as the list shows it, when it is listed. */
  readonly listed: NearbyEntry | null;
  /** Where distances are measured from when the place is not listed. */
  readonly origin: LatLng;
  readonly distanceOrigin: DistanceOrigin;
  readonly onClose: () => void;
  readonly renderSaveButton: ((placeId: string) => ReactNode) | undefined;
  readonly renderConditions:
    ((place: { readonly id: string; readonly name: string }) => ReactNode) | undefined;
}

export function OpenPlaceCard({ id, listed, origin, distanceOrigin, onClose, ...props }: OpenPlaceCardProps) {
  // The card shows the listed summary at once; the full place (description, tags) follows,
  // and is then already loaded (and kept for offline use) when its page opens.
  const details = usePlaceDetails(id);
  const place = useMemo(
    () => listed?.place ?? (details.data ? summaryOfPlace(details.data) : null),
    [listed, details.data],
  );
  if (!place) return <PlaceCardSkeleton onClose={onClose} />;
  return (
    <SuspenseAfterHydration fallback={<PlaceCardSkeleton onClose={onClose} />}>
      <PlaceCard
        place={place}
        details={details.data}
        distanceOrigin={distanceOrigin}
        distanceKm={listed?.distanceKm ?? distanceKm(origin, place)}
        onClose={onClose}
        saveButton={props.renderSaveButton?.(place.id)}
        conditions={props.renderConditions?.(place)}
      />
    </SuspenseAfterHydration>
  );
}
