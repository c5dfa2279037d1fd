/**
 * Moves the map to the person's position whenever it changes (a new reading or a spot set by
 * hand). Not to the position known when the map opens: the map opens where the person last
 * left it (or there), and a returning parent should find it as they left it.
 */
import type { LatLng } from '@playspot/core';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { prefersReducedMotion } from '../utils/motion.ts';
import { FOCUS_ZOOM } from '../utils/remembered-view.ts';

export function FlyToFocus({ focus }: { readonly focus: LatLng | null }) {
  const map = useMap();
  const lat = focus?.lat;
  const lng = focus?.lng;
  const atOpening = useRef({ lat, lng });
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (atOpening.current.lat === lat && atOpening.current.lng === lng) return;
    atOpening.current = { lat: undefined, lng: undefined };
    const zoom = Math.max(map.getZoom(), FOCUS_ZOOM);
    if (prefersReducedMotion()) map.setView([lat, lng], zoom, { animate: false });
    else map.flyTo([lat, lng], zoom, { duration: 0.8 });
  }, [map, lat, lng]);
  return null;
}
