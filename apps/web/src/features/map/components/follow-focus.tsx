/**
 * Moves the map to where it should look (MapTarget) whenever that changes after the map was
 * made: a new device reading, a spot set by hand, a link's centre, a town chosen in the
 * search, another press of 'Show my
 * location' at the same spot, or, once the device refuses its position, back to the fallback
 * (where the map was left, or the default city), so the list measured from the map's centre
 * is never about where the person was before. The map is created at the target it had then
 * (its code may load after the position arrived), so that one needs no move.
 */
import { isFixedFocus } from '@playspot/core';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { MapTarget } from '../types.ts';
import { prefersReducedMotion } from '../utils/motion.ts';

/**
 * One text per distinct request, so the effect runs once for each. A press of 'Show my
 * location' with no position known moves nothing: the fallback is not the person.
 */
function requestKey(target: MapTarget): string {
  const spot = `${target.source}:${target.center.lat},${target.center.lng}`;
  return isFixedFocus(target.source) ? `${spot}#${target.recentreRequests}` : spot;
}

export function FollowFocus({ target }: { readonly target: MapTarget }) {
  const map = useMap();
  const key = requestKey(target);
  const shown = useRef(key);
  const { lat, lng } = target.center;
  const zoom = target.zoom;
  const source = target.source;
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    // A town is shown whole (its zoom), whatever street the map was looking at.
    const to = source === 'town' ? zoom : Math.max(map.getZoom(), zoom);
    if (prefersReducedMotion()) map.setView([lat, lng], to, { animate: false });
    else map.flyTo([lat, lng], to, { duration: 0.8 });
  }, [map, key, lat, lng, zoom, source]);
  return null;
}
