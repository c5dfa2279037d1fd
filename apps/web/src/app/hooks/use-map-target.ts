/**
 * The one "where am I" of /MapView (issue 28, part 4): a link's centre, the person's
 * position (device or set by hand, from the user-position store) or, without either, where
 * the map was left on this device or the default city (core chooseMapFocus). The map opens
 * there and the list measures from it, so both always show the same spot, however the parent
 * arrived. `recentre` ('Show my location') moves the map there again, even to the same spot.
 */
import { chooseMapFocus, type LatLng } from '@playspot/core';
import { useCallback, useMemo, useState } from 'react';
import type { MapTarget } from '../../features/map/types.ts';
import { readRememberedMapView } from '../../features/map/utils/remembered-view.ts';
import type { UserPosition } from '../../features/user-position/user-position.ts';

export function useMapTarget(
  link: LatLng | null,
  position: UserPosition | null,
): { readonly target: MapTarget; readonly recentre: () => void } {
  // Read once per visit to the map: it only says where to open when nothing better is known,
  // and the map remembers itself there again as the person moves it.
  const [rememberedView] = useState(readRememberedMapView);
  const [recentreRequests, setRecentreRequests] = useState(0);
  const recentre = useCallback(() => {
    setRecentreRequests((count) => count + 1);
  }, []);
  const linkLat = link?.lat;
  const linkLng = link?.lng;
  const lat = position?.lat;
  const lng = position?.lng;
  const source = position?.source;
  const target = useMemo<MapTarget>(
    () => ({
      ...chooseMapFocus({
        link: linkLat === undefined || linkLng === undefined ? null : { lat: linkLat, lng: linkLng },
        position:
          lat === undefined || lng === undefined || source === undefined ? null : { lat, lng, source },
        rememberedView,
      }),
      recentreRequests,
    }),
    [linkLat, linkLng, lat, lng, source, rememberedView, recentreRequests],
  );
  return { target, recentre };
}
