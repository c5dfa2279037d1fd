/**
 * The person's position when they have already allowed location access; never asks. The
 * place page is often opened from a shared link, where a permission prompt would be rude.
 */
import { haversineKm, type LatLng } from '@playspot/core';
import { useEffect, useState } from 'react';
import {
  getCurrentPosition,
  isGeolocationSupported,
  queryLocationPermission,
} from '../../../platform/geolocation.ts';

export function useKnownPosition(): LatLng | null {
  const [position, setPosition] = useState<LatLng | null>(null);
  useEffect(() => {
    if (!isGeolocationSupported()) return;
    let cancelled = false;
    queryLocationPermission()
      .then(async (state) => {
        if (state !== 'granted') return;
        const reading = await getCurrentPosition();
        if (!cancelled) setPosition({ lat: reading.lat, lng: reading.lng });
      })
      // Distance is a nicety: without a position the page simply leaves it out.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return position;
}

/** km from the person to the place, or null when their position is unknown. */
export function distanceFrom(position: LatLng | null, place: { latitude: number; longitude: number }) {
  return position === null ? null : haversineKm(position, { lat: place.latitude, lng: place.longitude });
}
