/**
 * The places near the centre, nearest first (core nearbySections), then a "further away"
 * section, with loading, empty and error states.
 */
import type { PlaceFilters } from '@playspot/core';
import { memo, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NearbyEntry } from '../types.ts';
import type { DistanceOrigin } from '../utils/format-distance.ts';
import { ListEmpty, ListError, ListSkeleton } from './list-states.tsx';
import { NearbyListItem } from './nearby-list-item.tsx';
import { SuspenseAfterHydration } from '../../../components/suspense-after-hydration.tsx';

interface NearbyListProps {
  readonly entries: readonly NearbyEntry[];
  /** Beyond the near radius, within reach: listed under "Further away". */
  readonly further: readonly NearbyEntry[];
  readonly distanceOrigin: DistanceOrigin;
  readonly loading: boolean;
  /** Whether the list's read is on its way (a waiting one shows a still skeleton). */
  readonly fetching: boolean;
  readonly failed: boolean;
  readonly onRetry: () => void;
  /** The filters that are on, named by the empty state. */
  readonly filters: PlaceFilters;
  /** Null when no filter is on (then the empty state offers no "clear"). */
  readonly onClearFilters: (() => void) | null;
  /** Offered by the empty state while the parent's position is unknown. */
  readonly onSearchTown: (() => void) | null;
  readonly onSelect: (id: string) => void;
  /** False when another notice already says why nothing is near (the far-away one). */
  readonly saysWhenEmpty?: boolean;
}

/**
 * Rows drawn in the first render: more than a desktop's list shows. The rest follow in slices
 * of this size, each when the browser is idle, so a list of 50 never holds the main thread in
 * one long task while the page is being taken over (issue 28).
 */
const SLICE = 10;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 500 });
    return () => {
      window.cancelIdleCallback(id);
    };
  }
  const id = window.setTimeout(run, 0);
  return () => {
    window.clearTimeout(id);
  };
}

/** How many of `total` rows to draw: a slice more each idle moment, until all are. */
function useRowsInSlices(total: number): number {
  const [shown, setShown] = useState(SLICE);
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => {
      startTransition(() => {
        setShown((current) => current + SLICE);
      });
    });
  }, [shown, total]);
  return shown;
}

/** Memoised: the map's every move re-renders the explorer, rarely the list. */
export const NearbyList = memo(function NearbyList({
  entries,
  further,
  distanceOrigin,
  loading,
  fetching,
  failed,
  onRetry,
  filters,
  onClearFilters,
  onSearchTown,
  onSelect,
  saysWhenEmpty = true,
}: NearbyListProps) {
  const { t } = useTranslation('map');
  const shown = useRowsInSlices(entries.length + further.length);
  if (loading) return <ListSkeleton fetching={fetching} />;
  if (failed && entries.length === 0)
    return (
      <SuspenseAfterHydration fallback={null}>
        <ListError onRetry={onRetry} />
      </SuspenseAfterHydration>
    );
  if (entries.length === 0 && further.length === 0)
    return !saysWhenEmpty ? null : (
      <SuspenseAfterHydration fallback={null}>
        <ListEmpty filters={filters} onClearFilters={onClearFilters} onSearchTown={onSearchTown} />
      </SuspenseAfterHydration>
    );
  const items = (list: readonly NearbyEntry[]) =>
    list.map((entry) => (
      <NearbyListItem
        key={entry.place.id}
        place={entry.place}
        distanceKm={entry.distanceKm}
        distanceOrigin={distanceOrigin}
        onSelect={onSelect}
      />
    ));
  const near = entries.slice(0, shown);
  const beyond = further.slice(0, Math.max(0, shown - entries.length));
  return (
    <>
      {entries.length > 0 && (
        <ul className="space-y-1 p-2" aria-label={t('list.label')}>
          {items(near)}
        </ul>
      )}
      {beyond.length > 0 && (
        <section aria-labelledby="further-away-title" data-testid="further-away">
          <h3
            id="further-away-title"
            className="mx-4 mt-3 border-t border-gray-100 pt-3 font-display text-base font-semibold text-gray-700"
          >
            {t('list.further')}
          </h3>
          <ul className="space-y-1 p-2" aria-label={t('list.furtherLabel')}>
            {items(beyond)}
          </ul>
        </section>
      )}
    </>
  );
});
