/** Moves the map to the person's position whenever it changes (a new reading or a spot set by hand). */
import type { LatLng } from '@playspot/core';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { prefersReducedMotion } from '../utils/motion.ts';

/** Close enough to see the playgrounds around the block. */
export const FOCUS_ZOOM = 15;

export function FlyToFocus({ focus }: { readonly focus: LatLng | null }) {
  const map = useMap();
  const lat = focus?.lat;
  const lng = focus?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    const zoom = Math.max(map.getZoom(), FOCUS_ZOOM);
    if (prefersReducedMotion()) map.setView([lat, lng], zoom, { animate: false });
    else map.flyTo([lat, lng], zoom, { duration: 0.8 });
  }, [map, lat, lng]);
  return null;
}
