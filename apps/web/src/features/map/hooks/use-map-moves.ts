/**
 * How the map moves when a place is chosen on /MapView: from a marker, the list, "Right now"
 * or the search. Each opened place is brought into view (above the sheet on a phone) and its
 * card opens. A town chosen in the search is a map target of its own (app/hooks/use-map-target.ts).
 */
import type { LatLng } from '@playspot/core';
import type { LatLngExpression, Map as LeafletMap } from 'leaflet';
import { useCallback, useMemo } from 'react';
import { placeLatLng } from '../../../lib/lat-lng.ts';
import type { MapSearchSlot, NearbyEntry } from '../types.ts';
import type { VisibleMarkers } from '../utils/derive-results.ts';
import { prefersReducedMotion } from '../utils/motion.ts';
import { revealPlace, sheetCoversMap } from '../utils/reveal-place.ts';
import type { OpenedFrom } from './use-open-place.ts';

/** A place chosen in the search is shown at street level at least. */
const SEARCH_RESULT_ZOOM = 16;

interface MapMovesInput {
  readonly map: LeafletMap | null;
  readonly points: VisibleMarkers['points'];
  readonly allEntries: readonly NearbyEntry[];
  /** Opens a place's card (useOpenPlace's select, told the list's centre). */
  readonly select: (id: string, source: OpenedFrom) => void;
}

export function useMapMoves({ map, points, allEntries, select }: MapMovesInput) {
  // Stable callbacks, so the list and the map re-render only when what they show changes.
  const selectFromMap = useCallback(
    (id: string) => {
      const picked = points.find((candidate) => candidate.id === id);
      // On a desktop the marker stays where it was tapped; on a phone the sheet would hide it.
      if (map && picked && sheetCoversMap()) revealPlace(map, placeLatLng(picked));
      select(id, 'map_marker');
    },
    [map, points, select],
  );
  const selectFromList = useCallback(
    (id: string) => {
      const entry = allEntries.find((candidate) => candidate.place.id === id);
      if (map && entry) revealPlace(map, entry.place);
      select(id, 'list');
    },
    [map, allEntries, select],
  );
  // "Right now" shows a place the way the list does: the map goes there and its card opens.
  const showFromRightNow = useCallback(
    (place: LatLng & { readonly id: string }) => {
      if (map) revealPlace(map, place);
      select(place.id, 'list');
    },
    [map, select],
  );
  const chooseSearchResult = useCallback<MapSearchSlot['onChoose']>(
    (place) => {
      if (map) {
        const zoom = Math.max(map.getZoom(), SEARCH_RESULT_ZOOM);
        let target: LatLngExpression = placeLatLng(place);
        // On phones the half-open sheet covers the lower half: aim a quarter down instead.
        if (sheetCoversMap()) {
          target = map.unproject(map.project(target, zoom).add([0, map.getSize().y * 0.25]), zoom);
        }
        if (prefersReducedMotion()) map.setView(target, zoom);
        else map.flyTo(target, zoom, { duration: 0.6 });
      }
      select(place.id, 'search');
    },
    [map, select],
  );
  const search = useMemo(() => ({ onChoose: chooseSearchResult }), [chooseSearchResult]);
  return { selectFromMap, selectFromList, showFromRightNow, chooseSearchResult, search };
}
