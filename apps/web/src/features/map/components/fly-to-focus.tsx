/**
 * Moves the map to the person's position whenever it changes (a new reading or a spot set by
 * hand). Not to the position known when the map's opening view was chosen: the map opens
 * where the person last left it (or there), and a returning parent should find it as they
 * left it. A position that arrives later, even before this component mounts (the map's code
 * loads apart from the page), is a new reading and moves the map.
 */
import type { LatLng } from '@playspot/core';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { prefersReducedMotion } from '../utils/motion.ts';
import { FOCUS_ZOOM } from '../utils/remembered-view.ts';

export function FlyToFocus({
  focus,
  openedAt,
}: {
  readonly focus: LatLng | null;
  readonly openedAt: LatLng | null;
}) {
  const map = useMap();
  const lat = focus?.lat;
  const lng = focus?.lng;
  const skipped = useRef<{ lat?: number; lng?: number }>({ lat: openedAt?.lat, lng: openedAt?.lng });
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (skipped.current.lat === lat && skipped.current.lng === lng) return;
    skipped.current = {};
    const zoom = Math.max(map.getZoom(), FOCUS_ZOOM);
    if (prefersReducedMotion()) map.setView([lat, lng], zoom, { animate: false });
    else map.flyTo([lat, lng], zoom, { duration: 0.8 });
  }, [map, lat, lng]);
  return null;
}
