/**
 * What /MapView lists and draws: the nearby list around one centre (a fixed focus, else the
 * map's centre, held still while a card is open) and the markers in the map's viewport.
 */
import {
  focusIsThePerson,
  isFixedFocus,
  nearbySections,
  UNLIMITED_RADIUS,
  type LatLng,
  type PlaceFilters,
} from '@playspot/core';
import { useDeferredValue, useMemo } from 'react';
import { useNearbyPlaces } from '../api/get-nearby-places.ts';
import { useViewportPlaces, type MapViewport } from '../api/get-viewport-places.ts';
import type { MapTarget } from '../types.ts';
import {
  anyMarkerIn,
  markersApart,
  nearbyEntries,
  roundCenter,
  visibleMarkers,
} from '../utils/derive-results.ts';

interface MapResultsInput {
  readonly filters: PlaceFilters;
  readonly target: MapTarget;
  /** Where the map rests (where it will open, until it has drawn). */
  readonly mapCenter: LatLng;
  /** The list's centre while a card is open. */
  readonly heldCenter: LatLng | null;
  readonly viewport: MapViewport | null;
  readonly selectedId: string | null;
  /** Nothing is read yet: the centre is a placeholder the map leaves once the position comes. */
  readonly readsWait: boolean;
}

export function useMapResults({
  filters,
  target,
  mapCenter,
  heldCenter,
  viewport,
  selectedId,
  readsWait,
}: MapResultsInput) {
  // The list is about the same spot as the map: a link's centre or the person (where the map
  // goes too), else the map's own centre (held still while a card is open).
  const fixed = isFixedFocus(target.source);
  const centerLat = fixed ? target.center.lat : (heldCenter?.lat ?? mapCenter.lat);
  const centerLng = fixed ? target.center.lng : (heldCenter?.lng ?? mapCenter.lng);
  // Requests use the centre rounded to ~110 m, so small moves reuse the answer; distances are
  // measured from the exact point, so every screen shows the same one (core distanceKm).
  const origin = useMemo(() => ({ lat: centerLat, lng: centerLng }), [centerLat, centerLng]);
  const listCenter = useMemo(() => roundCenter(origin), [origin]);
  const nearby = useNearbyPlaces(listCenter, filters, !readsWait);
  const inView = useViewportPlaces(readsWait ? null : viewport, filters);

  // New answers reach the list and the markers through a background render that React
  // splits into short slices: 50 list items and up to 300 markers drawn in one go would
  // block a mid-range phone's main thread for hundreds of milliseconds.
  const listData = useDeferredValue(nearby.data);
  const viewData = useDeferredValue(inView.data);
  // Until the first answer has been drawn the list shows its skeleton, not "nothing here".
  const listLoading = nearby.isPending || (nearby.data !== undefined && listData === undefined);
  const allEntries = useMemo(
    () => nearbyEntries(listData?.items ?? [], filters, origin),
    [listData, filters, origin],
  );
  // Near means near (core nearbySections): the default radius, then "further away"; places
  // on another continent are never listed as near.
  const sections = useMemo(
    () => nearbySections(allEntries, filters.radiusKm),
    [allEntries, filters.radiusKm],
  );
  const viewZoom = viewport?.zoom ?? null;
  const markers = useMemo(() => {
    const shown = visibleMarkers(viewData, filters, listCenter);
    return viewZoom === null ? shown : markersApart(shown, viewZoom, selectedId);
  }, [viewData, filters, listCenter, viewZoom, selectedId]);

  // The map's note (loading, failed, or offline with nothing saved here): "shown" only when a
  // marker is drawn in view, as an offline answer may be a saved area elsewhere (issue 49).
  const { refetch: refetchInView } = inView;
  const box = viewport?.box ?? null;
  const shown = useMemo(() => anyMarkerIn(markers, box), [markers, box]);
  const markerState = useMemo(
    () => ({
      loading: inView.isFetching,
      failed: inView.isError,
      shown,
      retry: () => void refetchInView(),
    }),
    [inView.isFetching, inView.isError, shown, refetchInView],
  );

  const { radiusKm } = filters;
  const searchArea = useMemo(
    () => (radiusKm === UNLIMITED_RADIUS ? null : { center: listCenter, radiusKm }),
    [radiusKm, listCenter],
  );

  return {
    /** The list is around the person's position. */
    located: focusIsThePerson(target.source),
    origin,
    listCenter,
    nearby,
    inView,
    listData,
    listLoading,
    allEntries,
    sections,
    markers,
    markerState,
    searchArea,
  };
}
