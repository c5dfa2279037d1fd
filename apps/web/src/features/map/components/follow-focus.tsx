/**
 * Moves the map to where it should look (MapTarget) whenever that changes after the map was
 * made: a new device reading, a spot set by hand, a link's centre, or another press of 'Show
 * my location' at the same spot. The map is created at the target it had then (it may load
 * after the position arrived), so that one needs no move. A fallback (where the map was left,
 * the default city) never pulls the map away: it only says where to open.
 */
import { isFixedFocus } from '@playspot/core';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { MapTarget } from '../types.ts';
import { prefersReducedMotion } from '../utils/motion.ts';

/** One text per distinct request, so an effect runs once for each. */
function requestKey(target: MapTarget): string {
  return `${target.source}:${target.center.lat},${target.center.lng}#${target.recentreRequests}`;
}

export function FollowFocus({ target }: { readonly target: MapTarget }) {
  const map = useMap();
  const key = requestKey(target);
  const shown = useRef(key);
  const fixed = isFixedFocus(target.source);
  const { lat, lng } = target.center;
  const zoom = target.zoom;
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    if (!fixed) return;
    const to = Math.max(map.getZoom(), zoom);
    if (prefersReducedMotion()) map.setView([lat, lng], to, { animate: false });
    else map.flyTo([lat, lng], to, { duration: 0.8 });
  }, [map, key, fixed, lat, lng, zoom]);
  return null;
}
