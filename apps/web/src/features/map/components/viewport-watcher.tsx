/**
 * Reports what the map shows once it is ready and after every pan or zoom, debounced so a
 * fling across town asks the server once, when the map comes to rest.
 */
import type { LatLng } from '@playspot/core';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import type { MapViewport } from '../api/get-viewport-places.ts';
import { toMapViewport } from '../utils/viewport.ts';

export const VIEWPORT_DEBOUNCE_MS = 300;

interface ViewportWatcherProps {
  readonly onChange: (viewport: MapViewport, center: LatLng) => void;
}

function read(map: LeafletMap): { viewport: MapViewport; center: LatLng } {
  const bounds = map.getBounds();
  const center = map.getCenter();
  return {
    viewport: toMapViewport(
      { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
      map.getZoom(),
    ),
    center: { lat: center.lat, lng: center.lng },
  };
}

export function ViewportWatcher({ onChange }: ViewportWatcherProps) {
  const map = useMap();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const { viewport, center } = read(map);
    latestOnChange.current(viewport, center);
    return () => {
      if (timer.current !== null) clearTimeout(timer.current);
    };
  }, [map]);

  useMapEvents({
    moveend: () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const { viewport, center } = read(map);
        latestOnChange.current(viewport, center);
      }, VIEWPORT_DEBOUNCE_MS);
    },
  });
  return null;
}
