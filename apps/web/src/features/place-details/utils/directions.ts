/**
 * 'Directions' opens the maps app the person already has: Apple Maps on iPhone and iPad,
 * the geo: intent (their chosen maps app) on Android, Google Maps in a desktop browser.
 */
import type { StorePlatform } from '../../../platform/device.ts';

export interface Destination {
  readonly latitude: number;
  readonly longitude: number;
  readonly name: string;
}

/** The platform's maps link to `destination`; null platform means a desktop browser. */
export function directionsUrl(destination: Destination, platform: StorePlatform | null): string {
  const point = `${destination.latitude},${destination.longitude}`;
  const name = encodeURIComponent(destination.name);
  if (platform === 'ios') return `https://maps.apple.com/?daddr=${point}&q=${name}`;
  if (platform === 'android') return `geo:${point}?q=${point}(${name})`;
  return `https://www.google.com/maps/dir/?api=1&destination=${point}`;
}

/** '-36.84846, 174.76334': five decimals are about a metre, enough to find a playground. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}
