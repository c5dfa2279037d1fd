/** The places near the centre, nearest first, with loading, empty and error states. */
import type { LocationSummary } from '@playspot/core';
import { memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistanceOrigin } from '../utils/format-distance.ts';
import { ListEmpty, ListError, ListSkeleton } from './list-states.tsx';
import { NearbyListItem } from './nearby-list-item.tsx';

export interface NearbyEntry {
  readonly location: LocationSummary;
  readonly distanceKm: number | null;
}

interface NearbyListProps {
  readonly entries: readonly NearbyEntry[];
  readonly distanceOrigin: DistanceOrigin;
  readonly loading: boolean;
  readonly failed: boolean;
  readonly onRetry: () => void;
  /** Null when no filter is on (then the empty state offers no "clear"). */
  readonly onClearFilters: (() => void) | null;
  readonly onSelect: (id: string) => void;
}

/** Memoised: the map's every move re-renders the explorer, rarely the list. */
export const NearbyList = memo(function NearbyList({
  entries,
  distanceOrigin,
  loading,
  failed,
  onRetry,
  onClearFilters,
  onSelect,
}: NearbyListProps) {
  const { t } = useTranslation('map');
  if (loading) return <ListSkeleton />;
  if (failed && entries.length === 0)
    return (
      <Suspense fallback={null}>
        <ListError onRetry={onRetry} />
      </Suspense>
    );
  if (entries.length === 0)
    return (
      <Suspense fallback={null}>
        <ListEmpty onClearFilters={onClearFilters} />
      </Suspense>
    );
  return (
    <ul className="space-y-1 p-2" aria-label={t('list.label')}>
      {entries.map((entry) => (
        <NearbyListItem
          key={entry.location.id}
          location={entry.location}
          distanceKm={entry.distanceKm}
          distanceOrigin={distanceOrigin}
          onSelect={onSelect}
        />
      ))}
    </ul>
  );
});
