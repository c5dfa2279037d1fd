/**
 * The one "where am I" of /MapView (issue 28, part 4): a link's centre, a town chosen in the
 * search (issue 45), the person's position (device or set by hand, from the user-position
 * store) or, without either, where
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
  town: LatLng | null = null,
): { readonly target: MapTarget; readonly recentre: () => void } {
  // Read once per visit to the map: it only says where to open when nothing better is known,
  // and the map remembers itself there again as the person moves it. Read again when a town
  // is let go without a position: the map stays where the parent is looking, rather than
  // flying back to where it opened.
  const [rememberedView, setRememberedView] = useState(readRememberedMapView);
  const [hadTown, setHadTown] = useState(town !== null);
  if (hadTown !== (town !== null)) {
    setHadTown(town !== null);
    if (town === null) setRememberedView(readRememberedMapView());
  }
  const [recentreRequests, setRecentreRequests] = useState(0);
  const recentre = useCallback(() => {
    setRecentreRequests((count) => count + 1);
  }, []);
  const linkLat = link?.lat;
  const linkLng = link?.lng;
  const lat = position?.lat;
  const lng = position?.lng;
  const source = position?.source;
  const townLat = town?.lat;
  const townLng = town?.lng;
  const target = useMemo<MapTarget>(
    () => ({
      ...chooseMapFocus({
        link: linkLat === undefined || linkLng === undefined ? null : { lat: linkLat, lng: linkLng },
        town: townLat === undefined || townLng === undefined ? null : { lat: townLat, lng: townLng },
        position:
          lat === undefined || lng === undefined || source === undefined ? null : { lat, lng, source },
        rememberedView,
      }),
      recentreRequests,
    }),
    [linkLat, linkLng, townLat, townLng, lat, lng, source, rememberedView, recentreRequests],
  );
  return { target, recentre };
}
